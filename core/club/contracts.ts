/**
 * What the club's card calls exchange (docs/product/club.md). Amounts on the wire are whole
 * roubles, as the site shows them; the server keeps kopecks. Apart from calls.ts so the browser
 * bundle, which imports the call descriptors, does not carry zod.
 */
import { z } from 'zod';
import { type BookingRequest, bookingSchema } from '../booking/contracts';
import { textInput } from '../http/contracts';

/** The patient's club card: dates as ISO timestamps; `mt_link` opens the card to show a clinic. */
export const ClubCardSchema = z.object({
  dt_start: z.string(),
  dt_end: z.string(),
  mt_link: z.string(),
});
export type ClubCard = z.infer<typeof ClubCardSchema>;

/**
 * GET /club/ajax/user_data/. `club_card` is the current card (null when none or expired);
 * `next_club_card_price` is what the next card costs in roubles, null when the next card is free
 * (the first one). `email` is the last receipt address the patient gave, for the next payment.
 */
export const ClubUserDataSchema = z.object({
  is_in_club: z.boolean(),
  club_card: ClubCardSchema.nullable(),
  next_club_card_price: z.number().int().nonnegative().nullable(),
  email: z.string().nullable(),
  /** When the patient's last card ended, for a former member (ISO); null for members and newcomers. */
  last_card_end: z.string().nullable(),
});
export type ClubUserData = z.infer<typeof ClubUserDataSchema>;

/** POST /club/ajax/card/ (no body): the free first card, issued at once. */
export const ClubJoinedSchema = ClubCardSchema;
export type ClubJoined = ClubCard;

export const CARD_REQUEST_STATUSES = ['in_process', 'paid', 'canceled', 'payment_failed', 'expired'] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];

/**
 * POST /club/ajax/card/request/: pay for a card. `return_url` must be on this site (the widget
 * sends the current page with the appointment's fields and isRedirectViaBanner); the server adds
 * card_request_id. `receipt_email` gets the fiscal receipt.
 */
export const CardRequestBodySchema = z.object({
  return_url: textInput().pipe(z.string().min(1).max(2000)),
  receipt_email: textInput().pipe(z.string().max(254)),
});
export type CardRequestBody = z.input<typeof CardRequestBodySchema>;

/** The created request: send the browser to `provider_payment_data.url` (the same under payment_credentials). */
export const CardRequestCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(CARD_REQUEST_STATUSES),
  provider_payment_data: z.object({ url: z.string() }),
  payment_credentials: z.object({ url: z.string() }),
});
export type CardRequestCreated = z.infer<typeof CardRequestCreatedSchema>;

/**
 * GET /club/ajax/card/request/{id}/status/ and each message of the websocket
 * /ws/club_card_request?subscribe-user. Dates and link are null until the request is paid.
 */
export const CardRequestStatusSchema = z.object({
  id: z.number().int(),
  status: z.enum(CARD_REQUEST_STATUSES),
  dt_start: z.string().nullable(),
  dt_end: z.string().nullable(),
  mt_link: z.string().nullable(),
});
export type CardRequestStatusReply = z.infer<typeof CardRequestStatusSchema>;

export const CardRequestParamsSchema = z.object({
  id: z.coerce.number<number>().int().positive().max(2_147_483_647),
});
export type CardRequestParams = { id: number };

/**
 * A club refusal the widget shows as it is: the error dialog's title and message and its
 * buttons (`action`: close, retry or reload). Sent with 4xx beside `detail` and `code`.
 */
export const ButtonStateSchema = z.object({
  submit: z.object({ text: z.string(), action: z.enum(['close', 'retry', 'reload']) }).nullable(),
  cancel: z.object({ text: z.string(), action: z.enum(['close', 'retry', 'reload']) }).nullable(),
});
export type ButtonState = z.infer<typeof ButtonStateSchema>;

export const COUPON_STATUSES = [
  'created',
  'payment',
  'waiting_for_confirmation',
  'succeeded',
  'canceled',
  'expired',
  'reload',
] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * POST /club/ajax/coupon_request/: booking at the club price. `booking` is the booking form's
 * body as the booking call takes it; the slot is held for 20 minutes while the patient prepays
 * the coupon (and the card, for a patient not in the club). `return_url` (our own origin) is
 * where the status page sends the patient afterwards.
 */
export function couponRequestSchema(today: string | (() => string)) {
  return z.object({
    // The booking schema's checks run on an object: anything else is judged as an empty form.
    booking: z.preprocess<unknown, ReturnType<typeof bookingSchema>, BookingRequest>((value: unknown) => {
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
    }, bookingSchema(today)),
    receipt_email: textInput().pipe(z.string().max(254)),
    return_url: textInput().pipe(z.string().min(1).max(2000)),
  });
}
/** As the browser sends it: the booking form's body as the booking call takes it. */
export type CouponRequestBody = { booking: BookingRequest; receipt_email: string; return_url: string };
export type CouponRequestChecked = z.output<ReturnType<typeof couponRequestSchema>>;

/** The coupon request as the club's booking screens show it; amounts in whole roubles. */
export const CouponRequestSchema = z.object({
  id: z.number().int(),
  /** Seconds left to pay (0 once the 20 minutes are over). */
  lifeTime: z.number().int().nonnegative(),
  price: z.number().int(),
  fullPrice: z.number().int(),
  dateCreated: z.string(),
  clubCouponPrice: z.number().int(),
  clubLpuPrice: z.number().int(),
  cardPrice: z.number().int(),
  clubCardLifetimeMonths: z.number().int(),
  email: z.string().nullable(),
  paymentStatus: z.enum(COUPON_STATUSES),
  totalPrice: z.number().int(),
  /** Paid on the site now: coupon plus card. */
  prepayment: z.number().int(),
  discount: z.number().int(),
  /** The held slot, then the booking; null once the hold was let go. */
  appointment_id: z.number().int().nullable(),
  /** Where the status page sends the patient when done (the page they booked from). */
  return_url: z.string().nullable(),
  /** Why the coupon cannot be paid any more, with the product's words; null while it can. */
  error: z.object({ code: z.string(), detail: z.string() }).nullable(),
});
export type CouponRequestReply = z.infer<typeof CouponRequestSchema>;

export const CouponRequestCreatedSchema = CouponRequestSchema.extend({
  provider_payment_data: z.object({ url: z.string() }),
  payment_credentials: z.object({ url: z.string() }),
});
export type CouponRequestCreated = z.infer<typeof CouponRequestCreatedSchema>;

/** POST /club/ajax/coupon_request/{id}/payment/: the checkout to continue paying at. */
export const CouponPaymentSchema = z.object({
  provider_payment_data: z.object({ url: z.string() }),
  payment_credentials: z.object({ url: z.string() }),
});
export type CouponPayment = z.infer<typeof CouponPaymentSchema>;
