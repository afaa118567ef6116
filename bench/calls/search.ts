/**
 * Bench input: ~50 realistic header search suggestion calls (GET /ajax/search/) in Moscow on
 * the large set — specialities, services and treatments as typed (word forms, typos, prefixes),
 * plain words and complaints ('зубной врач', 'болит спина'),
 * surnames of the most reviewed doctors (2 and 4 letters, whole, with a first-name initial),
 * clinic brand names (whole and begun), and queries that find nothing.
 */
import { sql } from 'drizzle-orm';
import { normaliseSearchQuery } from '../../core/search/query';
import type { Db } from '../../server/db/client';

const TOWN = 'moskva';

const CATALOGUE = [
  'кардиолог',
  'кордиолог',
  'кардиологи',
  'терап',
  'терапевт',
  'узи',
  'узи почек',
  'мрт',
  'стоматолог',
  'стаматолог',
  'гинеколог',
  'невролог',
  'педиатр',
  'лор',
  'гипертония',
  'лечение гастрита',
  'приём',
  'анализ крови',
  'массаж',
  'окулист',
  // Plain words (core/search/lay-words.ts): a lay name, complaints, a child, an urgent one.
  'зубной врач',
  'болит спина',
  'у ребенка температура',
  'давит в груди',
];

const NOTHING = ['щщ', 'zzzz', 'абвгдеж'];

export async function searchCallPaths(db: Db): Promise<string[]> {
  const { rows: doctors } = await db.execute<{ last_name: string; first_name: string }>(sql`
    SELECT last_name, first_name FROM doctors
     WHERE town_id = (SELECT id FROM towns WHERE slug = ${TOWN})
     ORDER BY reviews_count DESC, id LIMIT 4`);
  const { rows: clinics } = await db.execute<{ brand: string }>(sql`
    SELECT DISTINCT substring(name from '«([^»]+)»') AS brand FROM clinics
     WHERE town_id = (SELECT id FROM towns WHERE slug = ${TOWN}) AND name LIKE '%«%»%'
     ORDER BY brand LIMIT 5`);
  if (doctors.length === 0 || clinics.length === 0)
    throw new Error(`No doctors or clinics in '${TOWN}': seed the large set first`);
  const surnames = doctors.flatMap((d) => [
    d.last_name.slice(0, 2),
    d.last_name.slice(0, 4),
    d.last_name,
    `${d.last_name} ${d.first_name.slice(0, 1)}`,
  ]);
  const brands = clinics.flatMap((c) => [c.brand, c.brand.slice(0, 4)]);
  return [...CATALOGUE, ...surnames, ...brands, ...NOTHING].map(
    (q) => `/ajax/search/?q=${encodeURIComponent(normaliseSearchQuery(q))}&town=${TOWN}`,
  );
}
