import type { MapPoint, Route } from '../../../core/map/contracts';
import { isRecord, requestProviderJson } from '../http';
import { ProviderError } from '../provider-error';

/**
 * Car routes from an OSRM server (`/route/v1/driving/lon,lat;lon,lat`): up to three
 * alternatives along real streets, drawn from their GeoJSON geometry. 'NoRoute' is no routes.
 */
export function createOsrmCarRoutes({ baseUrl }: { baseUrl: string }) {
  const base = baseUrl.replace(/\/$/, '');
  return async (from: MapPoint, to: MapPoint): Promise<Route[]> => {
    const coords = `${from.lon},${from.lat};${to.lon},${to.lat}`;
    let body: unknown;
    try {
      body = await requestProviderJson({
        provider: 'osrm',
        method: 'GET',
        url: `${base}/route/v1/driving/${coords}?overview=full&geometries=geojson&alternatives=true&steps=false`,
        secrets: [],
      });
    } catch (error) {
      // OSRM says 'no road between these points' as a 400 with code NoRoute.
      if (error instanceof ProviderError && /NoRoute|Impossible route/.test(error.message)) return [];
      throw error;
    }
    if (!isRecord(body)) throw new ProviderError('osrm', 'unexpected answer', { retryable: false });
    if (body.code === 'NoRoute') return [];
    if (body.code !== 'Ok' || !Array.isArray(body.routes))
      throw new ProviderError('osrm', `answered ${String(body.code)}`, { retryable: false });
    return body.routes.filter(isRecord).map((route) => ({
      mode: 'car' as const,
      distanceM: Math.round(Number(route.distance) || 0),
      durationS: Math.round(Number(route.duration) || 0),
      approximate: false,
      line: lineOf(isRecord(route.geometry) ? route.geometry.coordinates : undefined),
      steps: [],
    }));
  };
}

function lineOf(coordinates: unknown): [number, number][] {
  if (!Array.isArray(coordinates)) return [];
  return coordinates
    .filter(
      (c): c is [number, number] => Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number',
    )
    .map(([lon, lat]) => [lon, lat]);
}
