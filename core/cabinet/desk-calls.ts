import type { ClashingVisit } from '../booking/contracts';
import { defineCall } from '../http/call';
import type { AffectedVisits } from './affected-visits';
import type {
  Block,
  BlockRemoved,
  BlockRequest,
  Blocks,
  BlocksQuery,
  DeskBooked,
  DeskBookingRequest,
  DeskMoveRequest,
  DeskVisit,
} from './desk-contracts';

/**
 * The clinic books a time for a patient found or created by phone (the reception list's GET
 * is cabinetReception, on the same path). 409 when the time is taken, blocked or past, or
 * clashes with the patient's own visits (`clash`: its time only).
 */
export const cabinetDeskBook = defineCall<{
  body: DeskBookingRequest;
  reply: DeskBooked;
  refusal: { reason: string; clash: ClashingVisit | null };
}>()('POST', '/cabinet/ajax/appointments/');

/** Moves one of the clinic's visits to another time (or doctor of the clinic); the patient gets an SMS. */
export const cabinetDeskMove = defineCall<{
  params: { id: number };
  body: DeskMoveRequest;
  reply: DeskVisit;
  refusal: { reason: string; clash: ClashingVisit | null };
}>()('POST', '/cabinet/ajax/appointments/:id/move/');

/** The clinic confirms a visit after calling the patient; the patient gets an SMS. */
export const cabinetDeskConfirm = defineCall<{ params: { id: number }; reply: DeskVisit }>()(
  'POST',
  '/cabinet/ajax/appointments/:id/confirm/',
);

/** The clinic's blocks (of one doctor) over some days. */
export const cabinetBlocks = defineCall<{ query: BlocksQuery; reply: Blocks }>()(
  'GET',
  '/cabinet/ajax/schedule/blocks/',
);

/** Takes a range out of a doctor's free times; 409 `visits_booked` with the visits booked in it. */
export const cabinetAddBlock = defineCall<{ body: BlockRequest; reply: Block; refusal: AffectedVisits }>()(
  'POST',
  '/cabinet/ajax/schedule/blocks/',
);

/** Gives a block's times back (the waitlist hears of them). */
export const cabinetRemoveBlock = defineCall<{ params: { id: number }; reply: BlockRemoved }>()(
  'DELETE',
  '/cabinet/ajax/schedule/blocks/:id/',
);
