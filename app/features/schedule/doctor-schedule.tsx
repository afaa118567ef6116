import { tzOffset } from '@date-fns/tz';
import type { ReactNode } from 'react';
import { type BookingSource, doctorAppointmentUrl } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import { hasSlots, type SlotChoice } from '../../../core/schedule/day-tabs';
import { addDays } from '../../../core/schedule/free-slots';
import { parseSlotFilters, type SlotFilters } from '../../../core/schedule/slot-filters';
import { AppointmentCalendar } from './calendar';
import type { ScheduleSlotProps } from './schedule-slot';
import { type DoctorSlots, requestSlots, type SlotsWindow } from './slots-api';

/** Doctors and clinics show two weeks (spec 'Schedule widget per item'). */
export const SCHEDULE_DAYS = 14;

/**
 * The days a list card shows, from today in the town's zone, and the town's offset in whole
 * hours for `town_timedelta`. E.g. 23:30 UTC on 4 May in Asia/Vladivostok: today is 5 May and
 * the offset is 10.
 */
export function scheduleWindow(now: Date, tz: string): SlotsWindow & { list: string[] } {
  const today = zonedDay(now, tz).date;
  return {
    days: SCHEDULE_DAYS,
    dtStart: today,
    townTimedelta: Math.round(tzOffset(tz, now) / 60),
    list: Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i)),
  };
}

/**
 * What ScheduleSlot shows once the slots are in: the widget of the doctor at the card's clinic.
 * It never fails: a failed call is the stub.
 */
export async function scheduleOf(
  { doctorId, lpuId, tz = 'Europe/Moscow', search, source = 'doctors_list' }: ScheduleSlotProps,
  request = requestSlots,
  now = new Date(),
): Promise<ReactNode> {
  const { list, ...span } = scheduleWindow(now, tz);
  const answer = await request(doctorId, lpuId, span);
  return (
    <DoctorSchedule
      doctorId={doctorId}
      lpuId={lpuId}
      days={list}
      answer={answer}
      urlFilters={parseSlotFilters(new URLSearchParams(search))}
      source={source}
    />
  );
}

/**
 * The calendar when some day has slots; with none, the express button when the clinic books
 * without a slot; else (or with no answer) the stub. It fills ScheduleSlot's fixed-height box.
 */
export function DoctorSchedule({
  doctorId,
  lpuId,
  days,
  answer,
  urlFilters,
  source = 'doctors_list',
}: {
  doctorId: number;
  lpuId: number;
  /** 'yyyy-MM-dd' from today in the town's zone. */
  days: string[];
  answer: DoctorSlots | null;
  urlFilters: SlotFilters;
  source?: BookingSource;
}) {
  if (answer && days.some((day) => hasSlots(answer.slots, day))) {
    const book = (choice: SlotChoice) =>
      window.location.assign(
        doctorAppointmentUrl({ doctorId, lpuId, day: choice.day, time: choice.time, source }),
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
  if (answer?.appointment_on) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <a
          href={doctorAppointmentUrl({ doctorId, lpuId, source })}
          className="rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark"
        >
          Запись на приём
        </a>
      </div>
    );
  }
  return (
    <p className="flex flex-1 items-center justify-center rounded-lg bg-canvas px-4 text-center text-sm text-ink-soft">
      Расписание недоступно
    </p>
  );
}
