import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An online visit as its room needs it: who is in it, when, and the names the page shows. */
export interface RoomVisitRow {
  id: number;
  visitType: string;
  status: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  userId: number | null;
  doctorId: number | null;
  patientName: string;
  patientPhone: string;
  doctorName: string | null;
  specialities: string[];
  clinicName: string;
  /** The clinic's zone: the page tells times on its clock, as the visit page does. */
  tz: string;
}

export function createOnlineRoomRepo(db: Db) {
  return {
    async visit(id: number): Promise<RoomVisitRow | null> {
      const result = await db.execute(sql`
        SELECT a.id, a.visit_type AS "visitType", a.status,
               lower(a.during) AS "startsAt", upper(a.during) AS "endsAt",
               a.user_id AS "userId", a.doctor_id AS "doctorId",
               a.patient_name AS "patientName", a.patient_phone AS "patientPhone",
               trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS "doctorName",
               coalesce((SELECT array_agg(s.name ORDER BY ds.is_main DESC, s.name)
                         FROM doctor_specialities ds JOIN specialities s ON s.id = ds.speciality_id
                         WHERE ds.doctor_id = d.id), '{}') AS specialities,
               c.name AS "clinicName", t.tz
        FROM appointments a
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        LEFT JOIN doctors d ON d.id = a.doctor_id
        WHERE a.id = ${id}`);
      const row = result.rows[0] as unknown as RoomVisitRow | undefined;
      if (!row) return null;
      return {
        ...row,
        startsAt: new Date(row.startsAt).toISOString(),
        endsAt: new Date(row.endsAt).toISOString(),
      };
    },
  };
}
