import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';

/** SQL of the clinic's home-visit settings (home-visits.ts). */
export interface HomeSettingsRow {
  radius_km: number | null;
  district_ids: number[];
  window_minutes: number | null;
  town_id: number;
}

export const readHomeSettings = async (
  db: Db | DbTx,
  clinicId: number,
  lock: boolean,
): Promise<HomeSettingsRow | null> => {
  const result = await db.execute(sql`
    SELECT home_radius_km AS radius_km, home_district_ids AS district_ids,
           home_window_minutes AS window_minutes, town_id
      FROM clinics WHERE id = ${clinicId}::int ${lock ? sql`FOR UPDATE` : sql``}`);
  return (result.rows[0] as unknown as HomeSettingsRow | undefined) ?? null;
};

export const districtsOf = async (db: Db | DbTx, townId: number) =>
  (
    await db.execute(sql`
      SELECT id, name FROM districts WHERE town_id = ${townId}::int ORDER BY name COLLATE "und-x-icu", id`)
  ).rows as unknown as { id: number; name: string }[];

export async function writeHomeSettings(
  tx: DbTx,
  clinicId: number,
  s: { radius_km: number | null; district_ids: number[]; window_minutes: number | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE clinics SET home_radius_km = ${s.radius_km}::smallint,
           home_district_ids = ${`{${s.district_ids.join(',')}}`}::integer[],
           home_window_minutes = ${s.window_minutes}::smallint
     WHERE id = ${clinicId}::int`);
}
