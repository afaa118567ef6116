/**
 * Booking at the club price, as the booking page shows it (docs/product/club.md, 'The coupon'):
 * the view's steps, what a coupon's status means for them, the 20-minute prepayment countdown
 * and the coupon refusals' texts. Pure; the page runs the calls.
 */
import type { CouponStatus } from './contracts';
import { CLUB_PAYMENT_MS } from './rules';

export const CLUB_APPOINTMENT_STEPS = [
  'paymentStart',
  'appointmentError',
  'appointmentProgress',
  'appointmentWithOffer',
  'appointmentWithoutOffer',
  'succeeded',
  'failed',
] as const;
export type ClubAppointmentStep = (typeof CLUB_APPOINTMENT_STEPS)[number];

/** The statuses in the product's order (the contract's list is not for the browser: it sits beside zod). */
export const COUPON_STATUS_ORDER = [
  'created',
  'canceled',
  'succeeded',
  'waiting_for_confirmation',
  'expired',
  'payment',
  'reload',
] as const satisfies readonly CouponStatus[];

export const CLUB_BOOKING_TEXTS = {
  failedTitle: 'Не получилось записаться',
  succeededTitle: 'Вы записаны',
} as const;

/** The coupon refusals' words, by the server's code. */
export const COUPON_ERRORS = {
  timed_out: 'Истекло время для оплаты.',
  already_paid: 'Купон уже оплачен.',
  already_processing: 'Оплата купона в обработке.',
  appointment_canceled: 'Запись отменена. Попробуйте записаться заново.',
  coupon_request_canceled: 'Запрос на покупку купона аннулирован.',
  appointment_reject: 'Ошибка. Попробуйте перезагрузить страницу.',
} as const;
export type CouponErrorCode = keyof typeof COUPON_ERRORS;

/** A refusal's text: ours for a known code, else the server's detail, else the reload hint. */
export function couponErrorText(code: string | undefined, detail?: string): string {
  if (code && code in COUPON_ERRORS) return COUPON_ERRORS[code as CouponErrorCode];
  return detail || COUPON_ERRORS.appointment_reject;
}

/**
 * Where a coupon's status leaves the view: paid → succeeded; canceled or expired → failed;
 * being confirmed → progress; 'reload' asks for a fresh page (null: the caller reloads); a
 * coupon created or at the checkout waits for its prepayment.
 */
export function stepForCoupon(status: CouponStatus): ClubAppointmentStep | null {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
    case 'expired':
      return 'failed';
    case 'waiting_for_confirmation':
      return 'appointmentProgress';
    // A checkout started but not finished can be continued while the 20 minutes last.
    case 'created':
    case 'payment':
      return 'paymentStart';
    case 'reload':
      return null;
  }
}

/** Whole seconds left to prepay a coupon created at `createdAt` (20 minutes), never below 0. */
export function couponSecondsLeft(createdAt: string | Date, now: Date): number {
  const end = new Date(createdAt).getTime() + CLUB_PAYMENT_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / 1000));
}

/** '19:05' of the seconds left. */
export function formatCouponCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
