import { haversineKm } from '../../../core/geo/distance';
import type { MapPoint, Route, RouteMode } from '../../../core/map/contracts';

/** Streets wind: a trip is about this much longer than the straight line. */
const DETOUR = 1.3;
/** Town traffic, km/h, and the wait at the first stop, for the estimate. */
const CAR_KMH = 25;
const TRANSIT_KMH = 18;
const TRANSIT_WAIT_S = 10 * 60;

/**
 * A route we can honestly give without a routing service: the straight line, with a distance
 * and time estimated from it and `approximate` set. 10 km straight → 13 km, 31 min by car.
 */
export function straightLineRoute(from: MapPoint, to: MapPoint, mode: RouteMode): Route {
  const km = haversineKm(from, to) * DETOUR;
  const hours = km / (mode === 'car' ? CAR_KMH : TRANSIT_KMH);
  return {
    mode,
    distanceM: Math.round(km * 1000),
    durationS: Math.round(hours * 3600 + (mode === 'transit' ? TRANSIT_WAIT_S : 0)),
    approximate: true,
    line: [
      [from.lon, from.lat],
      [to.lon, to.lat],
    ],
    steps: [],
  };
}
