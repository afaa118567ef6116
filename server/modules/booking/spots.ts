import type { HoldBody, OfferedSlot } from '../../../core/booking/contracts';
import {
  BOOKING_ERRORS,
  BOOKING_FAILURES,
  BOOKING_TITLES,
  type BookingFailureReason,
  SERVICE_BOOKING_FAILURES,
} from '../../../core/booking/form';
import { parseSlotParam, slotParam, type VisitType } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import type { MarkedDays } from '../../../core/schedule/contracts';
import { addDays, zonedInstant } from '../../../core/schedule/free-slots';
import { SERVICE_SCHEDULE_DAYS } from '../../../core/schedule/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, DomainError } from '../../http/errors';
import type { ScheduleService } from '../schedule/service';
import type { BookingRepo } from './repo';
import type { BookingTargetRow, ServiceTargetRow } from './targets-repo';

/** Nearest free slots offered after a failure. */
const ALTERNATIVES = 6;

/** What a doctor's booking needs of the workplace (a BookingTargetRow has it all too). */
type DoctorSpot = Pick<
  BookingTargetRow,
  | 'workplaceId'
  | 'doctorId'
  | 'clinicId'
  | 'appointmentOn'
  | 'tz'
  | 'price'
  | 'cancelCutoffMinutes'
  | 'minNoticeMinutes'
  | 'bookingHorizonDays'
>;

/**
 * What a booking goes to: a doctor at a clinic, or a slot-booked line of a clinic's price list.
 * `kind` picks the slots and the words of a refusal.
 */
export type Target = ({ kind: 'doctor' } & DoctorSpot) | ({ kind: 'service' } & ServiceTargetRow);

/** A free time found for the patient. */
export interface Placed {
  target: Target;
  startsAt: Date;
  endsAt: Date;
  /** The asked day, 'yyyy-MM-dd' on the clinic's clock. */
  day: string;
}

/** Why there is no such time (the caller refuses, unless the patient's own retry explains it). */
export interface Unplaced {
  reason: BookingFailureReason;
  target: Target | null;
  /** The asked day: the nearest free times offered start from it (when it is in the calendar). */
  day?: string;
}

/** The appointment's owner columns: a doctor's workplace, or a service line (and its doctor). */
export const ownerOf = (target: Target) =>
  target.kind === 'doctor'
    ? { workplaceId: target.workplaceId, clinicServiceId: null, doctorId: target.doctorId }
    : { workplaceId: null, clinicServiceId: target.clinicServiceId, doctorId: target.doctorId };

export const kindOf = (ask: { service_id?: string }): Target['kind'] =>
  ask.service_id === undefined ? 'doctor' : 'service';

/**
 * Where a booking or a hold would go, and the refusal when it cannot: the asked time must be in
 * the schedule's rules, not in an exception, in the future and not taken. The database is still
 * the guarantee against double booking (its exclusion constraints); these checks turn a clash
 * into 'Не получилось записаться' with the nearest free times instead.
 */
export function createSpots({
  clock,
  schedule,
  repo,
}: {
  clock: Clock;
  schedule: ScheduleService;
  repo: BookingRepo;
}) {
  /** Free (or, with `all`, every slot marked) of a target from a day, in the clinic's zone. */
  function slotsOf(
    target: Target,
    visitType: VisitType,
    window: { from: string; days: number },
    holdsOf: number | null,
    all = false,
  ): Promise<MarkedDays> {
    return target.kind === 'service'
      ? schedule.serviceLineDays({
          clinicId: target.clinicId,
          lineId: target.clinicServiceId,
          ...window,
          holdsOf,
          all,
        })
      : schedule.doctorDays({
          doctorId: target.doctorId,
          clinicId: target.clinicId,
          ...window,
          visitType,
          holdsOf,
          all,
        });
  }

  /** The days a target's page shows: a doctor's as far as the clinic's horizon (14 days by default), a month of a service. */
  const daysOf = (target: Target) =>
    target.kind === 'service' ? SERVICE_SCHEDULE_DAYS : target.bookingHorizonDays;

  /**
   * The nearest free times from the asked day (from today when there is none, it is outside the
   * calendar's days, or nothing is free from it on).
   */
  async function alternatives(
    target: Target,
    visitType: VisitType,
    holdsOf: number | null,
    asked: string | undefined,
  ): Promise<OfferedSlot[]> {
    const today = zonedDay(clock.now(), target.tz).date;
    const end = addDays(today, daysOf(target));
    const from = asked && asked > today && asked < end ? asked : today;
    const days = daysOf(target) - (Date.parse(from) - Date.parse(today)) / 86_400_000;
    const slots = await slotsOf(target, visitType, { from, days }, holdsOf);
    const out: OfferedSlot[] = [];
    for (const [day, list] of Object.entries(slots).sort(([a], [b]) => a.localeCompare(b))) {
      for (const s of list) {
        if (out.length === ALTERNATIVES) return out;
        out.push({ day, time: s.time, duration: s.duration, slot: slotParam(day, s.time) });
      }
    }
    // Nothing free from the asked day on: the earlier free times are better than none.
    return out.length === 0 && from !== today ? alternatives(target, visitType, holdsOf, undefined) : out;
  }

  return {
    slotsOf,

    /**
     * The refusal of a booking or a hold (409): the reason in the words of a doctor or a service,
     * and the nearest free times of the target when it takes bookings.
     */
    async refusal(
      { reason, target, day }: Unplaced,
      visitType: VisitType,
      holdsOf: number | null,
      kind: Target['kind'] = target?.kind ?? 'doctor',
    ): Promise<DomainError> {
      const detail = (kind === 'service' ? SERVICE_BOOKING_FAILURES : BOOKING_FAILURES)[reason];
      return new DomainError(reason, detail, 409, {
        title: BOOKING_TITLES.failure,
        reason,
        alternatives: target?.appointmentOn ? await alternatives(target, visitType, holdsOf, day) : [],
      });
    },

    /**
     * The doctor at the clinic (or the service line) and the asked time, if it is inside the
     * rules, not in an exception, in the future and not taken (the patient's own hold does not
     * count); else why not.
     */
    async place(userId: number, ask: HoldBody): Promise<Placed | Unplaced> {
      const slot = parseSlotParam(ask.slot);
      if (!slot) throw badRequest(BOOKING_ERRORS.slot, { errors: { slot: BOOKING_ERRORS.slot } });
      let target: Target | null;
      let day: MarkedDays;
      if (ask.service_id === undefined) {
        // A doctor's workplace and the day's slots come in one query (this is the hot path).
        const found = await schedule.bookingDay({
          doctorId: ask.doctor_id as number,
          clinicId: ask.lpu_id,
          visitType: ask.type,
          day: slot.day,
          holdsOf: userId,
        });
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
          minNoticeMinutes: w.minNoticeMinutes,
          bookingHorizonDays: w.bookingHorizonDays,
        };
        day = found.slots;
      } else {
        const row = await repo.serviceTarget({
          clinicId: ask.lpu_id,
          key: ask.service_id,
          doctorId: ask.doctor_id ?? null,
        });
        target = row && { kind: 'service', ...row };
        day = target?.appointmentOn
          ? await slotsOf(target, ask.type, { from: slot.day, days: 1 }, userId, true)
          : {};
      }
      if (!target) return { reason: 'not_found', target: null };
      if (!target.appointmentOn) return { reason: 'booking_off', target, day: slot.day };
      // The clinic's own rules, before the schedule: a time gone by, one inside the clinic's
      // minimum notice, or past the calendar's days (the clinic's horizon for doctors, 14 days by
      // default; 30 for services; from the clinic's today).
      const startsAt = zonedInstant(slot.day, slot.time, target.tz);
      if (startsAt.getTime() <= clock.now().getTime()) return { reason: 'slot_past', target, day: slot.day };
      if (startsAt.getTime() <= clock.now().getTime() + target.minNoticeMinutes * 60_000)
        return { reason: 'too_soon', target, day: slot.day };
      const today = zonedDay(clock.now(), target.tz).date;
      if (slot.day >= addDays(today, daysOf(target))) return { reason: 'too_far', target, day: slot.day };
      const offered = day[slot.day]?.find((s) => s.time === slot.time);
      if (!offered) return { reason: 'slot_unavailable', target, day: slot.day };
      if (offered.free === false) return { reason: 'slot_taken', target, day: slot.day };
      return {
        target,
        startsAt,
        endsAt: new Date(startsAt.getTime() + offered.duration * 60_000),
        day: slot.day,
      };
    },
  };
}

export type Spots = ReturnType<typeof createSpots>;

/** What the use cases that place a time (a hold, a booking) work with. */
export interface PlacingDeps {
  db: Db;
  clock: Clock;
  repo: BookingRepo;
  spots: Spots;
}

export const isUnplaced = (spot: Placed | Unplaced): spot is Unplaced => 'reason' in spot;
