import { sql } from 'drizzle-orm';
import type { KeptHomeAddress } from '../../../core/booking/home-visit';
import type { Db, DbTx } from '../../db/client';

/** A clinic's home-visit settings and what placing an address needs of it and its town. */
export interface ClinicHomeArea {
  clinicId: number;
  townId: number;
  townName: string;
  lat: number;
  lon: number;
  radiusKm: number | null;
  districtIds: number[];
  windowMinutes: number | null;
}

/** SQL of home visits: the clinic's area, the town's districts, a visit's address. */
export function createHomeVisitsRepo(db: Db) {
  return {
    async clinicHomeArea(clinicId: number): Promise<ClinicHomeArea | null> {
      const result = await db.execute(sql`
        SELECT c.id AS "clinicId", c.town_id AS "townId", t.name AS "townName", c.lat, c.lon,
               c.home_radius_km AS "radiusKm", c.home_district_ids AS "districtIds",
               c.home_window_minutes AS "windowMinutes"
          FROM clinics c JOIN towns t ON t.id = c.town_id
         WHERE c.id = ${clinicId}::int`);
      const row = result.rows[0] as unknown as ClinicHomeArea | undefined;
      return row
        ? { ...row, lat: Number(row.lat), lon: Number(row.lon), districtIds: row.districtIds ?? [] }
        : null;
    },

    /** The town's districts, by name as Russians sort them. */
    async townDistricts(townId: number): Promise<{ id: number; name: string }[]> {
      const result = await db.execute(sql`
        SELECT id, name FROM districts WHERE town_id = ${townId}::int ORDER BY name COLLATE "und-x-icu", id`);
      return result.rows as unknown as { id: number; name: string }[];
    },

    /** Writes the address on the visit the booking just made, in its transaction. */
    async keepHomeAddress(
      tx: DbTx,
      appointmentId: number,
      address: KeptHomeAddress,
      windowMinutes: number | null,
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE appointments SET home_address = ${JSON.stringify(address)}::jsonb,
               home_window_minutes = ${windowMinutes}::smallint
         WHERE id = ${appointmentId}::int`);
    },

    /** A visit's address and window; null for a visit that has none. */
    async homePlace(
      appointmentId: number,
    ): Promise<{ address: KeptHomeAddress; windowMinutes: number | null } | null> {
      const result = await db.execute(sql`
        SELECT home_address AS address, home_window_minutes AS "windowMinutes"
          FROM appointments WHERE id = ${appointmentId}::int AND home_address IS NOT NULL`);
      return (
        (result.rows[0] as unknown as
          | { address: KeptHomeAddress; windowMinutes: number | null }
          | undefined) ?? null
      );
    },

    /** The address of the patient's latest home visit in the town, to offer again. */
    async lastHomeAddress(userId: number, townId: number): Promise<KeptHomeAddress | null> {
      const result = await db.execute(sql`
        SELECT a.home_address AS address
          FROM appointments a JOIN clinics c ON c.id = a.clinic_id
         WHERE a.user_id = ${userId}::int AND a.home_address IS NOT NULL AND c.town_id = ${townId}::int
           AND a.status <> 'held'
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT 1`);
      return (result.rows[0] as unknown as { address: KeptHomeAddress } | undefined)?.address ?? null;
    },
  };
}

export type HomeVisitsRepo = ReturnType<typeof createHomeVisitsRepo>;
