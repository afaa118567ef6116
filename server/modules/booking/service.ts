import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isWorkAccount } from '../../../core/auth/viewer';
import { type CallbackBody, callbackProblem } from '../../../core/booking/callback';
import {
  BOOKING_ERRORS,
  BOOKING_FAILURES,
  type BookingBody,
  type BookingFailureReason,
  fullPatientName,
  type HoldBody,
  SERVICE_BOOKING_FAILURES,
} from '../../../core/booking/form';
import { parseSlotParam, slotParam, type VisitType } from '../../../core/booking/urls';
import { formatVisitTime } from '../../../core/booking/visit';
import { zonedDay } from '../../../core/dates/zoned';
import { zonedInstant } from '../../../core/schedule/free-slots';
import { SERVICE_SCHEDULE_DAYS } from '../../../core/schedule/services-call';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PG_ERRORS, pgErrorCode, retryOnDeadlock } from '../../db/errors';
import { enqueue } from '../../jobs/queue';
import { httpError, type SessionViewer } from '../auth/viewer';
import type { ScheduleService } from '../schedule/service';
import { bookingJobs } from './messages';
import {
  type AppointmentRow,
  type BookingTargetRow,
  createBookingRepo,
  type NewAppointment,
  type ServiceTargetRow,
} from './repo';
import { visitSubject } from './subject';

/** Days the booking page offers (spec: 14 for doctors and clinics). */
export const BOOKING_DAYS = 14;
/** The most a patient's appointments page lists. */
const MY_APPOINTMENTS_LIMIT = 100;
/** Nearest free slots offered after a failure. */
const ALTERNATIVES = 6;

export interface OfferedSlot {
  day: string;
  time: string;
  duration: number;
  /** 'dd.MM.yyyy HH:mm', the redirect's form. */
  slot: string;
}

export type BookingResult = { ok: true; appointment: AppointmentRow; created: boolean } | BookingFailure;

export interface BookingFailure {
  ok: false;
  reason: BookingFailureReason;
  detail: string;
  alternatives: OfferedSlot[];
}

/** How long a time stays kept for a patient filling the booking form. */
export const HOLD_MS = 10 * 60_000;

/** Slots of a day as the booking checks them: every slot, taken ones marked. */
type MarkedDay = Record<string, { time: string; duration: number; free?: boolean }[]>;

/**
 * What a booking goes to: a doctor at a clinic, or a slot-booked line of a clinic's price list.
 * `kind` picks the slot call and the words of a refusal.
 */
type Target = ({ kind: 'doctor' } & DoctorSpot) | ({ kind: 'service' } & ServiceTargetRow);

/** What a doctor's booking needs of the workplace (a BookingTargetRow has it all too). */
type DoctorSpot = Pick<
  BookingTargetRow,
  'workplaceId' | 'doctorId' | 'clinicId' | 'appointmentOn' | 'tz' | 'price' | 'cancelCutoffMinutes'
>;

export interface ServiceBookingTarget extends ServiceTargetRow {
  /** 'yyyy-MM-dd' in the clinic's zone. */
  today: string;
  /** Free slots of the next SERVICE_SCHEDULE_DAYS days in the clinic's zone. */
  slots: Record<string, { time: string; duration: number }[]>;
}

export interface BookingTarget extends BookingTargetRow {
  /** 'yyyy-MM-dd' in the clinic's zone. */
  today: string;
  visitType: VisitType;
  /** Free slots from today, day → slots, in the clinic's zone. */
  slots: Record<string, { time: string; duration: number }[]>;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Booking a doctor at a clinic (issue 4). The database is the guarantee against double booking
 * (EXCLUDE constraints, migration 0002): the checks here only turn a clash into the spec's
 * 'Не получилось записаться' with the nearest free slots instead.
 */
export function createBookingService({
  db,
  clock,
  schedule,
}: {
  db: Db;
  clock: Clock;
  schedule: ScheduleService;
}) {
  const repo = createBookingRepo(db);

  /** Free (or, with `all`, every slot marked) of a target from a day, in the clinic's zone. */
  async function slotsOf(
    target: Target,
    visitType: VisitType,
    from: string,
    days: number,
    holdsOf: number | null,
    all = false,
  ): Promise<MarkedDay> {
    if (target.kind === 'service') {
      const [answer] = await schedule.servicesSchedule(
        {
          days,
          day_start: from,
          only_free: !all,
          town_timedelta: 0,
          services: [{ lpu_id: target.clinicId, service_id: String(target.clinicServiceId) }],
        },
        holdsOf,
        { byLine: true },
      );
      return answer.slots;
    }
    const [answer] = await schedule.slotsBulk(
      {
        days,
        dt_start: from,
        doctors_lpus: [{ doctor_id: target.doctorId, lpu_id: target.clinicId }],
        town_timedelta: 0,
        all_slots: all,
      },
      visitType,
      holdsOf,
    );
    return answer.slots;
  }

  const daysOf = (target: Target) => (target.kind === 'service' ? SERVICE_SCHEDULE_DAYS : BOOKING_DAYS);

  async function alternatives(
    target: Target,
    visitType: VisitType,
    holdsOf: number | null,
  ): Promise<OfferedSlot[]> {
    const today = zonedDay(clock.now(), target.tz).date;
    const slots = await slotsOf(target, visitType, today, daysOf(target), holdsOf);
    const out: OfferedSlot[] = [];
    for (const [day, list] of Object.entries(slots).sort(([a], [b]) => a.localeCompare(b))) {
      for (const s of list) {
        if (out.length === ALTERNATIVES) return out;
        out.push({ day, time: s.time, duration: s.duration, slot: slotParam(day, s.time) });
      }
    }
    return out;
  }

  async function failure(
    reason: BookingFailureReason,
    target: Target | null,
    visitType: VisitType,
    holdsOf: number | null = null,
    kind: Target['kind'] = target?.kind ?? 'doctor',
  ): Promise<BookingFailure> {
    return {
      ok: false,
      reason,
      detail: (kind === 'service' ? SERVICE_BOOKING_FAILURES : BOOKING_FAILURES)[reason],
      alternatives: target?.appointmentOn ? await alternatives(target, visitType, holdsOf) : [],
    };
  }

  /**
   * Where a booking or a hold would go: the doctor at the clinic (or the service line) and the
   * asked time, if it is inside the rules, not in an exception, in the future and not taken (the
   * patient's own hold does not count).
   */
  async function place(
    userId: number,
    ask: HoldBody,
  ): Promise<
    | { ok: true; target: Target; startsAt: Date; endsAt: Date }
    | { ok: false; reason: BookingFailureReason; target: Target | null }
  > {
    const slot = parseSlotParam(ask.slot);
    if (!slot) throw httpError(400, BOOKING_ERRORS.slot, { errors: { slot: BOOKING_ERRORS.slot } });
    let target: Target | null;
    let day: MarkedDay;
    if (ask.service_id === undefined) {
      // A doctor's workplace and the day's slots come in one query (this is the hot path).
      const found = await schedule.bookingDay(
        { doctor_id: ask.doctor_id as number, lpu_id: ask.lpu_id },
        ask.type,
        slot.day,
        userId,
      );
      const w = found.workplace;
      target = w && {
        kind: 'doctor',
        workplaceId: w.id,
        doctorId: w.doctorId,
        clinicId: w.clinicId,
        appointmentOn: w.isAppointmentOn,
        tz: w.tz,
        price: w.price,
        cancelCutoffMinutes: w.cancelCutoffMinutes,
      };
      day = found.slots;
    } else {
      const row = await repo.serviceTarget({
        clinicId: ask.lpu_id,
        key: ask.service_id,
        doctorId: ask.doctor_id ?? null,
      });
      target = row && { kind: 'service', ...row };
      day = target?.appointmentOn ? await slotsOf(target, ask.type, slot.day, 1, userId, true) : {};
    }
    if (!target) return { ok: false, reason: 'not_found', target: null };
    if (!target.appointmentOn) return { ok: false, reason: 'booking_off', target };
    const offered = day[slot.day]?.find((s) => s.time === slot.time);
    if (!offered) return { ok: false, reason: 'slot_unavailable', target };
    if (offered.free === false) return { ok: false, reason: 'slot_taken', target };
    const startsAt = zonedInstant(slot.day, slot.time, target.tz);
    return { ok: true, target, startsAt, endsAt: new Date(startsAt.getTime() + offered.duration * 60_000) };
  }

  /** The appointment's owner columns: a doctor's workplace, or a service line (and its doctor). */
  const kindOf = (ask: { service_id?: string }): Target['kind'] =>
    ask.service_id === undefined ? 'doctor' : 'service';

  const ownerOf = (target: Target) =>
    target.kind === 'doctor'
      ? { workplaceId: target.workplaceId, clinicServiceId: null, doctorId: target.doctorId }
      : { workplaceId: null, clinicServiceId: target.clinicServiceId, doctorId: target.doctorId };

  function requirePatient(viewer: SessionViewer): number {
    if (viewer.isAnonymous || viewer.userId === null) throw httpError(401, BOOKING_ERRORS.signIn);
    if (isWorkAccount(viewer)) throw httpError(403, BOOKING_ERRORS.workAccount);
    return viewer.userId;
  }

  return {
    /** The booking page: the doctor at the clinic and the free slots of the next 14 days. */
    async target(
      doctorId: number,
      clinicId: number,
      visitType: VisitType,
      viewer: SessionViewer | null = null,
    ): Promise<BookingTarget | null> {
      const row = await repo.target(doctorId, clinicId, visitType);
      if (!row) return null;
      const today = zonedDay(clock.now(), row.tz).date;
      const holdsOf = viewer?.userId ?? null;
      const slots = row.appointmentOn
        ? await slotsOf({ kind: 'doctor', ...row }, visitType, today, BOOKING_DAYS, holdsOf)
        : {};
      return { ...row, today, visitType, slots };
    },

    /**
     * The service booking page (`/uslugi/appointment/new/?lpu&service`): the clinic's line of the
     * service (a synonym id or its MIS id; a doctor's line with `doctorId`) and its free slots of
     * the next SERVICE_SCHEDULE_DAYS days.
     */
    async serviceTarget(
      ask: { clinicId: number; key: string; doctorId: number | null },
      viewer: SessionViewer | null = null,
    ): Promise<ServiceBookingTarget | null> {
      const row = await repo.serviceTarget(ask);
      if (!row) return null;
      const today = zonedDay(clock.now(), row.tz).date;
      const slots = row.appointmentOn
        ? await slotsOf(
            { kind: 'service', ...row },
            'clinic',
            today,
            SERVICE_SCHEDULE_DAYS,
            viewer?.userId ?? null,
          )
        : {};
      return { ...row, today, slots };
    },

    /**
     * Keeps the time for the patient while they fill the form (HOLD_MS): others see it taken and
     * cannot book it; the patient's booking with the hold's id turns it into the appointment.
     * A patient holds one time at a time; an expired hold is cleared by whoever needs the time.
     */
    async hold(
      viewer: SessionViewer,
      ask: HoldBody,
    ): Promise<{ ok: true; id: number; expiresAt: string } | BookingFailure> {
      const userId = requirePatient(viewer);
      const spot = await place(userId, ask);
      if (!spot.ok) return failure(spot.reason, spot.target, ask.type, userId, kindOf(ask));
      const { target, startsAt, endsAt } = spot;
      const owner = ownerOf(target);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + HOLD_MS);
      try {
        const id = await retryOnDeadlock(() =>
          db.transaction(async (tx) => {
            await repo.clearHolds(tx, { ...owner, userId }, { startsAt, endsAt }, now);
            return repo.insert(
              {
                ...owner,
                clinicId: target.clinicId,
                userId,
                visitType: ask.type,
                startsAt,
                endsAt,
                patientName: '',
                patientPhone: viewer.userPhone,
                patientBirthDate: null,
                source: null,
                price: target.price,
                requestKey: null,
                cancelToken: null,
                holdExpiresAt: expiresAt,
              },
              tx,
            );
          }),
        );
        return { ok: true, id, expiresAt: expiresAt.toISOString() };
      } catch (err) {
        const code = pgErrorCode(err);
        if (code === PG_ERRORS.exclusionViolation || code === PG_ERRORS.deadlockDetected)
          return failure('slot_taken', target, ask.type, userId);
        throw err;
      }
    },

    /**
     * No free slots: the patient asks the clinic to call back on a day, in parts of it that
     * still leave the clinic MIN_HOURS_TO_CALL hours (on the clinic's clock).
     */
    async requestCallback(viewer: SessionViewer, body: CallbackBody) {
      const userId = requirePatient(viewer);
      const target = await repo.target(body.doctor_id, body.lpu_id, 'clinic');
      if (!target) throw httpError(404, BOOKING_FAILURES.not_found);
      if (!target.appointmentOn) throw httpError(409, BOOKING_FAILURES.booking_off);
      const now = clock.now();
      const problem = callbackProblem(body, now, target.tz);
      if (problem) throw httpError(400, problem, { errors: { times: problem } });
      const id = await repo.upsertCallback({
        doctorId: target.doctorId,
        clinicId: target.clinicId,
        userId,
        phone: viewer.userPhone,
        date: body.date,
        times: [...new Set(body.times)],
        at: now,
      });
      return { id, date: body.date, times: [...new Set(body.times)] };
    },

    /** The patient left the form: the held time is free again at once. */
    async release(viewer: SessionViewer, holdId: number): Promise<{ released: boolean }> {
      const userId = requirePatient(viewer);
      return { released: await repo.releaseHold(holdId, userId) };
    },

    async book(viewer: SessionViewer, body: BookingBody): Promise<BookingResult> {
      const userId = requirePatient(viewer);
      // A retried press of 'Записаться' (a lost reply, a double click) finds its appointment. It is
      // looked for only when the booking cannot go ahead (its own appointment took the slot), so
      // the usual booking spends no query on it.
      const retried = async (): Promise<BookingResult | null> => {
        const again = await repo.byRequestKey(body.request_key);
        if (!again) return null;
        if (again.userId !== userId) throw httpError(409, BOOKING_ERRORS.badRequest);
        return { ok: true, appointment: again, created: false };
      };
      const refuse = async (reason: BookingFailureReason, target: Target | null) =>
        (await retried()) ?? failure(reason, target, body.type, userId, kindOf(body));

      const spot = await place(userId, body);
      if (!spot.ok) return refuse(spot.reason, spot.target);
      const { target, startsAt, endsAt } = spot;
      const owner = ownerOf(target);
      const row: NewAppointment = {
        ...owner,
        clinicId: target.clinicId,
        userId,
        visitType: body.type,
        startsAt,
        endsAt,
        patientName: fullPatientName(body),
        patientPhone: viewer.userPhone,
        patientBirthDate: body.birth_date,
        source: body.source ?? null,
        price: target.price,
        requestKey: body.request_key,
        cancelToken: randomBytes(18).toString('base64url'),
      };
      const now = clock.now();
      let id: number;
      try {
        // The appointment and its messages (confirmation, reminder) commit together. The
        // patient's live hold of this time becomes the appointment; without one, expired holds
        // in the way (and the patient's other holds) go first.
        const held = body.hold_id;
        id = await retryOnDeadlock(() =>
          held
            ? db.transaction(async (tx) => {
                let booked: number | null = null;
                if (await repo.confirmHold(tx, held, row, now)) booked = held;
                if (booked === null) {
                  await repo.clearHolds(tx, { ...owner, userId }, { startsAt, endsAt }, now);
                  booked = await repo.insert(row, tx);
                }
                await enqueue(tx, bookingJobs({ id: booked, startsAt }, now));
                return booked;
              })
            : // The usual booking (no hold of this time): one statement does it all.
              repo.bookAtOnce(
                row,
                now,
                bookingJobs({ id: 0, startsAt }, now).map((j) => ({ kind: j.kind, runAt: j.runAt })),
              ),
        );
      } catch (err) {
        const code = pgErrorCode(err);
        // Someone else got the time between our check and our insert: the constraint said no
        // (or, racing them twice, PostgreSQL ended our wait for each other).
        if (code === PG_ERRORS.exclusionViolation || code === PG_ERRORS.deadlockDetected)
          return refuse('slot_taken', target);
        if (code === PG_ERRORS.uniqueViolation) {
          const twin = await retried();
          if (twin) return twin;
        }
        throw err;
      }
      const appointment: AppointmentRow = {
        id,
        doctorId: row.doctorId,
        clinicId: row.clinicId,
        workplaceId: row.workplaceId,
        clinicServiceId: row.clinicServiceId,
        visitType: row.visitType,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        status: 'active',
        patientName: row.patientName,
        patientPhone: row.patientPhone,
        price: row.price,
        cancelToken: row.cancelToken,
        userId,
        cancelCutoffMinutes: target.cancelCutoffMinutes,
      };
      return { ok: true, appointment, created: true };
    },

    /** An appointment for its patient (signed in) or for the holder of its link's token. */
    async view(viewer: SessionViewer, id: number, token: string | null) {
      const appointment = await repo.byId(id);
      if (!appointment) return null;
      const owner = viewer.userId !== null && appointment.userId === viewer.userId;
      const holder =
        token !== null && appointment.cancelToken !== null && sameSecret(token, appointment.cancelToken);
      if (!owner && !holder) return null;
      const subject = await visitSubject(repo, appointment);
      const cutoff = new Date(appointment.startsAt).getTime() - appointment.cancelCutoffMinutes * 60_000;
      return {
        appointment,
        subject,
        canCancel: appointment.status === 'active' && clock.now().getTime() < cutoff,
      };
    },

    /** `/profile/appointments`: upcoming visits soonest first, then the past ones, newest first. */
    async mine(viewer: SessionViewer) {
      if (viewer.userId === null) return { upcoming: [], past: [] };
      const now = clock.now().getTime();
      const rows = await repo.forUser(viewer.userId, MY_APPOINTMENTS_LIMIT);
      const items = rows.map((a) => ({
        id: a.id,
        status: a.status,
        startsAt: a.startsAt,
        when: formatVisitTime(a.startsAt, a.tz),
        title: a.title,
        titleUrl: a.titleUrl,
        doctorId: a.doctorId,
        clinicId: a.clinicId,
        specialities: a.specialities,
        clinicName: a.clinicName,
        address: a.address,
        url: `/appointment/${a.id}/`,
        canCancel:
          a.status === 'active' && now < new Date(a.startsAt).getTime() - a.cancelCutoffMinutes * 60_000,
      }));
      const ahead = (i: { startsAt: string }) => new Date(i.startsAt).getTime() > now;
      return {
        upcoming: items.filter((i) => ahead(i) && i.status === 'active').reverse(),
        past: items.filter((i) => !ahead(i) || i.status !== 'active'),
      };
    },

    /** Cancels before the clinic's cut-off; the slot is free again at once (the next slot call sees it). */
    async cancel(viewer: SessionViewer, id: number, token: string | null) {
      const seen = await this.view(viewer, id, token);
      if (!seen) throw httpError(404, 'Запись не найдена');
      if (seen.appointment.status !== 'active') throw httpError(409, 'Запись уже отменена');
      if (!seen.canCancel) throw httpError(409, 'Отменить запись на сайте уже нельзя: позвоните в клинику');
      if (!(await repo.cancel(id, clock.now()))) throw httpError(409, 'Запись уже отменена');
      return { status: 'canceled' as const };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
