import { and, eq, sql } from 'drizzle-orm';
import type { Appointment } from '../../../core/booking/contracts';
import type { KeptHomeAddress } from '../../../core/booking/home-visit';
import type { Db, DbTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { appointments, callbackRequests } from '../../db/schema/booking';
import { createCapsRepo } from './caps-repo';
import { createHoldsRepo } from './holds-repo';
import { createHomeVisitsRepo } from './home-visits-repo';
import { createBookingTargetsRepo } from './targets-repo';

/**
 * The time is not free: an appointment or a hold of the doctor (or of the doctor-less service
 * line) overlaps it, or this press's request_key has booked already. Thrown by the inserts below
 * when theirs found such a row; it rolls the caller's transaction back.
 *
 * The inserts say ON CONFLICT DO NOTHING rather than let the exclusion constraint raise 23P01: a
 * plain insert checks an exclusion constraint only after placing its own row, so two inserts of
 * one time at the same instant each wait for the other's transaction, a deadlock PostgreSQL sees
 * only after deadlock_timeout (1 s). Many patients pressing one time then queued a second each;
 * in a test of 60 at once, one round took 55 s. ON CONFLICT checks before placing the row and
 * waits only for a rival's insert, not for its transaction's end (ADR 029).
 */
export class TimeTaken extends Error {
  constructor() {
    super('the time is taken');
  }
}

export interface NewAppointment {
  /** A doctor's visit has its workplace; a service its price-list line (and its doctor, if any). */
  workplaceId: number | null;
  clinicServiceId: number | null;
  doctorId: number | null;
  clinicId: number;
  userId: number | null;
  visitType: 'clinic' | 'home' | 'telemed';
  startsAt: Date;
  endsAt: Date;
  patientName: string;
  patientPhone: string;
  patientBirthDate: string | null;
  source: string | null;
  price: number | null;
  requestKey: string | null;
  cancelToken: string | null;
  /** Set for a hold (status 'held'), unset for an appointment. */
  holdExpiresAt?: Date;
  /** An appointment's booking time: its reminders later than it are sent (unset for a hold). */
  remindFrom?: Date;
}

const appointmentColumns = sql`
  a.id, a.doctor_id AS "doctorId", a.clinic_id AS "clinicId", a.workplace_id AS "workplaceId",
  a.clinic_service_id AS "clinicServiceId",
  a.visit_type AS "visitType", lower(a.during) AS "startsAt", upper(a.during) AS "endsAt",
  a.status, a.patient_name AS "patientName", a.patient_phone AS "patientPhone", a.price,
  a.prepaid_amount / 100 AS prepaid, a.cancel_token AS "cancelToken", a.user_id AS "userId",
  CASE WHEN a.canceled_by = 'clinic' THEN a.cancel_reason END AS "clinicCancelReason", a.sequence,
  a.confirmed_at AS "confirmedAt", a.confirmed_by AS "confirmedBy",
  (SELECT c.cancel_cutoff_minutes FROM clinics c WHERE c.id = a.clinic_id) AS "cancelCutoffMinutes"`;

const asIso = (row: Appointment): Appointment => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
  endsAt: new Date(row.endsAt).toISOString(),
});

/** What a booking writes about the patient and the visit (a new row, or a hold turned into one). */
const patientFields = (row: NewAppointment) => ({
  patientName: row.patientName,
  patientPhone: row.patientPhone,
  patientBirthDate: row.patientBirthDate,
  source: row.source,
  price: row.price,
  requestKey: row.requestKey,
  cancelToken: row.cancelToken,
});

/** SQL of appointments. The EXCLUDE constraints of migration 0002 are the double-booking guard. */
export function createBookingRepo(db: Db) {
  return {
    ...createBookingTargetsRepo(db),
    ...createHoldsRepo(db),
    ...createCapsRepo(),
    ...createHomeVisitsRepo(db),

    /** Inserts an appointment (or a hold); a time not free, or a reused key, throws TimeTaken. */
    async insert(row: NewAppointment, tx: Db | DbTx = db): Promise<number> {
      const [inserted] = await tx
        .insert(appointments)
        .values({
          workplaceId: row.workplaceId,
          clinicServiceId: row.clinicServiceId,
          doctorId: row.doctorId,
          clinicId: row.clinicId,
          userId: row.userId,
          visitType: row.visitType,
          during: `[${row.startsAt.toISOString()},${row.endsAt.toISOString()})`,
          status: row.holdExpiresAt ? 'held' : 'active',
          holdExpiresAt: row.holdExpiresAt ?? null,
          remindFrom: row.remindFrom ?? null,
          ...patientFields(row),
        })
        .onConflictDoNothing()
        .returning({ id: appointments.id });
      if (!inserted) throw new TimeTaken();
      return inserted.id;
    },

    /**
     * Whether a doctor's visit at the workplace is no longer in its schedule: its day (in its
     * clinic's zone) is a whole day off, or its span lies in no weekly rule of its visit type
     * (nor extra hours of its date, nor a slot the clinic's MIS pushed), or a block of the clinic's overlaps it (the cabinet's
     * 'Закрыть время', taken under the same lock). A booking asks after its
     * insert, which waited on the cabinet's lock of the workplace row (the foreign key's share
     * lock), so a day off or new hours saved meanwhile are seen here.
     */
    async scheduleGone(
      tx: Db | DbTx,
      visit: { workplaceId: number; visitType: string; startsAt: Date; endsAt: Date },
    ): Promise<boolean> {
      const [row] = await executeNamed<{ dayOff: boolean; outsideHours: boolean; blocked: boolean }>(
        tx as Db,
        'booking_schedule_gone',
        sql`
        WITH v AS (
          SELECT (${visit.startsAt.toISOString()}::timestamptz AT TIME ZONE t.tz) AS ls,
                 (${visit.endsAt.toISOString()}::timestamptz AT TIME ZONE t.tz) AS le
          FROM workplaces w JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
          WHERE w.id = ${visit.workplaceId}
        )
        SELECT
          EXISTS (
            SELECT 1 FROM schedule_exceptions e
            WHERE e.workplace_id = ${visit.workplaceId} AND e.kind = 'off' AND e.start_time IS NULL
              AND e.date = v.ls::date
          ) AS "dayOff",
          NOT (EXISTS (
            SELECT 1 FROM schedule_rules r
            WHERE r.workplace_id = ${visit.workplaceId} AND r.visit_type = ${visit.visitType}
              AND r.weekday = extract(isodow FROM v.ls)
              AND r.valid_from <= v.ls::date AND (r.valid_to IS NULL OR r.valid_to >= v.ls::date)
              AND v.ls >= v.ls::date + r.start_time AND v.le <= v.ls::date + r.end_time
          ) AND NOT EXISTS (
            SELECT 1 FROM schedule_exceptions e
            WHERE e.workplace_id = ${visit.workplaceId} AND e.kind = 'off' AND e.date = v.ls::date
              AND (e.visit_type IS NULL OR e.visit_type = ${visit.visitType})
              AND e.start_time IS NOT NULL AND e.end_time IS NOT NULL
              AND v.ls < v.ls::date + e.end_time AND v.le > v.ls::date + e.start_time
          )) AND NOT EXISTS (
            SELECT 1 FROM schedule_exceptions e
            WHERE e.workplace_id = ${visit.workplaceId} AND e.kind = 'extra' AND e.date = v.ls::date
              AND (e.visit_type IS NULL OR e.visit_type = ${visit.visitType})
              AND v.ls >= v.ls::date + e.start_time AND v.le <= v.ls::date + e.end_time
          ) AND NOT EXISTS (
            SELECT 1 FROM explicit_slots x
            WHERE x.workplace_id = ${visit.workplaceId} AND x.visit_type = ${visit.visitType}
              AND x.starts_at = ${visit.startsAt.toISOString()}::timestamptz
          ) AS "outsideHours",
          EXISTS (
            SELECT 1 FROM schedule_blocks b
            WHERE b.workplace_id = ${visit.workplaceId}
              AND b.during && tstzrange(${visit.startsAt.toISOString()}::timestamptz, ${visit.endsAt.toISOString()}::timestamptz)
          ) AS blocked
        FROM v`,
      );
      return row ? row.dayOff || row.outsideHours || row.blocked : false;
    },

    /**
     * A booking without a hold in ONE statement (instead of the hold clean-up and the insert):
     * clears the expired holds in the way and the patient's other holds (as clearHolds) and
     * inserts the appointment. The clean-up is read to the end before the insert starts (the
     * insert selects from it), and rows deleted by this statement no longer count for the
     * exclusion constraint. A clash throws TimeTaken as insert's does. Run in the caller's
     * transaction, which adds the booking's jobs. Two named texts: a doctor's and a service's.
     */
    async bookAtOnce(tx: Db | DbTx, row: NewAppointment, now: Date): Promise<number> {
      const range = sql`tstzrange(${row.startsAt.toISOString()}::timestamptz, ${row.endsAt.toISOString()}::timestamptz)`;
      const doctor = row.doctorId !== null;
      const owner = doctor
        ? sql`doctor_id = ${row.doctorId}::int`
        : sql`clinic_service_id = ${row.clinicServiceId}::int AND doctor_id IS NULL`;
      const [inserted] = await executeNamed<{ id: number }>(
        tx as Db,
        doctor ? 'booking_at_once_doctor' : 'booking_at_once_service',
        sql`
        WITH gone AS (
          DELETE FROM appointments
          WHERE status = 'held'
            AND ((${owner} AND hold_expires_at <= ${now.toISOString()}::timestamptz AND during && ${range})
                 OR user_id = ${row.userId}::int)
          RETURNING 1
        ), ins AS (
          INSERT INTO appointments (workplace_id, clinic_service_id, doctor_id, clinic_id, user_id, visit_type,
            during, status, patient_name, patient_phone, patient_birth_date, source, price, request_key, cancel_token,
            remind_from)
          SELECT ${row.workplaceId}::int, ${row.clinicServiceId}::int, ${row.doctorId}::int, ${row.clinicId}::int,
            ${row.userId}::int, ${row.visitType}::text, ${range}, 'active', ${row.patientName}::text,
            ${row.patientPhone}::text, ${row.patientBirthDate}::date, ${row.source}::text, ${row.price}::int,
            ${row.requestKey}::text, ${row.cancelToken}::text, ${now.toISOString()}::timestamptz
          FROM (SELECT count(*) FROM gone) AS cleared
          ON CONFLICT DO NOTHING
          RETURNING id
        )
        SELECT id FROM ins
      `,
      );
      if (!inserted) throw new TimeTaken();
      return inserted.id;
    },

    /** Turns the patient's live hold of exactly this time into the appointment; false when it is gone. */
    async confirmHold(tx: Db | DbTx, holdId: number, row: NewAppointment, now: Date): Promise<boolean> {
      const updated = await tx
        .update(appointments)
        .set({
          status: 'active',
          holdExpiresAt: null,
          ...patientFields(row),
          createdAt: now,
          remindFrom: now,
        })
        .where(
          and(
            eq(appointments.id, holdId),
            eq(appointments.userId, row.userId ?? -1),
            eq(appointments.status, 'held'),
            sql`${appointments.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
            sql`${appointments.during} = tstzrange(${row.startsAt.toISOString()}::timestamptz, ${row.endsAt.toISOString()}::timestamptz)`,
            sql`${appointments.doctorId} IS NOT DISTINCT FROM ${row.doctorId}::int`,
            sql`${appointments.clinicServiceId} IS NOT DISTINCT FROM ${row.clinicServiceId}::int`,
            eq(appointments.clinicId, row.clinicId),
          ),
        )
        .returning({ id: appointments.id });
      return updated.length > 0;
    },

    /**
     * Keeps the patient's own details for their next form, only where they changed: a patient who
     * books again as before writes no new version of their row. (One patient's bookings made at
     * once take turns anyway, by the visit caps' lock: server/modules/booking/visit-caps.ts.)
     * Named, as every booking runs it.
     */
    keepDetails(
      tx: DbTx,
      userId: number,
      details: { lastName: string; firstName: string; patronymic: string | null; birthDate: string },
    ) {
      const { lastName, firstName, patronymic, birthDate } = details;
      return executeNamed(
        tx,
        'booking_keep_details',
        sql`UPDATE users SET last_name = ${lastName}::text, first_name = ${firstName}::text,
              patronymic = ${patronymic}::text, birth_date = ${birthDate}::text
            WHERE id = ${userId}::int
              AND (last_name, first_name, patronymic, birth_date)
                IS DISTINCT FROM (${lastName}::text, ${firstName}::text, ${patronymic}::text, ${birthDate}::text)`,
      );
    },

    /** A callback request; a patient's open one for the same doctor and clinic is updated instead. */
    async upsertCallback(
      row: {
        doctorId: number;
        clinicId: number;
        userId: number;
        phone: string;
        date: string;
        times: string[];
        at: Date;
      },
      tx: Db | DbTx = db,
    ): Promise<number> {
      const [saved] = await tx
        .insert(callbackRequests)
        .values({ ...row, createdAt: row.at })
        .onConflictDoUpdate({
          target: [callbackRequests.userId, callbackRequests.doctorId, callbackRequests.clinicId],
          targetWhere: sql`${callbackRequests.status} = 'new'`,
          set: { date: row.date, times: row.times, phone: row.phone, createdAt: row.at },
        })
        .returning({ id: callbackRequests.id });
      return saved.id;
    },

    async byRequestKey(requestKey: string): Promise<Appointment | null> {
      const result = await db.execute(
        sql`SELECT ${appointmentColumns} FROM appointments a WHERE a.request_key = ${requestKey}`,
      );
      const row = result.rows[0] as unknown as Appointment | undefined;
      return row ? asIso(row) : null;
    },

    async byId(id: number): Promise<Appointment | null> {
      const result = await db.execute(
        sql`SELECT ${appointmentColumns} FROM appointments a WHERE a.id = ${id}`,
      );
      const row = result.rows[0] as unknown as Appointment | undefined;
      return row ? asIso(row) : null;
    },

    /** A patient's appointments with what the list shows of each, newest visit first. */
    async forUser(userId: number, limit: number) {
      const result = await db.execute(sql`
        SELECT ${appointmentColumns},
               CASE WHEN cs.id IS NOT NULL THEN cs.name
                    ELSE trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) END AS "title",
               CASE WHEN cs.id IS NOT NULL THEN '/' || t.slug || '/lpu/' || c.id || '-' || c.slug || '/'
                    ELSE '/' || td.slug || '/vrach/' || d.id || '-' || d.slug || '/' END AS "titleUrl",
               CASE WHEN cs.id IS NOT NULL THEN ARRAY[(SELECT sc.name FROM service_classes sc WHERE sc.id = cs.class_id)]
                    ELSE coalesce((SELECT array_agg(s.name ORDER BY ds.is_main DESC, s.name)
                         FROM doctor_specialities ds JOIN specialities s ON s.id = ds.speciality_id
                         WHERE ds.doctor_id = d.id), '{}') END AS specialities,
               c.name AS "clinicName", c.street || ', ' || c.house AS address, t.tz,
               a.home_address AS "homeAddress", a.home_window_minutes AS "homeWindowMinutes"
        FROM appointments a
        LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id
        LEFT JOIN doctors d ON d.id = a.doctor_id
        LEFT JOIN towns td ON td.id = d.town_id
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        WHERE a.user_id = ${userId} AND a.status <> 'held'
        ORDER BY lower(a.during) DESC
        LIMIT ${limit}
      `);
      return (
        result.rows as unknown as (Appointment & {
          /** The doctor's name, or the service's line name. */
          title: string;
          titleUrl: string;
          specialities: string[];
          clinicName: string;
          address: string;
          tz: string;
          /** A home visit's address and window (docs/product/visits.md); null for other visits. */
          homeAddress: KeptHomeAddress | null;
          homeWindowMinutes: number | null;
        })[]
      ).map((row) => ({ ...row, ...asIso(row) }));
    },

    /**
     * Moves an active appointment to another time (the exclusion constraint refuses a taken one)
     * and counts the move for the .ics file; null when it is no longer active. The new time's
     * reminders later than `now` are sent.
     *
     * Moves of one doctor's visits take turns (a lock held until the transaction ends). An UPDATE
     * has no ON CONFLICT: it checks the exclusion constraint after placing its new row, so two
     * moves into one time at once each waited for the other's transaction until PostgreSQL's
     * deadlock detector broke in a second later (as plain inserts did, ADR 029). A booking's
     * insert needs no turn: it checks before placing its row.
     */
    async move(tx: DbTx, id: number, range: { startsAt: Date; endsAt: Date }, now: Date) {
      await tx.execute(sql`
        SELECT pg_advisory_xact_lock(hashtext('appointments.move'), coalesce(doctor_id, -clinic_service_id))
        FROM appointments WHERE id = ${id}`);
      const result = await tx.execute(sql`
        UPDATE appointments
        SET during = tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz),
            sequence = sequence + 1, confirmed_at = NULL, confirmed_by = NULL, remind_from = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'active'
        RETURNING lower(during) AS "startsAt", upper(during) AS "endsAt"`);
      const row = result.rows[0] as { startsAt: string | Date; endsAt: string | Date } | undefined;
      return row
        ? { startsAt: new Date(row.startsAt).toISOString(), endsAt: new Date(row.endsAt).toISOString() }
        : null;
    },

    /** The patient confirms they will come; the first confirmation's time is kept. Null when not active. */
    async confirm(id: number, at: Date): Promise<string | null> {
      const rows = await db
        .update(appointments)
        .set({
          confirmedAt: sql`coalesce(${appointments.confirmedAt}, ${at.toISOString()}::timestamptz)`,
          confirmedBy: sql`coalesce(${appointments.confirmedBy}, 'patient')`,
        })
        .where(and(eq(appointments.id, id), eq(appointments.status, 'active')))
        .returning({ at: appointments.confirmedAt });
      return rows[0]?.at ? new Date(rows[0].at).toISOString() : null;
    },

    /** Cancels an active appointment; false when it was not active (already canceled, or past). */
    async cancel(id: number, at: Date, tx: Db | DbTx = db): Promise<boolean> {
      const rows = await tx
        .update(appointments)
        .set({ status: 'canceled', canceledAt: at, canceledBy: 'patient' })
        .where(and(eq(appointments.id, id), eq(appointments.status, 'active')))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
  };
}

export type BookingRepo = ReturnType<typeof createBookingRepo>;
