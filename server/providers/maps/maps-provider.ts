import type { Address, MapPoint, Route, RouteMode } from '../../../core/map/contracts';

/** Where to look: the town's centre (or the clinic) and how far around it. */
export interface SearchArea {
  near: MapPoint;
  radiusM: number;
}

/**
 * Geocoding, suggestions and routes for the clinic map. Adapters: `dev` (our own places,
 * straight-line routes marked approximate), `yandex` (Geocoder, Suggest, Router) and OSRM for
 * car routes. Failures are ProviderError; an address nobody knows is an empty answer.
 */
export interface MapsProvider {
  name: string;
  suggest(text: string, area: SearchArea, limit: number): Promise<Address[]>;
  geocode(text: string, area: SearchArea): Promise<Address | null>;
  route(from: MapPoint, to: MapPoint, mode: RouteMode): Promise<Route[]>;
}
