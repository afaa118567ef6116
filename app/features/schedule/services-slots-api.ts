/**
 * The slots of services cards (spec 'Schedule widget per item', services pages): every card asks
 * for its clinic's line of the service, and the cards that ask within one tick share a single
 * `POST /ajax/services/schedule/`. A failed or missing answer resolves to null (the stub).
 */
import type { DaySlots } from '../../../core/schedule/day-tabs';
import { csrfToken } from '../../lib/csrf';

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

/**
 * Collects one tick's asks into one call per window (answers come back in the asks' order). An
 * answer is kept, so a card mounted again does not ask again; a failure is not.
 */
export function createServicesBatcher(fetchSchedule: FetchServicesSchedule = postServicesSchedule) {
  const answers = new Map<string, Promise<ServiceSlots | null>>();
  const queued = new Map<
    string,
    { span: ServicesWindow; asks: ServiceAsk[]; resolve: ((a: ServiceSlots | null) => void)[] }
  >();

  async function send(
    span: ServicesWindow,
    asks: ServiceAsk[],
    resolve: ((a: ServiceSlots | null) => void)[],
  ) {
    let list: ServiceSlots[] = [];
    try {
      list = await fetchSchedule({
        days: span.days,
        day_start: span.dayStart,
        only_free: true,
        town_timedelta: span.townTimedelta,
        services: asks,
      });
    } catch (error) {
      console.warn(error);
    }
    for (const [i, r] of resolve.entries()) r(list[i] ?? null);
  }

  function flush() {
    const batches = [...queued.values()];
    queued.clear();
    for (const { span, asks, resolve } of batches) {
      for (let i = 0; i < asks.length; i += MAX_ASKS)
        void send(span, asks.slice(i, i + MAX_ASKS), resolve.slice(i, i + MAX_ASKS));
    }
  }

  return function requestServiceSlots(ask: ServiceAsk, span: ServicesWindow): Promise<ServiceSlots | null> {
    const windowKey = `${span.dayStart}/${span.days}/${span.townTimedelta}`;
    const key = `${windowKey}/${ask.lpu_id}:${ask.service_id}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = new Promise<ServiceSlots | null>((resolve) => {
      let batch = queued.get(windowKey);
      if (!batch) {
        if (queued.size === 0) setTimeout(flush, 0);
        batch = { span, asks: [], resolve: [] };
        queued.set(windowKey, batch);
      }
      batch.asks.push(ask);
      batch.resolve.push(resolve);
    });
    answers.set(key, answer);
    void answer.then((a) => {
      if (!a) answers.delete(key);
    });
    return answer;
  };
}

/** The page's batcher: all cards of the page share it. */
export const requestServiceSlots = createServicesBatcher();
