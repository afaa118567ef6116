/**
 * The slots of doctor list cards (spec 'Schedule widget per item'): every card asks for its
 * doctor at its clinic, and the cards that ask within one tick share a single
 * `POST /ajax/schedule/slots_bulk/`. A failed or missing answer resolves to null (the stub).
 */
import { DEFAULT_VISIT_TYPE, type VisitType } from '../../../core/booking/urls';
import type { DaySlots } from '../../../core/schedule/day-tabs';
import { csrfToken } from '../../lib/csrf';

/** One doctor-at-clinic of the slots_bulk answer. */
export interface DoctorSlots {
  lpu_id: number;
  doctor_id: number;
  /** The clinic takes bookings of this doctor at all (with no slots: the express button). */
  appointment_on: boolean;
  slots: DaySlots;
}

export interface SlotsBulkRequest {
  days: number;
  dt_start: string;
  town_timedelta: number;
  doctors_lpus: { doctor_id: number; lpu_id: number }[];
  /** The appointment type's schedule; sent only when it is not the clinic's. */
  type_schedule?: VisitType;
}

export type FetchSlotsBulk = (body: SlotsBulkRequest) => Promise<DoctorSlots[]>;

/** What every card of a page shares: the window of days in the town's zone. */
export interface SlotsWindow {
  days: number;
  /** 'yyyy-MM-dd', today in the town's zone. */
  dtStart: string;
  /** The town's UTC offset in whole hours. */
  townTimedelta: number;
}

// MAX_SLOT_ITEMS of core/schedule/call-schemas.ts, not imported: that module brings zod along.
const MAX_PAIRS = 100;

export const postSlotsBulk: FetchSlotsBulk = async (body) => {
  const response = await fetch('/ajax/schedule/slots_bulk/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`slots_bulk: HTTP ${response.status}`);
  return response.json() as Promise<DoctorSlots[]>;
};

interface Waiting {
  pair: { doctor_id: number; lpu_id: number };
  resolve: (answer: DoctorSlots | null) => void;
}

/**
 * Collects the asks of one tick (the cards that scrolled into view together) into one call per
 * window, at most MAX_PAIRS pairs each. An answer is kept, so a card mounted again does not ask
 * again; a failure is not, so a later mount retries.
 */
export function createSlotsBatcher(fetchBulk: FetchSlotsBulk = postSlotsBulk) {
  const answers = new Map<string, Promise<DoctorSlots | null>>();
  const queued = new Map<string, { span: SlotsWindow; type: VisitType; waiting: Waiting[] }>();
  let flushQueued = false;

  async function send(span: SlotsWindow, type: VisitType, waiting: Waiting[]) {
    let list: DoctorSlots[] = [];
    try {
      list = await fetchBulk({
        days: span.days,
        dt_start: span.dtStart,
        town_timedelta: span.townTimedelta,
        doctors_lpus: waiting.map((w) => w.pair),
        ...(type === DEFAULT_VISIT_TYPE ? {} : { type_schedule: type }),
      });
    } catch (error) {
      console.warn(error);
    }
    const byPair = new Map(list.map((a) => [`${a.doctor_id}:${a.lpu_id}`, a]));
    for (const w of waiting) w.resolve(byPair.get(`${w.pair.doctor_id}:${w.pair.lpu_id}`) ?? null);
  }

  function flush() {
    flushQueued = false;
    const batches = [...queued.values()];
    queued.clear();
    for (const { span, type, waiting } of batches) {
      for (let i = 0; i < waiting.length; i += MAX_PAIRS)
        void send(span, type, waiting.slice(i, i + MAX_PAIRS));
    }
  }

  return function requestSlots(
    doctorId: number,
    lpuId: number,
    span: SlotsWindow,
    /** The appointment type's schedule (spec 'Appointment type tabs'): one batch per type. */
    type: VisitType = DEFAULT_VISIT_TYPE,
  ): Promise<DoctorSlots | null> {
    const windowKey = `${span.dtStart}/${span.days}/${span.townTimedelta}/${type}`;
    const key = `${windowKey}/${doctorId}:${lpuId}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = new Promise<DoctorSlots | null>((resolve) => {
      let batch = queued.get(windowKey);
      if (!batch) {
        batch = { span, type, waiting: [] };
        queued.set(windowKey, batch);
      }
      batch.waiting.push({ pair: { doctor_id: doctorId, lpu_id: lpuId }, resolve });
      if (!flushQueued) setTimeout(flush, 0);
      flushQueued = true;
    });
    answers.set(key, answer);
    void answer.then((a) => {
      if (!a) answers.delete(key);
    });
    return answer;
  };
}

/** The page's batcher: all cards of the page share it. */
export const requestSlots = createSlotsBatcher();
