import { defineCall } from '../http/call';
import type {
  AppointmentToken,
  BookingCreated,
  BookingRefusal,
  BookingRequest,
  CallbackRequest,
  CallbackSaved,
  Canceled,
  Confirmed,
  Held,
  HoldRequest,
  OfferClaimed,
  OfferToken,
  Released,
  RescheduleRequest,
  WaitlistRequest,
  WaitlistSaved,
  WaitlistStop,
  WaitlistStopped,
} from './contracts';

/**
 * What a 409 of a booking, a hold, a move or a waitlist claim adds to the error body: why, and
 * the nearest free times; or, refused by the visit caps (the patient's own visit clashes, two
 * with the doctor or ten in all: core/booking/visit-caps.ts), the visit in the way (`clash`).
 */
export type TimeGone = Pick<BookingRefusal, 'title' | 'reason' | 'alternatives' | 'clash'>;

/**
 * Books a free time: 201 {appointment} (200 when the same request_key booked already); 409 with
 * the title, the reason and the nearest free times when it is gone (BookingRefusal); 400 with the
 * form's messages by field.
 */
export const createAppointment = defineCall<{
  body: BookingRequest;
  reply: BookingCreated;
  refusal: TimeGone;
}>()('POST', '/ajax/appointment/create/');
/** Keeps the time while the patient fills the form: 201, or 409 like a booking. */
export const holdSlot = defineCall<{ body: HoldRequest; reply: Held; refusal: TimeGone }>()(
  'POST',
  '/ajax/appointment/hold/',
);
/** The patient left the form: the held time is free again. */
export const releaseHold = defineCall<{ params: { id: number }; reply: Released }>()(
  'POST',
  '/ajax/appointment/hold/:id/release/',
);
/** No free time suits: the clinic calls the patient back (201). */
export const requestCallback = defineCall<{ body: CallbackRequest; reply: CallbackSaved }>()(
  'POST',
  '/ajax/appointment/callback/',
);
/** Cancels by the patient's session or the link's token. */
export const cancelAppointment = defineCall<{
  params: { id: number };
  body: AppointmentToken;
  reply: Canceled;
}>()('POST', '/ajax/appointment/:id/cancel/');
/** The patient confirms they will come (by session or the link's token), until the visit begins. */
export const confirmAppointment = defineCall<{
  params: { id: number };
  body: AppointmentToken;
  reply: Confirmed;
}>()('POST', '/ajax/appointment/:id/confirm/');
/** The appointment as a calendar file (text/calendar). */
export const appointmentIcs = defineCall<{
  params: { id: number };
  query: AppointmentToken;
  reply: string;
}>()('GET', '/appointment/:id/ics/');

/**
 * Moves the visit to another free time of the same doctor; the old time is kept if the move fails
 * (409 with the nearest free times, like a booking).
 */
export const rescheduleAppointment = defineCall<{
  params: { id: number };
  body: RescheduleRequest;
  reply: BookingCreated;
  refusal: TimeGone;
}>()('POST', '/ajax/appointment/:id/reschedule/');

/** Asks to be told of a freed time of the doctor (201); a repeat changes the patient's open request. */
export const joinWaitlist = defineCall<{ body: WaitlistRequest; reply: WaitlistSaved }>()(
  'POST',
  '/ajax/waitlist/',
);
/** 'Больше не присылать': by the patient's session or an SMS link's token. */
export const stopWaitlist = defineCall<{
  params: { id: number };
  body: WaitlistStop;
  reply: WaitlistStopped;
}>()('POST', '/ajax/waitlist/:id/stop/');
/** The SMS link's time, held for its patient (201); 409 like a booking when it is gone. */
export const claimWaitlistOffer = defineCall<{ body: OfferToken; reply: OfferClaimed; refusal: TimeGone }>()(
  'POST',
  '/ajax/waitlist/offer/claim/',
);
