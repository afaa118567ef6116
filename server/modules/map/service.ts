import { haversineKm } from '../../../core/geo/distance';
import type { Address, MapTown, RouteBody, RouteList } from '../../../core/map/contracts';
import { centroid, convexHull, type LonLat } from '../../../core/map/geometry';
import {
  externalRouteLinks,
  isTooFarFromClinic,
  MAP_TEXTS,
  ROUTE_SEARCH_RADIUS_M,
} from '../../../core/map/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, DomainError, notFound } from '../../http/errors';
import type { PlaceSearch } from '../../providers/maps/dev-maps';
import type { MapsProvider } from '../../providers/maps/maps-provider';
import { ProviderError } from '../../providers/provider-error';
import { searchPlaces } from './places-repo';
import { readMapTown } from './repo';

/** Town maps change when clinics do: a few minutes stale is fine. */
const TOWN_TTL_MS = 5 * 60_000;

/** '55.75, 37.62' typed or pasted: a point taken as is. */
const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,; ]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

export function parseCoordinates(text: string): Address | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { title: `${lat}, ${lon}`, subtitle: 'Координаты', lat, lon };
}

/** The words of a typed address, lowercased with ё as е: 'Тверская ул., 7' → ['тверская', 'ул', '7']. */
export function addressWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** Our own places (the dev geocoder's knowledge). */
export const ownPlaces =
  (db: Db): PlaceSearch =>
  (text, area, limit) =>
    searchPlaces(db, { words: addressWords(text), near: area.near, limit });

export function createMapService({ db, clock, maps }: { db: Db; clock: Clock; maps: MapsProvider }) {
  const towns = new Map<string, { at: number; value: MapTown }>();

  async function town(slug: string): Promise<MapTown> {
    const cached = towns.get(slug);
    if (cached && clock.now().getTime() - cached.at < TOWN_TTL_MS) return cached.value;
    const rows = await readMapTown(db, slug);
    if (!rows) throw notFound('Город не найден');
    const points = (list: { lat: number; lon: number }[]) => list.map((c): LonLat => [c.lon, c.lat]);
    const metro = rows.metro.flatMap((station) => {
      const own = rows.clinics.filter((c) => c.metroId === station.id);
      if (own.length === 0) return [];
      const [lon, lat] = centroid(points(own));
      return [{ name: station.name, lat, lon }];
    });
    const value: MapTown = {
      town: { name: rows.town.name, lat: rows.town.lat, lon: rows.town.lon },
      area: convexHull(points(rows.clinics)),
      metro,
      clinics: rows.clinics.map(({ metroId: _, ...clinic }) => clinic),
      provider: maps.name,
    };
    if (towns.size > 100) towns.clear();
    towns.set(slug, { at: clock.now().getTime(), value });
    return value;
  }

  const areaOf = async (slug: string) => {
    const t = await town(slug);
    return { near: { lat: t.town.lat, lon: t.town.lon }, radiusM: ROUTE_SEARCH_RADIUS_M };
  };

  /** A provider that does not answer is a 503 with the product's text, never a 500. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError)
        throw new DomainError('maps_unavailable', 'Карта сейчас не отвечает. Попробуйте ещё раз.', 503);
      throw error;
    }
  };

  return {
    town,
    async suggest(slug: string, text: string, limit: number): Promise<Address[]> {
      const point = parseCoordinates(text);
      if (point) return [point];
      const area = await areaOf(slug);
      return guarded(() => maps.suggest(text, area, limit));
    },
    async geocode(slug: string, text: string): Promise<Address> {
      const found =
        parseCoordinates(text) ?? (await guarded(async () => maps.geocode(text, await areaOf(slug))));
      if (!found) throw new DomainError('address_not_found', MAP_TEXTS.notFound, 404);
      return found;
    },
    async route({ from, to, mode }: RouteBody): Promise<RouteList> {
      if (isTooFarFromClinic(from, to)) throw badRequest(MAP_TEXTS.tooFar, { code_detail: 'too_far' });
      const routes = haversineKm(from, to) < 0.01 ? [] : await guarded(() => maps.route(from, to, mode));
      return { routes, links: externalRouteLinks(from, to, mode) };
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
