import type { ReactNode } from 'react';
import { doctorAppointmentUrl } from '../../../core/booking/urls';
import { slotsBySpecialities } from '../../../core/schedule/calls';
import type { SlotsBySpecialitiesRequest, SpecialitySlots } from '../../../core/schedule/contracts';
import { hasSlots, type SlotChoice } from '../../../core/schedule/day-tabs';
import { MAX_SLOT_ITEMS, SCHEDULE_DAYS } from '../../../core/schedule/limits';
import { parseSlotFilters, type SlotFilters } from '../../../core/schedule/slot-filters';
import { api } from '../../lib/api';
import { createBatcher } from './batch';
import { AppointmentCalendar } from './calendar';
import { townWindow } from './window';

interface ClinicAsk {
  lpu_id: number;
  speciality_id: number;
}

interface Span {
  days: number;
  dtStart: string;
  townTimedelta: number;
}

export type FetchClinicSlots = (body: SlotsBySpecialitiesRequest) => Promise<SpecialitySlots[]>;

const postClinicSlots: FetchClinicSlots = (body) => api.send(slotsBySpecialities, { body });

export function createClinicBatcher(fetchSlots: FetchClinicSlots = postClinicSlots) {
  return createBatcher<ClinicAsk, SpecialitySlots, Span>({
    send: (span, asks) =>
      fetchSlots({
        days: span.days,
        dt_start: span.dtStart,
        town_timedelta: span.townTimedelta,
        lpus_specialities: asks,
      }),
    spanKey: (s) => `${s.dtStart}/${s.days}/${s.townTimedelta}`,
    askKey: (a) => `${a.lpu_id}:${a.speciality_id}`,
    max: MAX_SLOT_ITEMS,
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
  const { today, townTimedelta, days } = townWindow(now, props.tz, SCHEDULE_DAYS);
  const answer = await request(
    { lpu_id: props.lpuId, speciality_id: props.specialityId },
    { days: SCHEDULE_DAYS, dtStart: today, townTimedelta },
  );
  return (
    <ClinicSchedule
      {...props}
      days={days}
      answer={answer}
      urlFilters={parseSlotFilters(new URLSearchParams(props.search))}
    />
  );
}

/**
 * A clinic list card's widget: the clinic's free times for its main speciality over two weeks; a
 * slot books the first doctor free then. With none, 'Запись на приём' to the clinic's doctors on
 * phones and 'Расписание недоступно' on desktop.
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
  answer: SpecialitySlots | null;
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
