/**
 * The slots of services cards (spec 'Schedule widget per item', services pages): every card asks
 * for its clinic's line of the service, and the cards that ask within one tick share a single
 * `POST /ajax/services/schedule/`. A failed or missing answer resolves to null (the stub).
 */
import type { DaySlots } from '../../../core/schedule/day-tabs';
import { csrfToken } from '../../lib/csrf';
import { createBatcher } from './batch';

/** One line of the services schedule answer. */
export interface ServiceSlots {
  lpu_id: number;
  service_id: string;
  synonym_id: number | null;
  appointment_on: boolean;
  has_intervals: boolean;
  is_available_appointment_direct: boolean;
  requires_primary_consultation: boolean;
  slots: DaySlots;
}

export interface ServiceAsk {
  lpu_id: number;
  service_id: string | number;
}

export interface ServicesWindow {
  days: number;
  /** 'yyyy-MM-dd', today in the town's zone. */
  dayStart: string;
  /** The town's UTC offset in whole hours. */
  townTimedelta: number;
}

export type FetchServicesSchedule = (body: {
  days: number;
  day_start: string;
  only_free: true;
  town_timedelta: number;
  services: ServiceAsk[];
}) => Promise<ServiceSlots[]>;

// MAX_SLOT_ITEMS of core/schedule/call-schemas.ts, not imported: that module brings zod along.
const MAX_ASKS = 100;

export const postServicesSchedule: FetchServicesSchedule = async (body) => {
  const response = await fetch('/ajax/services/schedule/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`services/schedule: HTTP ${response.status}`);
  return response.json() as Promise<ServiceSlots[]>;
};

/** The page's services asks, batched (createBatcher); answers come back in the asks' order. */
export function createServicesBatcher(fetchSchedule: FetchServicesSchedule = postServicesSchedule) {
  return createBatcher<ServiceAsk, ServiceSlots, ServicesWindow>({
    send: (span, services) =>
      fetchSchedule({
        days: span.days,
        day_start: span.dayStart,
        only_free: true,
        town_timedelta: span.townTimedelta,
        services,
      }),
    spanKey: (span) => `${span.dayStart}/${span.days}/${span.townTimedelta}`,
    askKey: (ask) => `${ask.lpu_id}:${ask.service_id}`,
    max: MAX_ASKS,
  });
}

/** The page's batcher: all cards of the page share it. */
export const requestServiceSlots = createServicesBatcher();
