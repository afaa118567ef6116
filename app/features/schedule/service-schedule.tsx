import { type ReactNode, useState } from 'react';
import { type BookingSource, serviceAppointmentUrl } from '../../../core/booking/urls';
import type { ServiceSlots } from '../../../core/schedule/contracts';
import { hasSlots, type SlotChoice } from '../../../core/schedule/day-tabs';
import { SERVICE_SCHEDULE_DAYS } from '../../../core/schedule/limits';
import { parseSlotFilters, type SlotFilters } from '../../../core/schedule/slot-filters';
import { AppointmentCalendar, ScheduleUnavailable, UnavailableCalendar } from './calendar';
import { PreliminarySheet } from './preliminary-sheet';
import { requestServiceSlots } from './services-slots-api';
import { townWindow } from './window';

export interface ServiceScheduleProps {
  lpuId: number;
  /** The directory's synonym id of the service. */
  serviceId: number;
  /** The clinic town's IANA zone. */
  tz: string;
  /** The page's query string: date_from / date_to / daytimes choose the calendar's first day. */
  search: string;
  source: BookingSource;
  /** An analysis books at /analyses/appointment/new/. */
  analysis?: boolean;
}

/** What the lazy box shows once the answer is in (a failed call is the stub). */
export async function serviceScheduleOf(
  props: ServiceScheduleProps,
  request = requestServiceSlots,
  now = new Date(),
  /** Called instead of showing the stub when no day has a free slot (null is returned then). */
  onEmpty?: () => void,
): Promise<ReactNode> {
  const { today, townTimedelta, days } = townWindow(now, props.tz, SERVICE_SCHEDULE_DAYS);
  const answer = await request(
    { lpu_id: props.lpuId, service_id: props.serviceId },
    { days: SERVICE_SCHEDULE_DAYS, dayStart: today, townTimedelta },
  );
  if (onEmpty && !Object.values(answer?.slots ?? {}).some((day) => day?.length)) {
    onEmpty();
    return null;
  }
  return (
    <ServiceSchedule
      {...props}
      days={days}
      answer={answer}
      urlFilters={parseSlotFilters(new URLSearchParams(props.search))}
    />
  );
}

/**
 * A services card's widget: the month's calendar when the clinic's line has free slots, else the
 * stub. A slot of a service that needs a consultation first opens the preliminary-consultation
 * sheet, and only its confirm goes to the booking page.
 */
export function ServiceSchedule({
  lpuId,
  serviceId,
  source,
  analysis = false,
  days,
  answer,
  urlFilters,
}: Omit<ServiceScheduleProps, 'tz' | 'search'> & {
  days: string[];
  answer: ServiceSlots | null;
  urlFilters: SlotFilters;
}) {
  const [pending, setPending] = useState<string | null>(null);
  if (!answer) return <ScheduleUnavailable />;
  if (!days.some((day) => hasSlots(answer.slots, day))) return <UnavailableCalendar days={days} />;
  const urlOf = (choice: SlotChoice) =>
    serviceAppointmentUrl({
      lpuId,
      service: serviceId,
      day: choice.day,
      time: choice.time,
      source,
      analysis,
    });
  const choose = (choice: SlotChoice) => {
    if (answer.requires_primary_consultation) setPending(urlOf(choice));
    else window.location.assign(urlOf(choice));
  };
  return (
    <>
      <AppointmentCalendar
        days={days}
        slots={answer.slots}
        today={days[0]}
        urlFilters={urlFilters}
        onSelect={choose}
      />
      <PreliminarySheet
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) window.location.assign(pending);
        }}
      />
    </>
  );
}
