import { sql } from 'drizzle-orm';
import type { DatedException, WeeklyRule } from '../../../core/schedule/free-slots';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';

export interface SlotInputs {
  workplaces: {
    id: number;
    doctorId: number;
    clinicId: number;
    isAppointmentOn: boolean;
    tz: string;
    /** The visit type's price there (null: not priced), and the clinic's cancel cut-off: the booking's. */
    price: number | null;
    cancelCutoffMinutes: number;
    /** The clinic's booking rules (core/schedule/free-slots.ts). */
    minNoticeMinutes: number;
    bufferMinutes: number;
    /** How many days ahead the clinic takes bookings of doctors. */
    bookingHorizonDays: number;
    /** The clinic's software pushes the doctor's slots: only pushed slots are offered (none when none). */
    misSchedule: boolean;
  }[];
  /** The pure rules' inputs, each with its workplace (or, for a service line, the line's id). */
  rules: (WeeklyRule & { workplaceId: number })[];
  exceptions: (DatedException & { workplaceId: number })[];
  explicit: { workplaceId: number; startsAt: string; durationMinutes: number }[];
  busy: { doctorId: number; startsAt: string; endsAt: string }[];
  /** The clinic's blocks of each workplace (the cabinet's 'Закрыть время'). */
  blocks: { workplaceId: number; startsAt: string; endsAt: string }[];
}

/** A clinic's price-list line booked by time (an MRI room, an ultrasound machine). */
export interface ServiceLine {
  /** The position of its ask (1-based). */
  ask: number;
  id: number;
  clinicId: number;
  doctorId: number | null;
  synonymId: number;
  appointmentOn: boolean;
  hasIntervals: boolean;
  isDirect: boolean;
  requiresPrimaryConsultation: boolean;
  tz: string;
  minNoticeMinutes: number;
  bufferMinutes: number;
}

export interface ServiceBusy {
  clinicServiceId: number | null;
  doctorId: number | null;
  startsAt: string;
  endsAt: string;
}

/** SQL of free slots: the inputs of core/schedule/free-slots.ts for many workplaces at once. */
export function createScheduleRepo(db: Db) {
  return {
    /** The doctors of each (clinic, speciality) who take bookings there, in the clinic's order. */
    async doctorsBySpeciality(
      pairs: { clinicId: number; specialityId: number }[],
    ): Promise<{ clinicId: number; specialityId: number; doctorId: number }[]> {
      const clinicIds = `{${pairs.map((p) => p.clinicId).join(',')}}`;
      const specialityIds = `{${pairs.map((p) => p.specialityId).join(',')}}`;
      return executeNamed(
        db,
        'schedule_doctors_by_speciality',
        sql`
        WITH p AS (SELECT DISTINCT * FROM unnest(${clinicIds}::int[], ${specialityIds}::int[]) AS p(clinic_id, speciality_id))
        SELECT p.clinic_id AS "clinicId", p.speciality_id AS "specialityId", w.doctor_id AS "doctorId"
        FROM p
        JOIN workplaces w ON w.clinic_id = p.clinic_id AND w.is_appointment_on
        JOIN doctor_specialities ds ON ds.doctor_id = w.doctor_id AND ds.speciality_id = p.speciality_id
        ORDER BY p.clinic_id, p.speciality_id, w.sort, w.doctor_id
      `,
      );
    },

    /**
     * The slot-booked lines of clinics' price lists, named as the services call names them: a
     * synonym id (or else the clinic's MIS id) within the clinic, and a doctor's line when
     * `doctor_id` is given (else the line without a doctor first). One line per ask, or none.
     */
    async serviceLines(
      asks: { clinicId: number; key: string; doctorId: number | null }[],
      /** The keys are the lines' own ids. */
      byLine = false,
    ): Promise<ServiceLine[]> {
      const clinicIds = `{${asks.map((a) => a.clinicId).join(',')}}`;
      const keys = `{${asks.map((a) => `"${a.key}"`).join(',')}}`;
      const doctorIds = `{${asks.map((a) => a.doctorId ?? 'NULL').join(',')}}`;
      return executeNamed<ServiceLine>(
        db,
        'schedule_service_lines',
        sql`
        WITH ask AS (
          SELECT * FROM unnest(${clinicIds}::int[], ${keys}::text[], ${doctorIds}::int[])
                   WITH ORDINALITY AS a(clinic_id, key, doctor_id, n)
        )
        SELECT DISTINCT ON (ask.n)
               ask.n::int AS "ask", cs.id, cs.clinic_id AS "clinicId", cs.doctor_id AS "doctorId",
               cs.synonym_id AS "synonymId",
               (cs.appointment_on AND c.is_appointment_on) AS "appointmentOn",
               cs.has_intervals AS "hasIntervals",
               cs.is_available_appointment_direct AS "isDirect",
               cs.requires_primary_consultation OR ss.requires_primary_consultation AS "requiresPrimaryConsultation",
               t.tz, c.min_notice_minutes AS "minNoticeMinutes", c.buffer_minutes AS "bufferMinutes"
        FROM ask
        JOIN clinic_services cs ON cs.clinic_id = ask.clinic_id
         AND CASE WHEN ${byLine}::boolean THEN cs.id::text = ask.key
                  ELSE cs.synonym_id::text = ask.key OR cs.mis_service_id = ask.key END
         AND (ask.doctor_id IS NULL OR cs.doctor_id = ask.doctor_id)
        JOIN service_synonyms ss ON ss.id = cs.synonym_id
        JOIN clinics c ON c.id = cs.clinic_id
        JOIN towns t ON t.id = c.town_id
        ORDER BY ask.n, (cs.synonym_id::text = ask.key) DESC, cs.doctor_id IS NOT NULL, cs.has_intervals DESC, cs.sort, cs.id
      `,
      );
    },

    /**
     * The inputs of the free-slot rules for slot-booked lines, in one round trip: their rules,
     * exceptions and pushed slots, and what is taken: the line's own active appointments and live
     * holds (but the asking patient's), and for a doctor's line the doctor's anywhere. Rules,
     * exceptions and pushed slots carry the line's id in `workplaceId`, their owner field.
     */
    async serviceSlotInputs(
      lines: { id: number; doctorId: number | null }[],
      holds: { now: Date; holdsOf: number | null },
      days: { from: string; to: string },
      range: { from: Date; to: Date },
    ): Promise<Omit<SlotInputs, 'workplaces' | 'busy' | 'blocks'> & { busy: ServiceBusy[] }> {
      const lineIds = `{${lines.map((l) => l.id).join(',')}}`;
      const doctorIds = `{${lines.flatMap((l) => (l.doctorId === null ? [] : [l.doctorId])).join(',')}}`;
      const rows = await executeNamed<
        Omit<SlotInputs, 'workplaces' | 'busy' | 'blocks'> & { busy: ServiceBusy[] }
      >(
        db,
        'schedule_service_slot_inputs',
        sql`
        SELECT
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', r.clinic_service_id, 'weekday', r.weekday, 'start', r.start_time,
              'end', r.end_time, 'slotMinutes', r.slot_minutes, 'validFrom', r.valid_from,
              'validTo', r.valid_to)), '[]')
           FROM schedule_rules r
           WHERE r.clinic_service_id = ANY(${lineIds}::int[]) AND r.visit_type = 'clinic') AS rules,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', e.clinic_service_id, 'date', e.date, 'kind', e.kind, 'start', e.start_time,
              'end', e.end_time, 'slotMinutes', e.slot_minutes)), '[]')
           FROM schedule_exceptions e
           WHERE e.clinic_service_id = ANY(${lineIds}::int[])
             AND e.date >= ${days.from}::date AND e.date < ${days.to}::date) AS exceptions,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', x.clinic_service_id, 'startsAt', x.starts_at, 'durationMinutes', x.duration_minutes)), '[]')
           FROM explicit_slots x
           WHERE x.clinic_service_id = ANY(${lineIds}::int[]) AND x.visit_type = 'clinic'
             AND x.starts_at >= ${range.from.toISOString()}::timestamptz
             AND x.starts_at < ${range.to.toISOString()}::timestamptz) AS explicit,
          (SELECT coalesce(json_agg(json_build_object(
              'clinicServiceId', a.clinic_service_id, 'doctorId', a.doctor_id,
              'startsAt', lower(a.during), 'endsAt', upper(a.during))), '[]')
           FROM appointments a
           WHERE (a.clinic_service_id = ANY(${lineIds}::int[]) OR a.doctor_id = ANY(${doctorIds}::int[]))
             AND (a.status = 'active'
                  OR (a.status = 'held' AND a.hold_expires_at > ${holds.now.toISOString()}::timestamptz
                      AND a.user_id IS DISTINCT FROM ${holds.holdsOf}::int))
             AND a.during && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz)) AS busy
      `,
      );
      return rows[0];
    },

    /**
     * Everything a page of cards needs in ONE round trip (each query costs ~0.4 ms of Node time
     * here, and five of them were half of the call): the workplaces of the (doctor, clinic)
     * pairs with their zone, rules of the visit type, exceptions (every type's and the type's own)
     * and pushed slots in the range, the clinic's blocks there,
     * and the doctors' active appointments and live holds anywhere (but the asking patient's holds).
     */
    async slotInputs(
      pairs: { doctorId: number; clinicId: number }[],
      visitType: 'clinic' | 'home' | 'telemed',
      holds: { now: Date; holdsOf: number | null },
      days: { from: string; to: string },
      range: { from: Date; to: Date },
    ): Promise<SlotInputs> {
      const doctorIds = `{${pairs.map((p) => p.doctorId).join(',')}}`;
      const clinicIds = `{${pairs.map((p) => p.clinicId).join(',')}}`;
      // Named: the planner's share of this query was as large as the execution's.
      const rows = await executeNamed<SlotInputs>(
        db,
        'schedule_slot_inputs',
        sql`
        WITH p AS (SELECT * FROM unnest(${doctorIds}::int[], ${clinicIds}::int[]) AS p(doctor_id, clinic_id)),
        w AS (
          SELECT w.id, w.doctor_id AS "doctorId", w.clinic_id AS "clinicId",
                 (w.is_appointment_on AND c.is_appointment_on) AS "isAppointmentOn", t.tz,
                 wp.price, c.cancel_cutoff_minutes AS "cancelCutoffMinutes",
                 c.min_notice_minutes AS "minNoticeMinutes", c.buffer_minutes AS "bufferMinutes",
                 c.booking_horizon_days AS "bookingHorizonDays", w.mis_schedule AS "misSchedule"
          FROM p
          JOIN workplaces w ON w.doctor_id = p.doctor_id AND w.clinic_id = p.clinic_id
          JOIN clinics c ON c.id = w.clinic_id
          JOIN towns t ON t.id = c.town_id
          LEFT JOIN workplace_prices wp ON wp.workplace_id = w.id AND wp.visit_type = ${visitType}
        ),
        open AS (SELECT id, "doctorId" FROM w WHERE "isAppointmentOn")
        SELECT
          (SELECT coalesce(json_agg(w), '[]') FROM w) AS workplaces,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', r.workplace_id, 'weekday', r.weekday, 'start', r.start_time,
              'end', r.end_time, 'slotMinutes', r.slot_minutes, 'validFrom', r.valid_from,
              'validTo', r.valid_to)), '[]')
           FROM schedule_rules r
           WHERE r.workplace_id IN (SELECT id FROM open) AND r.visit_type = ${visitType}) AS rules,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', e.workplace_id, 'date', e.date, 'kind', e.kind, 'start', e.start_time,
              'end', e.end_time, 'slotMinutes', e.slot_minutes)), '[]')
           FROM schedule_exceptions e
           WHERE e.workplace_id IN (SELECT id FROM open)
             AND (e.visit_type IS NULL OR e.visit_type = ${visitType})
             AND e.date >= ${days.from}::date AND e.date < ${days.to}::date) AS exceptions,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', x.workplace_id, 'startsAt', x.starts_at, 'durationMinutes', x.duration_minutes)), '[]')
           FROM explicit_slots x
           WHERE x.workplace_id IN (SELECT id FROM open) AND x.visit_type = ${visitType}
             AND x.starts_at >= ${range.from.toISOString()}::timestamptz
             AND x.starts_at < ${range.to.toISOString()}::timestamptz) AS explicit,
          (SELECT coalesce(json_agg(json_build_object(
              'workplaceId', b.workplace_id, 'startsAt', lower(b.during), 'endsAt', upper(b.during))), '[]')
           FROM schedule_blocks b
           WHERE b.workplace_id IN (SELECT id FROM open)
             AND b.during && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz)) AS blocks,
          -- Taken times: the visits and live holds the exclusion constraint's index holds (not
          -- overbooked), then the overbooked ones by their own small index. One OR over both would
          -- match neither partial index and read the whole table (25 ms on the small bench set).
          (SELECT coalesce(json_agg(json_build_object(
              'doctorId', a.doctor_id, 'startsAt', lower(a.during), 'endsAt', upper(a.during))), '[]')
           FROM (
             SELECT doctor_id, during, status, hold_expires_at, user_id FROM appointments
             WHERE doctor_id IN (SELECT "doctorId" FROM open) AND NOT overbooked
               AND status IN ('active', 'held')
               AND during && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz)
             UNION ALL
             SELECT doctor_id, during, status, hold_expires_at, user_id FROM appointments
             WHERE doctor_id IN (SELECT "doctorId" FROM open) AND overbooked
               AND during && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz)
           ) a
           WHERE a.status = 'active'
              OR (a.status = 'held' AND a.hold_expires_at > ${holds.now.toISOString()}::timestamptz
                  AND a.user_id IS DISTINCT FROM ${holds.holdsOf}::int)) AS busy
      `,
      );
      return rows[0];
    },
  };
}

export type ScheduleRepo = ReturnType<typeof createScheduleRepo>;
