import { and, eq, sql } from 'drizzle-orm';
import type { Appointment, BookableDoctor, BookableService } from '../../../core/booking/contracts';
import type { Db, DbTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { users } from '../../db/schema/auth';
import { appointments, callbackRequests } from '../../db/schema/booking';

/** A doctor's workplace as the booking page shows it and the booking checks it (its free days aside). */
export type BookingTargetRow = Omit<BookableDoctor, 'today' | 'visitType' | 'slots'>;

/** A slot-booked line of a price list as its booking page shows it (its free days aside). */
export type ServiceTargetRow = Omit<BookableService, 'today' | 'slots'>;

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
  a.cancel_token AS "cancelToken", a.user_id AS "userId",
  CASE WHEN a.canceled_by = 'clinic' THEN a.cancel_reason END AS "clinicCancelReason", a.sequence,
  a.confirmed_at AS "confirmedAt",
  (SELECT c.cancel_cutoff_minutes FROM clinics c WHERE c.id = a.clinic_id) AS "cancelCutoffMinutes"`;

/**
 * Where a booking target is and the clinic's terms, as both targets (a doctor's place, a service
 * line) read them: c is the clinic, t its town, m its metro station.
 */
const clinicColumns = sql`
  c.name AS "clinicName",
  '/' || t.slug || '/lpu/' || c.id || '-' || c.slug || '/' AS "clinicUrl",
  c.street || ', ' || c.house AS address, m.name AS metro, t.tz, t.slug AS "townSlug",
  c.club_enabled AS "clubEnabled", c.cancel_cutoff_minutes AS "cancelCutoffMinutes",
  c.min_notice_minutes AS "minNoticeMinutes", c.booking_horizon_days AS "bookingHorizonDays",
  c.phones[1] AS "clinicPhone"`;

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
    async target(doctorId: number, clinicId: number, visitType: string): Promise<BookingTargetRow | null> {
      // Named: seven joins take ten times longer to plan than to run.
      const rows = await executeNamed<BookingTargetRow>(
        db,
        'booking_target',
        sql`
        SELECT w.id AS "workplaceId", w.doctor_id AS "doctorId", w.clinic_id AS "clinicId",
               (w.is_appointment_on AND c.is_appointment_on) AS "appointmentOn",
               trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS "doctorName",
               '/' || td.slug || '/vrach/' || d.id || '-' || d.slug || '/' AS "doctorUrl",
               d.photo_url AS "photoUrl",
               coalesce((SELECT array_agg(s.name ORDER BY ds.is_main DESC, s.name)
                         FROM doctor_specialities ds JOIN specialities s ON s.id = ds.speciality_id
                         WHERE ds.doctor_id = d.id), '{}') AS specialities,
               p.price, p.club_price AS "clubPrice", ${clinicColumns}
        FROM workplaces w
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        JOIN towns t ON t.id = c.town_id
        JOIN towns td ON td.id = d.town_id
        LEFT JOIN metro_stations m ON m.id = c.metro_id
        LEFT JOIN workplace_prices p ON p.workplace_id = w.id AND p.visit_type = ${visitType}
        WHERE w.doctor_id = ${doctorId} AND w.clinic_id = ${clinicId}
      `,
      );
      return rows[0] ?? null;
    },

    /**
     * A clinic's services booked by time (of a class, of a doctor's lines), for a service link
     * that names none: the directory's id and name of each, in the price list's order.
     */
    async bookableServicesOf(ask: { clinicId: number; classId: number | null; doctorId: number | null }) {
      const result = await db.execute(sql`
        SELECT DISTINCT ON (cs.sort, cs.id) cs.synonym_id AS "synonymId", cs.name, cs.doctor_id AS "doctorId",
               cs.price_full AS price
        FROM clinic_services cs JOIN clinics c ON c.id = cs.clinic_id
        WHERE cs.clinic_id = ${ask.clinicId} AND cs.appointment_on AND cs.has_intervals AND c.is_appointment_on
          AND (${ask.classId}::int IS NULL OR cs.class_id = ${ask.classId}::int)
          AND (${ask.doctorId}::int IS NULL OR cs.doctor_id = ${ask.doctorId}::int)
        ORDER BY cs.sort, cs.id
        LIMIT 100`);
      return result.rows as { synonymId: number; name: string; doctorId: number | null; price: number }[];
    },

    /** A patient's own details as their last booking for themselves left them. */
    async patientDetails(userId: number) {
      const [row] = await db
        .select({
          lastName: users.lastName,
          firstName: users.firstName,
          patronymic: users.patronymic,
          birthDate: users.birthDate,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The clinics a doctor takes online bookings at, by name ('/appointment/new/' without `lpu`). */
    async bookableClinicsOf(
      doctorId: number,
    ): Promise<{ clinicId: number; clinicName: string; address: string }[]> {
      const result = await db.execute(sql`
        SELECT c.id AS "clinicId", c.name AS "clinicName", c.street || ', ' || c.house AS address
        FROM workplaces w JOIN clinics c ON c.id = w.clinic_id
        WHERE w.doctor_id = ${doctorId} AND w.is_appointment_on AND c.is_appointment_on
        ORDER BY c.name, c.id`);
      return result.rows as { clinicId: number; clinicName: string; address: string }[];
    },

    /**
     * A slot-booked price-list line, named as the services call names it: a synonym id (or else
     * the clinic's MIS id) in the clinic, a doctor's line when `doctorId` is given; or by its own
     * id (`line`) for an appointment already made.
     */
    async serviceTarget(
      by: { clinicId: number; key: string; doctorId: number | null } | { line: number },
    ): Promise<ServiceTargetRow | null> {
      const line = 'line' in by ? by.line : null;
      const ask = 'line' in by ? { clinicId: null, key: null, doctorId: null } : by;
      const rows = await executeNamed<ServiceTargetRow>(
        db,
        'booking_service_target',
        sql`
        SELECT cs.id AS "clinicServiceId", cs.synonym_id AS "synonymId", cs.doctor_id AS "doctorId",
               cs.clinic_id AS "clinicId",
               (cs.appointment_on AND cs.has_intervals AND c.is_appointment_on) AS "appointmentOn",
               cs.is_available_appointment_direct AS "isDirect",
               cs.requires_primary_consultation OR ss.requires_primary_consultation AS "requiresPrimaryConsultation",
               cs.name AS "serviceName", ss.name AS "synonymName", sc.name AS "className",
               '/' || t.slug || '/' || CASE sc.kind WHEN 'service' THEN 'uslugi' WHEN 'diagnostics' THEN 'diagnostika' ELSE 'analizy' END
                 || '/' || ss.translit || '/' AS "serviceUrl",
               cs.duration_minutes AS "durationMinutes",
               cs.price_full AS price, cs.price_club AS "clubPrice", ${clinicColumns}
        FROM clinic_services cs
        JOIN service_synonyms ss ON ss.id = cs.synonym_id
        JOIN service_classes sc ON sc.id = cs.class_id
        JOIN clinics c ON c.id = cs.clinic_id
        JOIN towns t ON t.id = c.town_id
        LEFT JOIN metro_stations m ON m.id = c.metro_id
        WHERE CASE WHEN ${line}::int IS NOT NULL THEN cs.id = ${line}::int
              ELSE cs.clinic_id = ${ask.clinicId}::int
                   AND (cs.synonym_id::text = ${ask.key}::text OR cs.mis_service_id = ${ask.key}::text)
                   AND (${ask.doctorId}::int IS NULL OR cs.doctor_id = ${ask.doctorId}::int) END
        ORDER BY (cs.synonym_id::text = ${ask.key}::text) DESC NULLS LAST, cs.doctor_id IS NOT NULL,
                 cs.has_intervals DESC, cs.sort, cs.id
        LIMIT 1
      `,
      );
      return rows[0] ?? null;
    },

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
     * (nor extra hours of its date, nor a slot the clinic's MIS pushed). A booking asks after its
     * insert, which waited on the cabinet's lock of the workplace row (the foreign key's share
     * lock), so a day off or new hours saved meanwhile are seen here.
     */
    async scheduleGone(
      tx: Db | DbTx,
      visit: { workplaceId: number; visitType: string; startsAt: Date; endsAt: Date },
    ): Promise<boolean> {
      const [row] = await executeNamed<{ dayOff: boolean; outsideHours: boolean }>(
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
          ) AS "outsideHours"
        FROM v`,
      );
      return row ? row.dayOff || row.outsideHours : false;
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

    /**
     * Before taking a time: deletes the EXPIRED holds of the doctor (or of the doctor-less service
     * line) that overlap it (they would trip the exclusion constraint) and the patient's other
     * holds (one hold per patient at a time).
     */
    async clearHolds(
      tx: Db | DbTx,
      who: { doctorId: number | null; clinicServiceId: number | null; userId: number },
      range: { startsAt: Date; endsAt: Date },
      now: Date,
    ) {
      const owner =
        who.doctorId !== null
          ? sql`doctor_id = ${who.doctorId}`
          : sql`clinic_service_id = ${who.clinicServiceId} AND doctor_id IS NULL`;
      await tx.execute(sql`
        DELETE FROM appointments
        WHERE status = 'held'
          AND ((${owner} AND hold_expires_at <= ${now.toISOString()}::timestamptz
                AND during && tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz))
               OR user_id = ${who.userId})
      `);
    },

    /**
     * Whether the patient holds a time overlapping this one: a hold placed from another tab, or
     * the form's own hold still in flight, which the booking's statement could not yet see.
     */
    async holdsOverlap(
      who: { doctorId: number | null; clinicServiceId: number | null; userId: number },
      range: { startsAt: Date; endsAt: Date },
    ): Promise<boolean> {
      const owner =
        who.doctorId !== null
          ? sql`doctor_id = ${who.doctorId}`
          : sql`clinic_service_id = ${who.clinicServiceId} AND doctor_id IS NULL`;
      const rows = await db.execute(sql`
        SELECT 1 FROM appointments
        WHERE status = 'held' AND user_id = ${who.userId} AND ${owner}
          AND during && tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz)
        LIMIT 1
      `);
      return rows.rows.length > 0;
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

    /** Lets a hold go (the patient left the form); false when there was none of theirs. */
    async releaseHold(id: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.userId, userId), eq(appointments.status, 'held')))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },

    /** A callback request; a patient's open one for the same doctor and clinic is updated instead. */
    async upsertCallback(row: {
      doctorId: number;
      clinicId: number;
      userId: number;
      phone: string;
      date: string;
      times: string[];
      at: Date;
    }): Promise<number> {
      const [saved] = await db
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
               c.name AS "clinicName", c.street || ', ' || c.house AS address, t.tz
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
            sequence = sequence + 1, confirmed_at = NULL, remind_from = ${now.toISOString()}::timestamptz
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
        .set({ confirmedAt: sql`coalesce(${appointments.confirmedAt}, ${at.toISOString()}::timestamptz)` })
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
