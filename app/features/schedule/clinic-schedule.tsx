import { tzOffset } from '@date-fns/tz';
import type { ReactNode } from 'react';
import { doctorAppointmentUrl } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import { hasSlots, type SlotChoice } from '../../../core/schedule/day-tabs';
import { addDays } from '../../../core/schedule/free-slots';
import { parseSlotFilters, type SlotFilters } from '../../../core/schedule/slot-filters';
import { csrfToken } from '../../lib/csrf';
import { createBatcher } from './batch';
import { AppointmentCalendar } from './calendar';
import { SCHEDULE_DAYS } from './doctor-schedule';

/** A clinic's free times for a speciality, each naming the doctors free then. */
export interface ClinicSlots {
  lpu_id: number;
  speciality_id: number;
  slots: Record<string, { time: string; duration: number; doctor_ids: number[] }[]>;
}

interface ClinicAsk {
  lpu_id: number;
  speciality_id: number;
}

interface Span {
  days: number;
  dtStart: string;
  townTimedelta: number;
}

export type FetchClinicSlots = (body: {
  days: number;
  dt_start: string;
  town_timedelta: number;
  lpus_specialities: ClinicAsk[];
}) => Promise<ClinicSlots[]>;

const postClinicSlots: FetchClinicSlots = async (body) => {
  const response = await fetch('/ajax/schedule/slots_bulk_by_specialities/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`slots_bulk_by_specialities: HTTP ${response.status}`);
  return response.json() as Promise<ClinicSlots[]>;
};

export function createClinicBatcher(fetchSlots: FetchClinicSlots = postClinicSlots) {
  return createBatcher<ClinicAsk, ClinicSlots, Span>({
    send: (span, asks) =>
      fetchSlots({
        days: span.days,
        dt_start: span.dtStart,
        town_timedelta: span.townTimedelta,
        lpus_specialities: asks,
      }),
    spanKey: (s) => `${s.dtStart}/${s.days}/${s.townTimedelta}`,
    askKey: (a) => `${a.lpu_id}:${a.speciality_id}`,
    // MAX_SLOT_ITEMS of core/schedule/call-schemas.ts (not imported: it brings zod along).
    max: 100,
  });
}

const requestClinicSlots = createClinicBatcher();

export interface ClinicScheduleProps {
  lpuId: number;
  specialityId: number;
  specialityName: string;
  /** The clinic's doctors page: booking when the calendar has nothing to offer. */
  doctorsUrl: string;
  tz: string;
  search: string;
}

/** What a clinic list card's box shows once the answer is in (a failed call counts as no slots). */
export async function clinicScheduleOf(
  props: ClinicScheduleProps,
  request = requestClinicSlots,
  now = new Date(),
): Promise<ReactNode> {
  const today = zonedDay(now, props.tz).date;
  const answer = await request(
    { lpu_id: props.lpuId, speciality_id: props.specialityId },
    { days: SCHEDULE_DAYS, dtStart: today, townTimedelta: Math.round(tzOffset(props.tz, now) / 60) },
  );
  return (
    <ClinicSchedule
      {...props}
      days={Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i))}
      answer={answer}
      urlFilters={parseSlotFilters(new URLSearchParams(props.search))}
    />
  );
}

/**
 * A clinic list card's widget (spec 'Schedule widget per item', clinic lists): the clinic's free
 * times for its main speciality over two weeks; a slot books the first doctor free then. With
 * none, 'Запись на приём' to the clinic's doctors on phones and 'Расписание недоступно' on desktop.
 */
export function ClinicSchedule({
  lpuId,
  specialityId,
  specialityName,
  doctorsUrl,
  days,
  answer,
  urlFilters,
}: Omit<ClinicScheduleProps, 'tz' | 'search'> & {
  days: string[];
  answer: ClinicSlots | null;
  urlFilters: SlotFilters;
}) {
  if (!answer || !days.some((day) => hasSlots(answer.slots, day))) {
    return (
      <div className="flex flex-1 items-center justify-center rounded-lg bg-canvas px-4 text-center text-sm">
        <a
          href={doctorsUrl}
          className="rounded-lg bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark sm:hidden"
        >
          Запись на приём
        </a>
        <p className="hidden text-ink-soft sm:block">Расписание недоступно</p>
      </div>
    );
  }
  const book = (choice: SlotChoice) => {
    const doctorId = answer.slots[choice.day]?.find((s) => s.time === choice.time)?.doctor_ids[0];
    if (!doctorId) return;
    window.location.assign(
      doctorAppointmentUrl({
        doctorId,
        lpuId,
        day: choice.day,
        time: choice.time,
        specialityId,
        source: 'clinics_list',
      }),
    );
  };
  return (
    <>
      <p className="mb-2 text-sm font-medium">Ближайшая запись: {specialityName.toLowerCase()}</p>
      <AppointmentCalendar
        days={days}
        slots={answer.slots}
        today={days[0]}
        urlFilters={urlFilters}
        onSelect={book}
      />
    </>
  );
}
