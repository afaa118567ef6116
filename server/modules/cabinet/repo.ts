import { eq, type SQL, sql } from 'drizzle-orm';
import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import type { VisitMark } from '../../../core/cabinet/reception';
import { toRoubles } from '../../../core/club/rules';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';

/** A clinic account's clinic, or a doctor account's doctor. */
export type CabinetAccount = { clinicId: number } | { doctorId: number };

/** Whose visits: a clinic's (optionally one of its doctors'), or a doctor's in every clinic. */
export type ReceptionOwner = { clinicId: number; doctorId: number | null } | { doctorId: number };

const doctorName = sql`trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, ''))`;

/** A visit as the reception list shows it: a is the appointment, t its clinic's town. */
const visitSelect = sql`
  SELECT a.id, lower(a.during) AS "startsAt", upper(a.during) AS "endsAt", t.tz,
         a.status, a.visit_type AS "visitType",
         a.patient_name AS "patientName", a.patient_phone AS "patientPhone",
         a.doctor_id AS "doctorId", CASE WHEN d.id IS NULL THEN NULL ELSE ${doctorName} END AS "doctorName",
         cs.name AS service, c.name AS "clinicName", a.price, a.prepaid_amount AS "prepaidKopecks",
         a.canceled_by AS "canceledBy", a.cancel_reason AS "cancelReason", a.clinic_id AS "clinicId"
  FROM appointments a
  JOIN clinics c ON c.id = a.clinic_id
  JOIN towns t ON t.id = c.town_id
  LEFT JOIN doctors d ON d.id = a.doctor_id
  LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id`;

interface VisitRow extends Omit<ReceptionVisit, 'doctor' | 'prepaid'> {
  clinicId: number;
  doctorId: number | null;
  doctorName: string | null;
  prepaidKopecks: number | null;
}

const visitOf = ({
  clinicId: _,
  doctorId,
  doctorName: name,
  prepaidKopecks,
  ...row
}: VisitRow): ReceptionVisit => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
  endsAt: new Date(row.endsAt).toISOString(),
  doctor: doctorId === null || name === null ? null : { id: doctorId, name },
  prepaid: prepaidKopecks === null ? null : toRoubles(prepaidKopecks),
});

/** The account's own visits only: a clinic's, or a doctor's in any clinic. */
function ownedBy(owner: ReceptionOwner | CabinetAccount): SQL {
  if (!('clinicId' in owner)) return sql`a.doctor_id = ${owner.doctorId}`;
  if (!('doctorId' in owner) || owner.doctorId === null) return sql`a.clinic_id = ${owner.clinicId}`;
  return sql`a.clinic_id = ${owner.clinicId} AND a.doctor_id = ${owner.doctorId}`;
}

export type CabinetRepo = ReturnType<typeof createCabinetRepo>;

/** SQL of the cabinet: the reception list. Holds (a form still being filled) are not visits. */
export function createCabinetRepo(db: Db) {
  return {
    /** The zone the account's 'today' is in: its clinic's town, or the doctor's. */
    async homeZone(owner: CabinetAccount): Promise<string | null> {
      const result =
        'clinicId' in owner
          ? await db.execute(sql`
              SELECT t.tz FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${owner.clinicId}`)
          : await db.execute(sql`
              SELECT t.tz FROM doctors d JOIN towns t ON t.id = d.town_id WHERE d.id = ${owner.doctorId}`);
      return (result.rows[0] as { tz: string } | undefined)?.tz ?? null;
    },

    /** A clinic's doctors (its workplaces), by name. */
    async clinicDoctors(clinicId: number): Promise<{ id: number; name: string }[]> {
      const result = await db.execute(sql`
        SELECT id, name FROM (
          SELECT DISTINCT d.id, ${doctorName} AS name
          FROM workplaces w JOIN doctors d ON d.id = w.doctor_id
          WHERE w.clinic_id = ${clinicId}
        ) ours
        ORDER BY name COLLATE "und-x-icu", id`);
      return result.rows as unknown as { id: number; name: string }[];
    },

    /**
     * Visits starting from the first day's midnight to the midnight `days` later, each day in
     * the zone of the visit's clinic, soonest first.
     */
    async visits(owner: ReceptionOwner, first: string, days: number): Promise<ReceptionVisit[]> {
      const result = await db.execute(sql`
        ${visitSelect}
        WHERE ${ownedBy(owner)} AND a.status <> 'held'
          AND lower(a.during) >= (${first}::date::timestamp AT TIME ZONE t.tz)
          AND lower(a.during) < ((${first}::date + ${days}::int)::timestamp AT TIME ZONE t.tz)
        ORDER BY lower(a.during), a.id
        LIMIT 2000`);
      return (result.rows as unknown as VisitRow[]).map(visitOf);
    },

    /** One of the account's visits (and its clinic), locked for a change until the transaction ends. */
    async visitForUpdate(
      tx: DbTx,
      owner: CabinetAccount,
      id: number,
    ): Promise<{ visit: ReceptionVisit; clinicId: number } | null> {
      const result = await tx.execute(sql`
        ${visitSelect}
        WHERE a.id = ${id} AND ${ownedBy(owner)} AND a.status <> 'held'
        FOR UPDATE OF a`);
      const row = result.rows[0] as unknown as VisitRow | undefined;
      return row ? { visit: visitOf(row), clinicId: row.clinicId } : null;
    },

    async mark(tx: DbTx, id: number, status: Exclude<VisitMark, 'canceled'>, at: Date): Promise<void> {
      await tx.update(appointments).set({ status, markedAt: at }).where(eq(appointments.id, id));
    },

    async cancel(tx: DbTx, id: number, reason: string, at: Date): Promise<void> {
      await tx
        .update(appointments)
        .set({ status: 'canceled', canceledAt: at, canceledBy: 'clinic', cancelReason: reason })
        .where(eq(appointments.id, id));
    },
  };
}
