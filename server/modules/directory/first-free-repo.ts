import { sql } from 'drizzle-orm';
import type { FirstFreeVisitType } from '../../../core/directory/list-filters';
import type { Db } from '../../db/client';

/** A row of doctor_first_free whose time has come, with the version it was read at. */
export interface DueRow {
  doctorId: number;
  visitType: FirstFreeVisitType;
  version: number;
}

export type WorkplaceRow = {
  doctorId: number;
  clinicId: number;
  tz: string;
  open: boolean;
  minNoticeMinutes: number;
  horizonDays: number;
};

/** A recomputed row: ISO instants, 'infinity' for a row only a write can change. */
export interface WrittenRow {
  doctorId: number;
  version: number;
  at: string | null;
  clinicId: number | null;
  tz: string | null;
  validUntil: string;
}

const intArray = (ids: number[]) => `{${ids.join(',')}}`;
const textArray = (xs: (string | number | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : `"${String(x)}"`)).join(',')}}`;

/** SQL of the first free times (ADR 046; the table's triggers are in migration 0053). */
export function createFirstFreeRepo(db: Db) {
  return {
    /** Rows stale or past their valid_until, the oldest first. */
    async due(limit: number, now: Date, visitType?: FirstFreeVisitType): Promise<DueRow[]> {
      const only = visitType ? sql`AND visit_type = ${visitType}` : sql``;
      const { rows } = await db.execute<{
        doctorId: number;
        visitType: FirstFreeVisitType;
        version: string;
      }>(sql`
        SELECT doctor_id AS "doctorId", visit_type AS "visitType", version FROM doctor_first_free
        WHERE valid_until <= ${now.toISOString()}::timestamptz ${only}
        ORDER BY valid_until, doctor_id LIMIT ${limit}`);
      return rows.map((r) => ({
        doctorId: Number(r.doctorId),
        visitType: r.visitType,
        version: Number(r.version),
      }));
    },

    /** The doctors' workplaces with what the first free time depends on beyond the slots. */
    async workplacesOf(doctorIds: number[]): Promise<WorkplaceRow[]> {
      const { rows } = await db.execute<WorkplaceRow>(sql`
        SELECT w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", t.tz,
               (w.is_appointment_on AND c.is_appointment_on) AS open,
               c.min_notice_minutes AS "minNoticeMinutes", c.booking_horizon_days AS "horizonDays"
        FROM workplaces w JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
        WHERE w.doctor_id = ANY(${intArray(doctorIds)}::int[])
        ORDER BY w.doctor_id, w.sort, w.clinic_id`);
      return rows.map((r) => ({
        ...r,
        doctorId: Number(r.doctorId),
        clinicId: Number(r.clinicId),
        minNoticeMinutes: Number(r.minNoticeMinutes),
        horizonDays: Number(r.horizonDays),
      }));
    },

    /** The first live hold's expiry per doctor: it frees its time without a write. */
    async holdExpiries(doctorIds: number[], now: Date): Promise<Map<number, Date>> {
      const { rows } = await db.execute<{ doctorId: number; at: string }>(sql`
        SELECT doctor_id AS "doctorId", min(hold_expires_at) AS at FROM appointments
        WHERE doctor_id = ANY(${intArray(doctorIds)}::int[]) AND status = 'held'
          AND hold_expires_at > ${now.toISOString()}::timestamptz
        GROUP BY doctor_id`);
      return new Map(rows.map((r) => [Number(r.doctorId), new Date(r.at)]));
    },

    /** Writes recomputed rows whose version did not move meanwhile; how many were written. */
    async write(visitType: FirstFreeVisitType, list: WrittenRow[]): Promise<number> {
      const result = await db.execute(sql`
        UPDATE doctor_first_free f SET first_free_at = v.at, clinic_id = v.clinic_id, tz = v.tz,
               valid_until = v.valid_until
        FROM unnest(${intArray(list.map((r) => r.doctorId))}::int[], ${textArray(list.map((r) => r.version))}::bigint[],
                    ${textArray(list.map((r) => r.at))}::timestamptz[], ${textArray(list.map((r) => r.clinicId))}::int[],
                    ${textArray(list.map((r) => r.tz))}::text[], ${textArray(list.map((r) => r.validUntil))}::timestamptz[])
             AS v(doctor_id, version, at, clinic_id, tz, valid_until)
        WHERE f.doctor_id = v.doctor_id AND f.visit_type = ${visitType} AND f.version = v.version`);
      return result.rowCount ?? 0;
    },

    /** The still-valid first free times of these doctors (the cards' line). */
    async validOf(doctorIds: number[], visitType: FirstFreeVisitType, now: Date) {
      if (!doctorIds.length) return new Map<number, { at: Date; tz: string; clinicId: number | null }>();
      const { rows } = await db.execute<{
        doctorId: number;
        at: string;
        tz: string;
        clinicId: number | null;
      }>(sql`
        SELECT doctor_id AS "doctorId", first_free_at AS at, tz, clinic_id AS "clinicId" FROM doctor_first_free
        WHERE doctor_id = ANY(${intArray(doctorIds)}::int[]) AND visit_type = ${visitType}
          AND first_free_at IS NOT NULL AND valid_until > ${now.toISOString()}::timestamptz`);
      return new Map(
        rows.map((r) => [
          Number(r.doctorId),
          { at: new Date(r.at), tz: r.tz, clinicId: r.clinicId === null ? null : Number(r.clinicId) },
        ]),
      );
    },
  };
}
