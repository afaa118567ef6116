import { type SQL, sql } from 'drizzle-orm';
import type { VisitType } from '../../../core/booking/urls';
import type { HoursPlace } from '../../../core/cabinet/contracts';
import type { DatedRow } from '../../../core/cabinet/dated-hours';
import type { DatedHours, DatedRule, DayHours, HoursInterval } from '../../../core/cabinet/hours';
import type { Db, DbTx } from '../../db/client';
import type { CabinetAccount } from './repo';

const doctorName = sql`trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, ''))`;

/** A weekly rule as the hours editor and the audit read it. */
export interface HoursRule {
  weekday: number;
  start: string;
  end: string;
  slotMinutes: number;
}

/** A booked visit or a held time at a workplace, with its clinic's zone. */
export interface WorkplaceTime {
  id: number;
  status: 'active' | 'held';
  startsAt: string;
  endsAt: string;
  tz: string;
}

const ownedPlaces = (account: CabinetAccount): SQL =>
  'clinicId' in account ? sql`w.clinic_id = ${account.clinicId}` : sql`w.doctor_id = ${account.doctorId}`;

/** SQL of the cabinet's weekly hours and the online-booking switch of a doctor at a clinic. */
export function createHoursRepo(db: Db) {
  return {
    /** The account's doctors at clinics, by doctor then clinic name, with the visit types priced there. */
    async places(account: CabinetAccount): Promise<(HoursPlace & { workplaceId: number })[]> {
      const result = await db.execute(sql`
        SELECT w.id AS "workplaceId", d.id AS "doctorId", ${doctorName} AS "doctorName",
               c.id AS "clinicId", c.name AS "clinicName", w.is_appointment_on AS "appointmentOn",
               w.mis_schedule AS "misSchedule",
               coalesce((SELECT array_agg(wp.visit_type ORDER BY array_position(ARRAY['clinic', 'home', 'telemed'], wp.visit_type))
                         FROM workplace_prices wp WHERE wp.workplace_id = w.id), '{}') AS "visitTypes"
        FROM workplaces w
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        WHERE ${ownedPlaces(account)}
        ORDER BY ${doctorName} COLLATE "und-x-icu", d.id, c.name COLLATE "und-x-icu", c.id
        LIMIT 2000`);
      return (
        result.rows as {
          workplaceId: number;
          doctorId: number;
          doctorName: string;
          clinicId: number;
          clinicName: string;
          appointmentOn: boolean;
          misSchedule: boolean;
          visitTypes: VisitType[];
        }[]
      ).map((r) => ({
        workplaceId: r.workplaceId,
        doctor: { id: r.doctorId, name: r.doctorName },
        clinic: { id: r.clinicId, name: r.clinicName },
        appointmentOn: r.appointmentOn,
        misSchedule: r.misSchedule,
        visitTypes: r.visitTypes,
      }));
    },

    /** The workplace's rules of a visit type in force on `day`, by weekday and start. */
    async rulesOn(
      tx: Db | DbTx,
      workplaceId: number,
      visitType: VisitType,
      day: string,
    ): Promise<HoursRule[]> {
      const result = await tx.execute(sql`
        SELECT r.weekday, left(r.start_time::text, 5) AS start, left(r.end_time::text, 5) AS "end",
               r.slot_minutes AS "slotMinutes"
        FROM schedule_rules r
        WHERE r.workplace_id = ${workplaceId} AND r.visit_type = ${visitType}
          AND r.valid_from <= ${day}::date AND (r.valid_to IS NULL OR r.valid_to >= ${day}::date)
        ORDER BY r.weekday, r.start_time, r.id`);
      return result.rows as unknown as HoursRule[];
    },

    /**
     * Visits booked (and times held) at the workplace for the visit type that have not begun,
     * the visits locked until the transaction ends.
     */
    async upcomingTimes(
      tx: DbTx,
      workplaceId: number,
      visitType: VisitType,
      now: Date,
    ): Promise<WorkplaceTime[]> {
      const result = await tx.execute(sql`
        SELECT a.id, a.status, lower(a.during) AS "startsAt", upper(a.during) AS "endsAt", t.tz
        FROM appointments a
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        WHERE a.workplace_id = ${workplaceId} AND a.visit_type = ${visitType}
          AND a.status IN ('active', 'held') AND lower(a.during) > ${now.toISOString()}::timestamptz
        ORDER BY lower(a.during), a.id
        FOR UPDATE OF a`);
      return (result.rows as unknown as WorkplaceTime[]).map((r) => ({
        ...r,
        startsAt: new Date(r.startsAt).toISOString(),
        endsAt: new Date(r.endsAt).toISOString(),
      }));
    },

    /**
     * The workplace's extra hours of a visit type from `day` on (dated exceptions stay whatever
     * the week says): a date's own hours, and any of every type.
     */
    async extraHours(
      tx: DbTx,
      workplaceId: number,
      visitType: VisitType,
      day: string,
    ): Promise<DatedHours[]> {
      const result = await tx.execute(sql`
        SELECT e.date::text AS date, left(e.start_time::text, 5) AS start, left(e.end_time::text, 5) AS "end"
        FROM schedule_exceptions e
        WHERE e.workplace_id = ${workplaceId} AND e.kind = 'extra' AND e.date >= ${day}::date
          AND (e.visit_type IS NULL OR e.visit_type = ${visitType})
          AND e.start_time IS NOT NULL AND e.end_time IS NOT NULL`);
      return result.rows as unknown as DatedHours[];
    },

    /** The dates of the workplace's rules of a visit type still running on `today` or later. */
    async ruleDates(
      tx: Db | DbTx,
      workplaceId: number,
      visitType: VisitType,
      today: string,
    ): Promise<DatedRule[]> {
      const result = await tx.execute(sql`
        SELECT DISTINCT r.valid_from::text AS "validFrom", r.valid_to::text AS "validTo"
        FROM schedule_rules r
        WHERE r.workplace_id = ${workplaceId} AND r.visit_type = ${visitType}
          AND (r.valid_to IS NULL OR r.valid_to >= ${today}::date - 1)`);
      return result.rows as unknown as DatedRule[];
    },

    /**
     * Withdraws the change of `day`: its rules are deleted, and the rules that ended the day
     * before run on to the next change (or for good).
     */
    async withdrawRules(tx: DbTx, workplaceId: number, visitType: VisitType, day: string): Promise<void> {
      await tx.execute(sql`
        DELETE FROM schedule_rules
        WHERE workplace_id = ${workplaceId} AND visit_type = ${visitType} AND valid_from = ${day}::date`);
      await tx.execute(sql`
        UPDATE schedule_rules r SET valid_to = (
          SELECT min(n.valid_from) - 1 FROM schedule_rules n
          WHERE n.workplace_id = r.workplace_id AND n.visit_type = r.visit_type AND n.valid_from > ${day}::date)
        WHERE r.workplace_id = ${workplaceId} AND r.visit_type = ${visitType}
          AND r.valid_to = ${day}::date - 1`);
    },

    /** The workplace's dated changes of one visit type (not the whole days off) from `day` on. */
    async datedRows(
      tx: Db | DbTx,
      workplaceId: number,
      visitType: VisitType,
      day: string,
    ): Promise<DatedRow[]> {
      const result = await tx.execute(sql`
        SELECT e.date::text AS date, e.kind, left(e.start_time::text, 5) AS start,
               left(e.end_time::text, 5) AS "end", e.slot_minutes AS "slotMinutes"
        FROM schedule_exceptions e
        WHERE e.workplace_id = ${workplaceId} AND e.visit_type = ${visitType} AND e.date >= ${day}::date
        ORDER BY e.date, e.start_time
        LIMIT 2000`);
      return result.rows as unknown as DatedRow[];
    },

    /** Whether the workplace's whole day is off (a vacation, a sick day). */
    async wholeDayOff(tx: DbTx, workplaceId: number, date: string): Promise<boolean> {
      const result = await tx.execute(sql`
        SELECT 1 FROM schedule_exceptions e
        WHERE e.workplace_id = ${workplaceId} AND e.date = ${date}::date AND e.kind = 'off'
          AND e.start_time IS NULL`);
      return result.rows.length > 0;
    },

    /**
     * The date's own hours of a visit type, replacing its earlier ones: the weekly hours off the
     * whole day (00:00–24:00) and the intervals as extra hours. No intervals: the rows go, and
     * the week applies that day again. The number of rows removed.
     */
    async setDatedHours(
      tx: DbTx,
      workplaceId: number,
      visitType: VisitType,
      date: string,
      intervals: readonly HoursInterval[],
      slotMinutes: number,
    ): Promise<number> {
      const removed = await tx.execute(sql`
        DELETE FROM schedule_exceptions
        WHERE workplace_id = ${workplaceId} AND visit_type = ${visitType} AND date = ${date}::date
        RETURNING id`);
      if (intervals.length > 0) {
        const rows = [
          sql`(${workplaceId}::int, ${visitType}, ${date}::date, 'off', '00:00'::time, '24:00'::time, NULL::smallint)`,
          ...intervals.map(
            (i) =>
              sql`(${workplaceId}::int, ${visitType}, ${date}::date, 'extra', ${i.start}::time, ${i.end}::time, ${slotMinutes}::smallint)`,
          ),
        ];
        await tx.execute(sql`
          INSERT INTO schedule_exceptions (workplace_id, visit_type, date, kind, start_time, end_time, slot_minutes)
          VALUES ${sql.join(rows, sql`, `)}`);
      }
      return removed.rows.length;
    },

    /** Lets go of held times (a form being filled, a coupon being paid). */
    async dropHolds(tx: DbTx, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await tx.execute(sql`
        DELETE FROM appointments
        WHERE status = 'held' AND id IN (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})`);
    },

    /**
     * The week from `today` (the first day of the new hours) on: rules starting that day or later
     * are deleted, those in force end the day before, and the new ones start that day (one row
     * per interval).
     */
    async replaceRules(
      tx: DbTx,
      workplaceId: number,
      visitType: VisitType,
      today: string,
      week: readonly DayHours[],
      slotMinutes: number,
    ): Promise<void> {
      await tx.execute(sql`
        DELETE FROM schedule_rules
        WHERE workplace_id = ${workplaceId} AND visit_type = ${visitType} AND valid_from >= ${today}::date`);
      await tx.execute(sql`
        UPDATE schedule_rules SET valid_to = ${today}::date - 1
        WHERE workplace_id = ${workplaceId} AND visit_type = ${visitType}
          AND (valid_to IS NULL OR valid_to >= ${today}::date)`);
      const rows = week.flatMap((day) =>
        day.intervals.map(
          (i) =>
            sql`(${workplaceId}::int, ${visitType}, ${day.weekday}::smallint, ${i.start}::time, ${i.end}::time, ${slotMinutes}::smallint, ${today}::date)`,
        ),
      );
      if (rows.length === 0) return;
      await tx.execute(sql`
        INSERT INTO schedule_rules (workplace_id, visit_type, weekday, start_time, end_time, slot_minutes, valid_from)
        VALUES ${sql.join(rows, sql`, `)}`);
    },

    /** Whether the (locked) workplace takes online bookings. */
    async appointmentOn(tx: DbTx, workplaceId: number): Promise<boolean> {
      const result = await tx.execute(
        sql`SELECT is_appointment_on AS enabled FROM workplaces WHERE id = ${workplaceId}`,
      );
      return (result.rows[0] as { enabled: boolean } | undefined)?.enabled ?? false;
    },

    /** Switches online booking of the workplace. */
    async setAppointmentOn(tx: DbTx, workplaceId: number, on: boolean): Promise<void> {
      await tx.execute(sql`UPDATE workplaces SET is_appointment_on = ${on} WHERE id = ${workplaceId}`);
    },
  };
}

export type HoursRepo = ReturnType<typeof createHoursRepo>;
