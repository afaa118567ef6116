/**
 * The club's maths (docs/product/club.md), once for the server and the browser. Every amount is
 * integer kopecks; the wire carries whole roubles (`toRoubles`). Prices shown on the site are whole
 * roubles, so the coupon's halving rounds down to a whole rouble, never to a kopeck.
 */
import { isWorkAccount, type Viewer } from '../auth/viewer';

/** A card lasts this long from the moment it is issued; nothing renews by itself. */
export const CLUB_CARD_TERM_MONTHS = 6;
/** A later card (the first one is free), as the information texts name it. */
export const CLUB_NEXT_CARD_PRICE = 99_00;
/** The card's full value, shown in price breakdowns beside the price the patient pays. */
export const CLUB_CARD_FULL_PRICE = 499_00;
/** Members' discount on doctor appointments. */
export const CLUB_DOCTOR_DISCOUNT_PERCENT = 30;
/** A coupon or card payment must be made within this time, or the request expires. */
export const CLUB_PAYMENT_MINUTES = 20;
export const CLUB_PAYMENT_MS = CLUB_PAYMENT_MINUTES * 60_000;

export const CLUB_TEXTS = {
  workAccountTitle: 'Недоступно для рабочих аккаунтов',
  workAccountHint: 'Чтобы пользоваться клубом, войдите как пациент',
  signIn: 'Войдите, чтобы пользоваться клубом',
  paidCardNext: 'Бесплатная карта уже была. Следующая карта платная.',
  alreadyInClub: 'Вы уже в клубе',
  freeCardFirst: 'Первая карта бесплатная: вступите в клуб',
  badEmail: 'Введите корректный адрес электронной почты.',
  badReturnUrl: 'Адрес возврата должен вести на наш сайт',
  requestNotFound: 'Запрос на карту не найден',
  paymentUnavailable: 'Платёжный сервис недоступен. Попробуйте позже.',
  paymentFailedTitle: 'Платёж не прошёл',
  paymentFailedMessage: 'Деньги с вашей карты не списаны. Попробуйте оплатить ещё раз.',
  receiptSubject: 'Чек об оплате клубной карты ПроДокторов',
  couponReceiptSubject: 'Чек об оплате купона ПроДокторов',
  noClubPrice: 'У этой записи нет клубной цены',
  badCoupon: 'Проверьте данные записи',
  couponNotFound: 'Запрос на покупку купона не найден',
} as const;

/** Why a coupon can no longer be paid: the codes and words the booking screens show. */
export const COUPON_ERRORS = {
  timed_out: 'Истекло время для оплаты.',
  already_paid: 'Купон уже оплачен.',
  already_processing: 'Оплата купона в обработке.',
  appointment_canceled: 'Запись отменена. Попробуйте записаться заново.',
  coupon_request_canceled: 'Запрос на покупку купона аннулирован.',
} as const;
export type CouponErrorCode = keyof typeof COUPON_ERRORS;

/** The coupon's refusal for its status, or null while it can still be paid. */
export function couponError(status: string, appointmentCanceled: boolean): CouponErrorCode | null {
  if (appointmentCanceled && status !== 'succeeded') return 'appointment_canceled';
  if (status === 'expired') return 'timed_out';
  if (status === 'succeeded') return 'already_paid';
  if (status === 'waiting_for_confirmation') return 'already_processing';
  if (status === 'canceled' || status === 'reload') return 'coupon_request_canceled';
  return null;
}

export type ClubAccess = 'patient' | 'sign-in' | 'work-account';

/** Patients only: work accounts are refused, anonymous visitors must sign in first. */
export function clubAccess(viewer: Viewer): ClubAccess {
  if (isWorkAccount(viewer)) return 'work-account';
  return viewer.isAnonymous ? 'sign-in' : 'patient';
}

/** A member is told the card is ending this many days before its end. */
export const CARD_ENDING_NOTICE_DAYS = 14;

/**
 * Whole days left on a card when it ends within the notice, else null: a card ending at
 * 2026-12-01T10:00Z, seen at 2026-11-27T12:00Z → 4 (3 days 22 hours, rounded up); an ended card
 * → null (the patient is then told it has ended).
 */
export function cardDaysLeft(dtEnd: Date | string, now: Date): number | null {
  const left = new Date(dtEnd).getTime() - now.getTime();
  if (left <= 0) return null;
  const days = Math.ceil(left / 86_400_000);
  return days <= CARD_ENDING_NOTICE_DAYS ? days : null;
}

/** Whole roubles for the wire; amounts here are always whole roubles already (see above). */
export const toRoubles = (kopecks: number) => Math.floor(kopecks / 100);
export const toKopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * When a card issued at `start` ends: the same time 6 months later (UTC calendar), on the
 * month's last day when that month is shorter (31 August → 28/29 February).
 */
export function cardEnd(start: Date, months = CLUB_CARD_TERM_MONTHS): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** A card counts while now is inside [dtStart, dtEnd). */
export const cardIsActive = (card: { dtStart: Date; dtEnd: Date }, now: Date) =>
  card.dtStart.getTime() <= now.getTime() && now.getTime() < card.dtEnd.getTime();

/** The next card's price: free when the patient never had one, else the paid card's price. */
export const nextCardPrice = (cardsEverIssued: number) => (cardsEverIssued === 0 ? 0 : CLUB_NEXT_CARD_PRICE);

/** A price less `percent` per cent, the discount rounded down to a whole rouble. */
export function discounted(fullPrice: number, percent: number): number {
  const discount = Math.floor((fullPrice * percent) / 100 / 100) * 100;
  return fullPrice - discount;
}

/** A member's price of a doctor appointment (30 % off). */
export const doctorClubPrice = (fullPrice: number) => discounted(fullPrice, CLUB_DOCTOR_DISCOUNT_PERCENT);

/** A member's price of a service in a member clinic (the clinic's N %; none outside the club). */
export function serviceClubPrice(
  fullPrice: number,
  clinic: { clubEnabled: boolean; clubDiscountPercent: number },
): number | null {
  if (!clinic.clubEnabled || clinic.clubDiscountPercent <= 0) return null;
  return discounted(fullPrice, clinic.clubDiscountPercent);
}

/**
 * What a line is for the club: a doctor's consultation (a first visit at the clinic: the
 * directory's `service_synonyms.visit_type = 'clinic'`, and a doctor's visit at the clinic) or
 * any other service of the clinic's price list.
 */
export type ClubLineKind = 'consultation' | 'service';

/** A clinic's club data: whether it is in the club and its members' discount on services. */
export interface ClinicClub {
  clubEnabled: boolean;
  clubDiscountPercent: number;
}

/**
 * The one club rule (issue 46): what the club takes off a line, in per cent. A consultation is
 * 30 % off, a service the clinic's own N %, in a clinic in the club; null outside it (or for a
 * service of a clinic that gives no discount on services).
 */
export function clubPercentOf(kind: ClubLineKind, clinic: ClinicClub): number | null {
  if (!clinic.clubEnabled) return null;
  if (kind === 'consultation') return CLUB_DOCTOR_DISCOUNT_PERCENT;
  return clinic.clubDiscountPercent > 0 ? clinic.clubDiscountPercent : null;
}

/** The kind of a line by the directory's visit type of its service ('clinic' is the consultation). */
export const clubLineKind = (visitType: string | null): ClubLineKind =>
  visitType === 'clinic' ? 'consultation' : 'service';

/**
 * A line's club price by the one rule, whole roubles in and out (the discount rounded down to a
 * whole rouble): a 4 500 ₽ consultation → 3 150 ₽; a 4 500 ₽ service at 16 % → 3 780 ₽; null
 * when the line has no club price (`hasClubPrice`: the clinic's own choice of lines) or the
 * clinic is not in the club.
 */
export function clubLinePrice(
  line: { kind: ClubLineKind; fullPrice: number; hasClubPrice?: boolean },
  clinic: ClinicClub,
): number | null {
  if (line.hasClubPrice === false) return null;
  const percent = clubPercentOf(line.kind, clinic);
  if (percent === null) return null;
  return discounted(line.fullPrice * 100, percent) / 100;
}

export interface ClubOfferInput {
  /** The line's regular price. */
  fullPrice: number;
  /** The line's club price (the consultation only: the club discount covers nothing else). */
  clubPrice: number;
  /** Whether the patient has an active card now. */
  inClub: boolean;
  /** nextCardPrice(…) for a patient not in the club. */
  nextCardPrice: number;
}

export interface ClubOffer {
  /** Prepaid on the site: half the club price, rounded down to a whole rouble. */
  couponPrice: number;
  /** Paid in the clinic: the rest of the club price. */
  lpuPrice: number;
  /** 0 for a member, else what the next card costs (0 again for the free first card). */
  cardPrice: number;
  totalPrice: number;
  /** What the patient pays on the site now. */
  prepayment: number;
  /** The saving against the regular price. */
  discount: number;
  cardLifetimeMonths: number;
}

export function clubOffer({ fullPrice, clubPrice, inClub, nextCardPrice }: ClubOfferInput): ClubOffer {
  const couponPrice = Math.floor(clubPrice / 100 / 2) * 100;
  const cardPrice = inClub ? 0 : nextCardPrice;
  const totalPrice = clubPrice + cardPrice;
  return {
    couponPrice,
    lpuPrice: clubPrice - couponPrice,
    cardPrice,
    totalPrice,
    prepayment: couponPrice + cardPrice,
    discount: fullPrice - (totalPrice - cardPrice),
    cardLifetimeMonths: CLUB_CARD_TERM_MONTHS,
  };
}

/** Whether a payment started at `createdAt` may still be paid at `now` (20 minutes). */
export const paymentOpen = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() < CLUB_PAYMENT_MS;

/**
 * A page of our own origin to send the browser back to, without `slot` (the held slot is not
 * the browser's to name again); null for anything else (an open redirect through our payment
 * would lend our name to phishing).
 */
export function ownReturnUrl(raw: string, publicOrigin: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw, publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== publicOrigin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  // Judged once its dot segments are resolved: '/..//evil.example' is '//evil.example', a path
  // that names a host as soon as it is taken relative to the site (safeNextPath's rule).
  if (url.pathname.startsWith('//')) return null;
  url.searchParams.delete('slot');
  return url;
}

/** The return URL of a card payment: our own page (ownReturnUrl) with `card_request_id` added. */
export function cardReturnUrl(raw: string, publicOrigin: string, cardRequestId: number): string | null {
  const url = ownReturnUrl(raw, publicOrigin);
  if (!url) return null;
  url.searchParams.set('card_request_id', String(cardRequestId));
  return url.toString();
}

/** The card's page a patient shows a clinic's administrator (the card's `mt_link`). */
export const clubCardUrl = (publicOrigin: string, token: string) => `${publicOrigin}/club/card/${token}/`;

/** A plausible e-mail for the receipt (the provider checks again). */
export const isReceiptEmail = (email: string) =>
  email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
