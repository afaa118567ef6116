import { eq, type SQL, sql } from 'drizzle-orm';
import { visitAddressOf } from '../../../core/booking/home-address';
import type { KeptHomeAddress } from '../../../core/booking/home-visit';
import type { CabinetCallback, DayOff, ReceptionVisit } from '../../../core/cabinet/contracts';
import type { VisitMark } from '../../../core/cabinet/reception';
import { toRoubles } from '../../../core/club/rules';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { cabinetAudit } from '../../db/schema/cabinet';

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
         a.canceled_by AS "canceledBy", a.cancel_reason AS "cancelReason", a.clinic_id AS "clinicId",
         a.confirmed_at IS NOT NULL AS confirmed,
         a.home_address AS "homeAddress", a.home_window_minutes AS "homeWindowMinutes"
  FROM appointments a
  JOIN clinics c ON c.id = a.clinic_id
  JOIN towns t ON t.id = c.town_id
  LEFT JOIN doctors d ON d.id = a.doctor_id
  LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id`;

interface VisitRow extends Omit<ReceptionVisit, 'doctor' | 'prepaid' | 'home'> {
  clinicId: number;
  homeAddress: KeptHomeAddress | null;
  homeWindowMinutes: number | null;
  doctorId: number | null;
  doctorName: string | null;
  prepaidKopecks: number | null;
}

const visitOf = ({
  clinicId: _,
  doctorId,
  doctorName: name,
  prepaidKopecks,
  homeAddress,
  homeWindowMinutes,
  ...row
}: VisitRow): ReceptionVisit => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
  endsAt: new Date(row.endsAt).toISOString(),
  doctor: doctorId === null || name === null ? null : { id: doctorId, name },
  prepaid: prepaidKopecks === null ? null : toRoubles(prepaidKopecks),
  home: homeAddress ? { address: visitAddressOf(homeAddress), windowMinutes: homeWindowMinutes } : null,
});

/** The account's own visits only: a clinic's, or a doctor's in any clinic. */
function ownedBy(owner: ReceptionOwner | CabinetAccount): SQL {
  if (!('clinicId' in owner)) return sql`a.doctor_id = ${owner.doctorId}`;
  if (!('doctorId' in owner) || owner.doctorId === null) return sql`a.clinic_id = ${owner.clinicId}`;
  return sql`a.clinic_id = ${owner.clinicId} AND a.doctor_id = ${owner.doctorId}`;
}

/** A list for `IN (…)`: every value its own parameter, on both engines. */
const listOf = (values: readonly (number | string)[], cast: SQL) =>
  sql.join(
    values.map((v) => sql`${v}${cast}`),
    sql`, `,
  );

/** The workplaces a day off closes: the clinic's place of one doctor, or every place of the doctor. */
export type DayOffScope = { clinicId: number; doctorId: number } | { doctorId: number };

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

    /** One line of the cabinet's audit log, in the change's own transaction. */
    async audit(
      tx: DbTx,
      entry: {
        userId: number;
        action: string;
        targetType: string;
        targetId: number;
        before: unknown;
        after: unknown;
        at: Date;
      },
    ): Promise<void> {
      await tx.insert(cabinetAudit).values(entry);
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

    /**
     * The scope's workplaces, locked until the transaction ends. A booking's insert takes the
     * foreign key's share lock on its workplace row, so bookings and a day off of the same place
     * wait for each other, and whichever comes second sees the first.
     */
    async lockWorkplaces(tx: DbTx, scope: DayOffScope): Promise<number[]> {
      const where =
        'clinicId' in scope
          ? sql`w.clinic_id = ${scope.clinicId} AND w.doctor_id = ${scope.doctorId}`
          : sql`w.doctor_id = ${scope.doctorId}`;
      const result = await tx.execute(
        sql`SELECT w.id FROM workplaces w WHERE ${where} ORDER BY w.id FOR UPDATE`,
      );
      return (result.rows as { id: number }[]).map((r) => r.id);
    },

    /** Visits booked at these workplaces on these days (each in its clinic's zone). */
    async visitsOnDays(tx: DbTx, workplaceIds: number[], days: string[]) {
      const result = await tx.execute(sql`
        ${visitSelect}
        WHERE a.workplace_id IN (${listOf(workplaceIds, sql`::int`)}) AND a.status = 'active'
          AND (lower(a.during) AT TIME ZONE t.tz)::date IN (${listOf(days, sql`::date`)})
        ORDER BY lower(a.during), a.id
        FOR UPDATE OF a`);
      return (result.rows as unknown as VisitRow[]).map((row) => ({
        visit: visitOf(row),
        clinicId: row.clinicId,
      }));
    },

    /** These visits as the reception list shows them (and their clinics), soonest first. */
    async visitsByIds(tx: DbTx, ids: number[]): Promise<{ visit: ReceptionVisit; clinicId: number }[]> {
      if (ids.length === 0) return [];
      const result = await tx.execute(sql`
        ${visitSelect}
        WHERE a.id IN (${listOf(ids, sql`::int`)})
        ORDER BY lower(a.during), a.id`);
      return (result.rows as unknown as VisitRow[]).map((row) => ({
        visit: visitOf(row),
        clinicId: row.clinicId,
      }));
    },

    /** Lets go of times held on these days (a form being filled, a coupon being paid). */
    async dropHoldsOnDays(tx: DbTx, workplaceIds: number[], days: string[]): Promise<void> {
      await tx.execute(sql`
        DELETE FROM appointments a USING clinics c, towns t
        WHERE c.id = a.clinic_id AND t.id = c.town_id AND a.status = 'held'
          AND a.workplace_id IN (${listOf(workplaceIds, sql`::int`)})
          AND (lower(a.during) AT TIME ZONE t.tz)::date IN (${listOf(days, sql`::date`)})`);
    },

    /** Whole days off at these workplaces; a day already off is left as it is. The number added. */
    async addDaysOff(tx: DbTx, workplaceIds: number[], days: string[]): Promise<number> {
      const result = await tx.execute(sql`
        INSERT INTO schedule_exceptions (workplace_id, date, kind)
        SELECT w.id, d.day, 'off'
        FROM (VALUES ${sql.join(
          workplaceIds.map((id) => sql`(${id}::int)`),
          sql`, `,
        )}) AS w(id)
        CROSS JOIN (VALUES ${sql.join(
          days.map((day) => sql`(${day}::date)`),
          sql`, `,
        )}) AS d(day)
        WHERE NOT EXISTS (
          SELECT 1 FROM schedule_exceptions e
          WHERE e.workplace_id = w.id AND e.date = d.day AND e.kind = 'off' AND e.start_time IS NULL)
        RETURNING id`);
      return result.rows.length;
    },

    /** Upcoming whole days off of the account's workplaces (a clinic's: optionally one doctor's). */
    async daysOff(owner: ReceptionOwner, from: string): Promise<DayOff[]> {
      const where = !('clinicId' in owner)
        ? sql`w.doctor_id = ${owner.doctorId}`
        : owner.doctorId === null
          ? sql`w.clinic_id = ${owner.clinicId}`
          : sql`w.clinic_id = ${owner.clinicId} AND w.doctor_id = ${owner.doctorId}`;
      const result = await db.execute(sql`
        SELECT e.id, e.date::text AS date, d.id AS "doctorId", ${doctorName} AS "doctorName", c.name AS "clinicName"
        FROM schedule_exceptions e
        JOIN workplaces w ON w.id = e.workplace_id
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        WHERE ${where} AND e.kind = 'off' AND e.start_time IS NULL AND e.date >= ${from}::date
        ORDER BY e.date, "doctorName", e.id
        LIMIT 1000`);
      return (
        result.rows as {
          id: number;
          date: string;
          doctorId: number;
          doctorName: string;
          clinicName: string;
        }[]
      ).map((r) => ({
        id: r.id,
        date: r.date,
        doctor: { id: r.doctorId, name: r.doctorName },
        clinicName: r.clinicName,
      }));
    },

    /** Opens a day again: only the account's own whole day off. The day removed, or null. */
    async removeDayOff(
      tx: DbTx,
      account: CabinetAccount,
      id: number,
    ): Promise<{ workplaceId: number; date: string } | null> {
      const owned =
        'clinicId' in account
          ? sql`w.clinic_id = ${account.clinicId}`
          : sql`w.doctor_id = ${account.doctorId}`;
      const result = await tx.execute(sql`
        DELETE FROM schedule_exceptions e USING workplaces w
        WHERE e.id = ${id} AND w.id = e.workplace_id AND ${owned} AND e.kind = 'off' AND e.start_time IS NULL
        RETURNING e.workplace_id AS "workplaceId", e.date::text AS date`);
      return (result.rows[0] as { workplaceId: number; date: string } | undefined) ?? null;
    },

    /**
     * The account's callback requests: open ones soonest day first, or answered and withdrawn
     * ones newest first (the last 200).
     */
    async callbacks(account: CabinetAccount, open: boolean, id?: number): Promise<CabinetCallback[]> {
      const owned =
        'clinicId' in account
          ? sql`r.clinic_id = ${account.clinicId}`
          : sql`r.doctor_id = ${account.doctorId}`;
      const which =
        id !== undefined ? sql`r.id = ${id}` : open ? sql`r.status = 'new'` : sql`r.status <> 'new'`;
      const order = open ? sql`r.date, r.created_at, r.id` : sql`r.created_at DESC, r.id DESC`;
      const result = await db.execute(sql`
        SELECT r.id, r.status, r.phone, r.date::text AS date, r.times, r.created_at AS "createdAt",
               nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS "patientName",
               d.id AS "doctorId", ${doctorName} AS "doctorName", c.name AS "clinicName"
        FROM callback_requests r
        JOIN users u ON u.id = r.user_id
        JOIN doctors d ON d.id = r.doctor_id
        JOIN clinics c ON c.id = r.clinic_id
        WHERE ${owned} AND ${which}
        ORDER BY ${order}
        LIMIT 200`);
      return (
        result.rows as (Omit<CabinetCallback, 'doctor' | 'createdAt'> & {
          createdAt: string | Date;
          doctorId: number;
          doctorName: string;
        })[]
      ).map(({ doctorId, doctorName: name, createdAt, ...r }) => ({
        ...r,
        createdAt: new Date(createdAt).toISOString(),
        doctor: { id: doctorId, name },
      }));
    },

    /** Answers one of the account's open requests; false when it is not open (or not the account's). */
    async answerCallback(tx: DbTx, account: CabinetAccount, id: number, status: string): Promise<boolean> {
      const owned =
        'clinicId' in account ? sql`clinic_id = ${account.clinicId}` : sql`doctor_id = ${account.doctorId}`;
      const result = await tx.execute(sql`
        UPDATE callback_requests SET status = ${status}
        WHERE id = ${id} AND ${owned} AND status = 'new'
        RETURNING id`);
      return result.rows.length > 0;
    },
  };
}
