export interface Point {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_LAT = 111.32;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. Moscow Kremlin → Novosibirsk ≈ 2 810 km. */
export function haversineKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box holding every point within `radiusKm` of the centre: a cheap
 * prefilter before the exact distance. A degree of longitude shrinks with cos(latitude).
 */
export function boundingBox(centre: Point, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const dLon = radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos(rad(centre.lat))));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLon: centre.lon - dLon,
    maxLon: centre.lon + dLon,
  };
}

/**
 * ?lat=&lon= from a URL, rounded to 4 decimals (≈10 m: enough for 'nearby', and it keeps
 * one URL per spot); null when either is missing or out of range.
 */
export function parsePoint(search: URLSearchParams): Point | null {
  const read = (key: string, limit: number) => {
    const raw = search.get(key);
    if (!raw || !/^-?\d{1,3}(\.\d{1,12})?$/.test(raw)) return null;
    const value = Number(raw);
    return Math.abs(value) <= limit ? Math.round(value * 10_000) / 10_000 : null;
  };
  const lat = read('lat', 90);
  const lon = read('lon', 180);
  return lat === null || lon === null ? null : { lat, lon };
}

/** '350 м', '1,2 км', '12 км'. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} м`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toLocaleString('ru-RU')} км`;
  return `${Math.round(km)} км`;
}
