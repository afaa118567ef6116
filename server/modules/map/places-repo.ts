import { sql } from 'drizzle-orm';
import type { Address } from '../../../core/map/contracts';
import type { Db } from '../../db/client';

/**
 * Our own places for the offline geocoder: clinic addresses ('Тверская, 7') and metro stations
 * (placed at the middle of their clinics, since we keep no station coordinates), nearest first.
 * Every word typed must occur in the address (ё read as е).
 */
export async function searchPlaces(
  db: Db,
  { words, near, limit }: { words: string[]; near: { lat: number; lon: number }; limit: number },
): Promise<Address[]> {
  if (words.length === 0) return [];
  const like = (column: ReturnType<typeof sql>) =>
    sql.join(
      words.map((w) => sql`replace(lower(${column}), 'ё', 'е') LIKE ${`%${w.replace(/[%_\\]/g, '\\$&')}%`}`),
      sql` AND `,
    );
  const distance = sql`((lat - ${near.lat}) ^ 2 + ((lon - ${near.lon}) * cos(radians(${near.lat}))) ^ 2)`;
  const result = await db.execute(sql`
    SELECT title, subtitle, lat, lon FROM (
      SELECT c.street || ', ' || c.house AS title, t.name AS subtitle, c.lat, c.lon
        FROM clinics c JOIN towns t ON t.id = c.town_id
       WHERE ${like(sql`c.street || ' ' || c.house`)}
      UNION ALL
      SELECT 'м. ' || m.name AS title, t.name AS subtitle, avg(c.lat) AS lat, avg(c.lon) AS lon
        FROM metro_stations m JOIN towns t ON t.id = m.town_id JOIN clinics c ON c.metro_id = m.id
       WHERE ${like(sql`'м. ' || m.name`)}
       GROUP BY m.id, m.name, t.name
    ) places
    ORDER BY ${distance}, title
    LIMIT ${limit * 4}`);
  const seen = new Set<string>();
  const places: Address[] = [];
  for (const row of result.rows as Record<string, unknown>[]) {
    const place = {
      title: String(row.title),
      subtitle: String(row.subtitle),
      lat: Number(row.lat),
      lon: Number(row.lon),
    };
    const key = `${place.title}|${place.subtitle}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(place);
    if (places.length === limit) break;
  }
  return places;
}
