import { sql } from 'drizzle-orm';
import type { DeskVisit } from '../../../core/cabinet/desk-contracts';
import type { Db, DbTx } from '../../db/client';
import { type NewAppointment, TimeTaken } from './repo';

/** A doctor's workplace at the clinic as a desk booking needs it, and the length of a visit there. */
export interface DeskPlace {
  workplaceId: number;
  doctorId: number;
  clinicId: number;
  doctorName: string;
  tz: string;
  price: number | null;
  /** The slot length of the doctor's hours covering the time: a pushed slot, the date's extra hours or a weekly rule; null when none. */
  slotMinutes: number | null;
  /** The doctor's usual slot length of the visit type (the latest rule's), when no hours cover the time. */
  usualMinutes: number | null;
}

const doctorName = sql`trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, ''))`;

const visitColumns = sql`
  a.id, a.status, lower(a.during) AS "startsAt", upper(a.during) AS "endsAt", t.tz, a.overbooked,
  a.confirmed_at IS NOT NULL AS confirmed, a.doctor_id AS "doctorId", ${doctorName} AS "doctorName",
  a.user_id AS "userId", a.patient_name AS "patientName", a.patient_phone AS "patientPhone",
  a.clinic_id AS "clinicId", a.workplace_id AS "workplaceId", a.visit_type AS "visitType"`;

interface VisitRow {
  id: number;
  status: string;
  startsAt: string | Date;
  endsAt: string | Date;
  tz: string;
  overbooked: boolean;
  confirmed: boolean;
  doctorId: number;
  doctorName: string;
  userId: number | null;
  patientName: string;
  patientPhone: string;
  clinicId: number;
  workplaceId: number | null;
  visitType: 'clinic' | 'home' | 'telemed';
}

/** A desk visit with what the calls need besides its reply. */
export interface DeskVisitRow {
  visit: DeskVisit;
  clinicId: number;
  workplaceId: number | null;
  userId: number | null;
  visitType: 'clinic' | 'home' | 'telemed';
}

const visitOf = (row: VisitRow): DeskVisitRow => ({
  visit: {
    id: row.id,
    status: row.status,
    starts_at: new Date(row.startsAt).toISOString(),
    ends_at: new Date(row.endsAt).toISOString(),
    tz: row.tz,
    overbooked: row.overbooked,
    confirmed: row.confirmed,
    doctor: { id: row.doctorId, name: row.doctorName },
    patient: { id: row.userId, name: row.patientName, phone: row.patientPhone },
  },
  clinicId: row.clinicId,
  workplaceId: row.workplaceId,
  userId: row.userId,
  visitType: row.visitType,
});

/** SQL of the front desk's bookings, moves and confirmations (server/modules/booking/desk.ts). */
export function createDeskRepo(db: Db) {
  return {
    /** The doctor's workplace at the clinic, and the length of a visit at `day` `time` (the clinic's clock). */
    async place(ask: {
      doctorId: number;
      clinicId: number;
      visitType: string;
      day: string;
      time: string;
      weekday: number;
    }): Promise<DeskPlace | null> {
      const result = await db.execute(sql`
        SELECT w.id AS "workplaceId", w.doctor_id AS "doctorId", w.clinic_id AS "clinicId",
               ${doctorName} AS "doctorName", t.tz, wp.price,
               coalesce(
                 (SELECT x.duration_minutes FROM explicit_slots x
                  WHERE x.workplace_id = w.id AND x.visit_type = ${ask.visitType}
                    AND x.starts_at = ((${ask.day}::date + ${ask.time}::time) AT TIME ZONE t.tz) LIMIT 1),
                 (SELECT e.slot_minutes FROM schedule_exceptions e
                  WHERE e.workplace_id = w.id AND e.kind = 'extra' AND e.date = ${ask.day}::date
                    AND (e.visit_type IS NULL OR e.visit_type = ${ask.visitType})
                    AND e.start_time <= ${ask.time}::time AND e.end_time > ${ask.time}::time
                    AND e.slot_minutes IS NOT NULL LIMIT 1),
                 (SELECT r.slot_minutes FROM schedule_rules r
                  WHERE r.workplace_id = w.id AND r.visit_type = ${ask.visitType} AND r.weekday = ${ask.weekday}
                    AND r.valid_from <= ${ask.day}::date AND (r.valid_to IS NULL OR r.valid_to >= ${ask.day}::date)
                    AND r.start_time <= ${ask.time}::time AND r.end_time > ${ask.time}::time LIMIT 1)
               )::int AS "slotMinutes",
               (SELECT r.slot_minutes FROM schedule_rules r
                WHERE r.workplace_id = w.id AND r.visit_type = ${ask.visitType}
                ORDER BY r.valid_from DESC, r.id DESC LIMIT 1)::int AS "usualMinutes"
        FROM workplaces w
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        JOIN towns t ON t.id = c.town_id
        LEFT JOIN workplace_prices wp ON wp.workplace_id = w.id AND wp.visit_type = ${ask.visitType}
        WHERE w.doctor_id = ${ask.doctorId} AND w.clinic_id = ${ask.clinicId}`);
      return (result.rows[0] as unknown as DeskPlace | undefined) ?? null;
    },

    /**
     * Inserts the desk's appointment, clearing expired holds in the way in the same statement (as
     * a web booking's bookAtOnce). The exclusion constraints refuse a taken time (TimeTaken), but
     * an overbooking, which they leave out (ADR 038).
     */
    async insert(tx: DbTx, row: NewAppointment, now: Date, overbooked: boolean): Promise<number> {
      const range = sql`tstzrange(${row.startsAt.toISOString()}::timestamptz, ${row.endsAt.toISOString()}::timestamptz)`;
      const result = await tx.execute(sql`
        WITH gone AS (
          DELETE FROM appointments
          WHERE status = 'held' AND doctor_id = ${row.doctorId}::int
            AND hold_expires_at <= ${now.toISOString()}::timestamptz AND during && ${range}
          RETURNING 1
        ), ins AS (
          INSERT INTO appointments (workplace_id, doctor_id, clinic_id, user_id, visit_type, during, status,
            patient_name, patient_phone, patient_birth_date, source, price, cancel_token, remind_from, overbooked)
          SELECT ${row.workplaceId}::int, ${row.doctorId}::int, ${row.clinicId}::int, ${row.userId}::int,
            ${row.visitType}::text, ${range}, 'active', ${row.patientName}::text, ${row.patientPhone}::text,
            ${row.patientBirthDate}::date, ${row.source}::text, ${row.price}::int, ${row.cancelToken}::text,
            ${now.toISOString()}::timestamptz, ${overbooked}::boolean
          FROM (SELECT count(*) FROM gone) AS cleared
          ON CONFLICT DO NOTHING
          RETURNING id
        )
        SELECT id FROM ins`);
      const inserted = result.rows[0] as { id: number } | undefined;
      if (!inserted) throw new TimeTaken();
      return inserted.id;
    },

    /**
     * Whether a block of the clinic's overlaps the range at the workplace. Asked after the
     * visit's row is written: its foreign key's share lock waited for a block being taken at that
     * workplace (under the row's lock), so a block committed meanwhile is seen here.
     */
    async blocked(tx: DbTx, workplaceId: number, range: { startsAt: Date; endsAt: Date }): Promise<boolean> {
      const result = await tx.execute(sql`
        SELECT EXISTS (
          SELECT 1 FROM schedule_blocks b
          WHERE b.workplace_id = ${workplaceId}
            AND b.during && tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz)
        ) AS blocked`);
      return Boolean((result.rows[0] as { blocked: boolean }).blocked);
    },

    /** A visit of the clinic's doctors, as the desk's calls answer it (locked with `tx` until it ends). */
    async visit(id: number, clinicId: number, tx?: DbTx): Promise<DeskVisitRow | null> {
      const result = await (tx ?? db).execute(sql`
        SELECT ${visitColumns}
        FROM appointments a
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        JOIN doctors d ON d.id = a.doctor_id
        WHERE a.id = ${id} AND a.clinic_id = ${clinicId} AND a.status <> 'held'
        ${tx ? sql`FOR UPDATE OF a` : sql``}`);
      const row = result.rows[0] as unknown as VisitRow | undefined;
      return row ? visitOf(row) : null;
    },

    /**
     * Moves an active visit to another time and (at the same clinic) doctor; null when it is no
     * longer active. Moves of one doctor's visits take turns, as the patient's moves do (repo.ts,
     * `move`): an UPDATE checks the exclusion constraint after placing its row, and two at once
     * would deadlock. A taken time raises 23P01.
     */
    async move(
      tx: DbTx,
      id: number,
      to: { startsAt: Date; endsAt: Date; doctorId: number; workplaceId: number },
      now: Date,
    ): Promise<boolean> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('appointments.move'), ${to.doctorId}::int)`);
      const result = await tx.execute(sql`
        UPDATE appointments
        SET during = tstzrange(${to.startsAt.toISOString()}::timestamptz, ${to.endsAt.toISOString()}::timestamptz),
            doctor_id = ${to.doctorId}, workplace_id = ${to.workplaceId},
            sequence = sequence + 1, confirmed_at = NULL, confirmed_by = NULL, remind_from = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'active'
        RETURNING id`);
      return result.rows.length > 0;
    },

    /** The clinic confirms an active visit; false when it was confirmed already (or is not active). */
    async confirm(tx: DbTx, id: number, at: Date): Promise<boolean> {
      const result = await tx.execute(sql`
        UPDATE appointments SET confirmed_at = ${at.toISOString()}::timestamptz, confirmed_by = 'clinic'
        WHERE id = ${id} AND status = 'active' AND confirmed_at IS NULL
        RETURNING id`);
      return result.rows.length > 0;
    },

    /** One line of the cabinet's audit log (cabinet_audit), in the change's own transaction. */
    async audit(
      tx: DbTx,
      entry: { userId: number; action: string; targetId: number; before: unknown; after: unknown; at: Date },
    ): Promise<void> {
      await tx.execute(sql`
        INSERT INTO cabinet_audit (user_id, action, target_type, target_id, before, after, at)
        VALUES (${entry.userId}, ${entry.action}, 'appointments', ${entry.targetId},
                ${entry.before === null ? null : JSON.stringify(entry.before)}::jsonb,
                ${entry.after === null ? null : JSON.stringify(entry.after)}::jsonb,
                ${entry.at.toISOString()}::timestamptz)`);
    },
  };
}

export type DeskRepo = ReturnType<typeof createDeskRepo>;
