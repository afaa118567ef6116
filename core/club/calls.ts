import type { TimeGone } from '../booking/calls';
import { defineCall } from '../http/call';
import type {
  CardRequestBody,
  CardRequestCreated,
  CardRequestParams,
  CardRequestStatusReply,
  ClubJoined,
  ClubUserData,
  CouponPayment,
  CouponRequestBody,
  CouponRequestCreated,
  CouponRequestReply,
} from './contracts';

/** The signed-in patient's club state; an anonymous visitor gets is_in_club false and no card. */
export const clubUserData = defineCall<{ reply: ClubUserData }>()('GET', '/club/ajax/user_data/');

/**
 * Joins the club with the free first card: 201 with the card; 200 with the same card when it was
 * already issued (twice at once gives one card); 409 when the next card is paid; 403 for work
 * accounts ('Недоступно для рабочих аккаунтов').
 */
export const clubJoin = defineCall<{ reply: ClubJoined }>()('POST', '/club/ajax/card/');

/** Starts paying for a card at the provider: 201 with the checkout URL. */
export const clubCardRequest = defineCall<{ body: CardRequestBody; reply: CardRequestCreated }>()(
  'POST',
  '/club/ajax/card/request/',
);

/** Where a card payment stands (the return page polls it every 5 s beside the websocket). */
export const clubCardRequestStatus = defineCall<{
  params: CardRequestParams;
  reply: CardRequestStatusReply;
}>()('GET', '/club/ajax/card/request/:id/status/');

/** The websocket the return page listens on for its card request's status (CardRequestStatusReply). */
export const CLUB_CARD_REQUEST_SOCKET = '/ws/club_card_request?subscribe-user';

/**
 * Books at the club price: holds the slot for 20 minutes and starts the prepayment (coupon, plus
 * the card for a patient not in the club): 201 with the checkout URL; 409 like a booking when the
 * time is gone (its hold is refused).
 */
export const clubCouponRequest = defineCall<{
  body: CouponRequestBody;
  reply: CouponRequestCreated;
  refusal: TimeGone;
}>()('POST', '/club/ajax/coupon_request/');

/** The coupon's status for the page /club/coupon_request/{id}/payment_status/ (the provider returns there). */
export const clubCouponStatus = defineCall<{ params: CardRequestParams; reply: CouponRequestReply }>()(
  'GET',
  '/club/ajax/coupon_request/:id/payment_status/',
);

/**
 * Continues paying a coupon: the checkout URL, or 409 with the reason (timed_out,
 * already_paid, already_processing, appointment_canceled, coupon_request_canceled).
 */
export const clubCouponPay = defineCall<{ params: CardRequestParams; reply: CouponPayment }>()(
  'POST',
  '/club/ajax/coupon_request/:id/payment/',
);
