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
  /**
   * The point of one house ('Тверская улица', '7' in Москва), only when the provider knows that
   * very house: a street's or a town's middle is null, never a guess (a home visit's service
   * area is measured from it; ADR 042).
   */
  locateHouse(house: HouseQuery, area: SearchArea): Promise<MapPoint | null>;
}

/** A house to place: the town's name, the street and the house number as the patient typed them. */
export interface HouseQuery {
  town: string;
  street: string;
  house: string;
}
