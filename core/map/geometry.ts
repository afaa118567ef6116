/** [lon, lat] pairs, as GeoJSON and MapLibre take them. */
export type LonLat = [number, number];

/**
 * The convex hull of points (Andrew's monotone chain), counter-clockwise and closed (first
 * point repeated); empty with fewer than three distinct points. The square's corners plus its
 * centre give the four corners.
 */
export function convexHull(points: readonly LonLat[]): LonLat[] {
  const sorted = [...new Map(points.map((p) => [`${p[0]},${p[1]}`, p])).values()].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  );
  if (sorted.length < 3) return [];
  const cross = (o: LonLat, a: LonLat, b: LonLat) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: LonLat[]) => {
    const out: LonLat[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  const hull = [...half(sorted), ...half([...sorted].reverse())];
  if (hull.length < 3) return [];
  return [...hull, hull[0]];
}

/** The middle of points (their mean): where a metro station is, as its clinics tell. */
export function centroid(points: readonly LonLat[]): LonLat {
  const sum = points.reduce<LonLat>((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}
