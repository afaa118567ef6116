/**
 * Booking at the club price, as the booking page shows it (docs/product/club.md, 'The coupon'):
 * the view's steps, what a coupon's status means for them, the 20-minute prepayment countdown
 * and the coupon refusals' texts. Pure; the page runs the calls.
 */
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

export const COUPON_STATUSES = [
  'created',
  'canceled',
  'succeeded',
  'waiting_for_confirmation',
  'expired',
  'payment',
  'reload',
] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

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
 * still being paid or confirmed → progress; 'reload' asks for a fresh page (null: the caller
 * reloads); a coupon just created waits for its prepayment.
 */
export function stepForCoupon(status: CouponStatus): ClubAppointmentStep | null {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
    case 'expired':
      return 'failed';
    case 'payment':
    case 'waiting_for_confirmation':
      return 'appointmentProgress';
    case 'created':
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
