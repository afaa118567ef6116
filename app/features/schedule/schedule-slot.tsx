import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { BookingSource, VisitType } from '../../../core/booking/urls';

export interface ScheduleSlotProps {
  doctorId: number;
  lpuId: number;
  /** The town's IANA zone; Moscow when not given. */
  tz?: string;
  /** The page's query string: date_from / date_to / daytimes choose the calendar's first day. */
  search: string;
  /** Where the booking starts, for the redirect's `source`; a list card by default. */
  source?: BookingSource;
  /** The appointment type whose slots it shows (the visit-type control's choice); the clinic's by default. */
  type?: VisitType;
}

/**
 * A doctor list card's schedule: the doctor at the card's clinic, loaded lazily (LazySchedule).
 * This file is in the list page's first load (a 150 KB budget), so every byte counts: a plain
 * import() rather than React.lazy with Suspense. Another type or clinic is another box (a new
 * key): it asks for those slots and the calendar starts over, and a slow answer for a box left
 * behind lands in a box that is gone. (A card kept across a client-side change of the list — the
 * same doctor leading with the clinic of the first free time — kept the other clinic's calendar.)
 */
export function ScheduleSlot(props: ScheduleSlotProps) {
  return (
    <LazySchedule
      key={`${props.lpuId}:${props.type ?? 'clinic'}`}
      load={() => import('./doctor-schedule').then((m) => m.scheduleOf(props))}
    />
  );
}

/**
 * A card's schedule box (doctors, services). The server and hydration render it busy, a grey block; once
 * the card comes within 200px of the viewport `load` brings the widget's chunk (calendar, date
 * code) and its slots, and the cards that arrive together share one call. The box keeps the
 * height of a two-row calendar in every state (tabs 78 + 8 + two rows 88 + 'Ещё' 28 = 202px),
 * so nothing below moves.
 */
export function LazySchedule({ load }: { load: () => Promise<ReactNode> }) {
  const box = useRef<HTMLDivElement>(null);
  const [schedule, setSchedule] = useState<{ node: ReactNode }>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a card asks once, for what it mounted with
  useEffect(() => {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry.isIntersecting) return;
        observer.disconnect();
        load().then((node) => setSchedule({ node }));
      },
      { rootMargin: '200px' },
    );
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);

  // While it loads, the box is busy (aria-busy, for assistive technology) and its CSS draws a grey
  // block: no markup, as a list page has twenty of these.
  return (
    <div ref={box} className="slots-box" aria-busy={!schedule || undefined}>
      {schedule?.node}
    </div>
  );
}
