import type { ReactNode } from 'react';
import { BOOKING_FAILURES, BOOKING_OFF_TEXTS } from '../../../core/booking/form';
import {
  type BookingSource,
  DEFAULT_VISIT_TYPE,
  doctorAppointmentUrl,
  type VisitType,
} from '../../../core/booking/urls';
import type { DoctorSlots } from '../../../core/schedule/contracts';
import { hasSlots, type SlotChoice } from '../../../core/schedule/day-tabs';
import { SCHEDULE_DAYS } from '../../../core/schedule/limits';
import { parseSlotFilters, type SlotFilters } from '../../../core/schedule/slot-filters';
import { AppointmentCalendar, ScheduleUnavailable } from './calendar';
import type { ScheduleSlotProps } from './schedule-slot';
import { requestSlots, type SlotsWindow } from './slots-api';
import { townWindow } from './window';

/** The days a list card shows (townWindow) and the doctors' slot call's window of them. */
export function scheduleWindow(now: Date, tz: string): SlotsWindow & { list: string[] } {
  const { today, townTimedelta, days } = townWindow(now, tz, SCHEDULE_DAYS);
  return { days: SCHEDULE_DAYS, dtStart: today, townTimedelta, list: days };
}

/**
 * What ScheduleSlot shows once the slots are in: the widget of the doctor at the card's clinic for
 * one appointment type (the visit-type control over it chooses which). It never fails: a failed
 * call is the stub.
 */
export async function scheduleOf(
  {
    doctorId,
    lpuId,
    tz = 'Europe/Moscow',
    search,
    source = 'doctors_list',
    type = DEFAULT_VISIT_TYPE,
  }: ScheduleSlotProps,
  request = requestSlots,
  now = new Date(),
): Promise<ReactNode> {
  const { list, ...span } = scheduleWindow(now, tz);
  const answer = await request(doctorId, lpuId, span, type);
  return (
    <DoctorSchedule
      doctorId={doctorId}
      lpuId={lpuId}
      days={list}
      answer={answer}
      urlFilters={parseSlotFilters(new URLSearchParams(search))}
      source={source}
      type={type}
    />
  );
}

/**
 * The calendar when some day has slots; with none, the express button when the clinic books
 * without a slot; when the clinic takes no online booking of the doctor, its words and a link to
 * the booking page's phone, callback and waitlist; with no answer (a failed call) the stub. It fills ScheduleSlot's fixed-height box.
 */
export function DoctorSchedule({
  doctorId,
  lpuId,
  days,
  answer,
  urlFilters,
  source = 'doctors_list',
  type,
}: {
  doctorId: number;
  lpuId: number;
  /** 'yyyy-MM-dd' from today in the town's zone. */
  days: string[];
  answer: DoctorSlots | null;
  urlFilters: SlotFilters;
  source?: BookingSource;
  /** The appointment type of the slots; the booking link carries it when it is not the clinic's. */
  type?: VisitType;
}) {
  if (answer && days.some((day) => hasSlots(answer.slots, day))) {
    const book = (choice: SlotChoice) =>
      window.location.assign(
        doctorAppointmentUrl({ doctorId, lpuId, day: choice.day, time: choice.time, type, source }),
      );
    return (
      <AppointmentCalendar
        days={days}
        slots={answer.slots}
        today={days[0]}
        urlFilters={urlFilters}
        onSelect={book}
      />
    );
  }
  if (answer && !answer.appointment_on) {
    // Not a dead end (issue 46): the booking page has the clinic's phone, the callback and the waitlist.
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-lg bg-canvas px-4 text-center">
        <p className="text-sm text-ink-soft">{BOOKING_FAILURES.booking_off}</p>
        <a
          href={doctorAppointmentUrl({ doctorId, lpuId, type, source })}
          className="rounded-lg border border-brand px-4 py-2 text-sm font-medium text-brand hover:bg-brand-soft"
        >
          {BOOKING_OFF_TEXTS.ways}
        </a>
      </div>
    );
  }
  if (answer?.appointment_on) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <a
          href={doctorAppointmentUrl({ doctorId, lpuId, type, source })}
          className="rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark"
        >
          Запись на приём
        </a>
      </div>
    );
  }
  return <ScheduleUnavailable />;
}
