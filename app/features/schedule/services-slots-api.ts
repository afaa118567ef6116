/**
 * The slots of services cards: every card asks for its clinic's line of the service, and the
 * cards that ask within one tick share a single services schedule call (createBatcher). A failed
 * or missing answer resolves to null (the stub).
 */
import { servicesSchedule } from '../../../core/schedule/calls';
import type { ServiceSlots, ServicesScheduleRequest } from '../../../core/schedule/contracts';
import { MAX_SLOT_ITEMS } from '../../../core/schedule/limits';
import { api } from '../../lib/api';
import { createBatcher } from './batch';

/** A card's ask: the clinic and the service's synonym id (or the clinic's MIS id). */
export type ServiceAsk = ServicesScheduleRequest['services'][number];

export interface ServicesWindow {
  days: number;
  /** 'yyyy-MM-dd', today in the town's zone. */
  dayStart: string;
  /** The town's UTC offset in whole hours. */
  townTimedelta: number;
}

export type FetchServicesSchedule = (body: ServicesScheduleRequest) => Promise<ServiceSlots[]>;

export const postServicesSchedule: FetchServicesSchedule = (body) => api.send(servicesSchedule, { body });

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
    max: MAX_SLOT_ITEMS,
  });
}

/** The page's batcher: all cards of the page share it. */
export const requestServiceSlots = createServicesBatcher();
