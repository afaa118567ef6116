/**
 * The slots of doctor list cards: every card asks for its doctor at its clinic, and the cards
 * that ask within one tick share a single slots_bulk call (createBatcher). A failed or missing
 * answer resolves to null (the stub).
 */
import { DEFAULT_VISIT_TYPE, type VisitType } from '../../../core/booking/urls';
import { slotsBulk } from '../../../core/schedule/calls';
import type { DoctorSlots, SlotsBulkRequest } from '../../../core/schedule/contracts';
import { MAX_SLOT_ITEMS } from '../../../core/schedule/limits';
import { api } from '../../lib/api';
import { createBatcher } from './batch';

export type FetchSlotsBulk = (body: SlotsBulkRequest) => Promise<DoctorSlots[]>;

/** What every card of a page shares: the window of days in the town's zone. */
export interface SlotsWindow {
  days: number;
  /** 'yyyy-MM-dd', today in the town's zone. */
  dtStart: string;
  /** The town's UTC offset in whole hours. */
  townTimedelta: number;
}

interface DoctorAsk {
  doctor_id: number;
  lpu_id: number;
}

export const postSlotsBulk: FetchSlotsBulk = (body) => api.send(slotsBulk, { body });

const pairKey = (p: DoctorAsk) => `${p.doctor_id}:${p.lpu_id}`;

/**
 * The page's asks, batched by window and appointment type (one call per type, with
 * `type_schedule` only when it is not the clinic's); each card gets the answer of its pair.
 */
export function createSlotsBatcher(fetchBulk: FetchSlotsBulk = postSlotsBulk) {
  const request = createBatcher<DoctorAsk, DoctorSlots, SlotsWindow & { type: VisitType }>({
    send: async (span, asks) => {
      const list = await fetchBulk({
        days: span.days,
        dt_start: span.dtStart,
        town_timedelta: span.townTimedelta,
        doctors_lpus: asks,
        ...(span.type === DEFAULT_VISIT_TYPE ? {} : { type_schedule: span.type }),
      });
      const byPair = new Map(list.map((a) => [pairKey(a), a]));
      return asks.map((ask) => byPair.get(pairKey(ask)));
    },
    spanKey: (span) => `${span.dtStart}/${span.days}/${span.townTimedelta}/${span.type}`,
    askKey: pairKey,
    max: MAX_SLOT_ITEMS,
  });
  return (
    doctorId: number,
    lpuId: number,
    span: SlotsWindow,
    /** The appointment type's schedule: one batch per type. */
    type: VisitType = DEFAULT_VISIT_TYPE,
  ): Promise<DoctorSlots | null> => request({ doctor_id: doctorId, lpu_id: lpuId }, { ...span, type });
}

/** The page's batcher: all cards of the page share it. */
export const requestSlots = createSlotsBatcher();
