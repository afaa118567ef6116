/**
 * A visit's money as every place that shows the visit says it (docs/product/club.md, 'A prepaid
 * visit'): what the visit costs, what the patient paid on the site (the club coupon) and what is
 * left to pay at the clinic; before the checkout, the breakdown of a booking at the club price;
 * and what happens to the prepayment when the visit is cancelled. Whole roubles, as the site shows
 * money (core/money); the coupon maths itself is `clubOffer` (core/club/rules.ts, kopecks).
 */
import { formatRub } from '../money/money';
import { CLUB_CARD_TERM_MONTHS, clubOffer, toKopecks, toRoubles } from './rules';

export const VISIT_MONEY_TEXTS = {
  price: 'Стоимость',
  paid: 'Оплачено на сайте',
  due: 'К оплате в клинике',
  atClinic: 'оплата в клинике',
  couponNote: 'Купон на приём по клубной цене невозвратный.',
  breakdownTitle: 'Как работает клубная цена',
  regular: 'Обычная цена',
  card: `Клубная карта на ${CLUB_CARD_TERM_MONTHS} месяцев`,
  cardFree: 'в подарок',
  cardHeld: 'уже есть',
  discount: 'Клубная скидка',
  clubPrice: 'Клубная цена',
  payNow: 'Оплатить на сайте сейчас',
  payAtClinic: 'Оплатить в клинике',
  couponTerms:
    'На сайте вы оплачиваете половину клубной цены в течение 20 минут — это невозвратный купон. Остальное — в клинике.',
  memberAtClinic: 'По клубной карте в клинике',
} as const;

/**
 * The price a visit is booked at: a member's visit at a line with a club price is booked at the
 * club price (the card gives it at the clinic, no coupon needed); anyone else's at the price.
 */
export function bookedPrice(
  line: { price: number | null; clubPrice: number | null },
  inClub: boolean,
): number | null {
  return inClub && line.clubPrice !== null && line.price !== null ? line.clubPrice : line.price;
}

/** What a visit costs and how it is paid: on the site (the club coupon) and at the clinic. */
export interface VisitMoney {
  /** The visit's price as booked (the club price for a visit booked at it); null: not priced. */
  price: number | null;
  /** Paid on the site: the club coupon; 0 without one. */
  paid: number;
  /** Left to pay at the clinic: the price less the prepayment and any review discount. */
  due: number | null;
}

/**
 * 3 150 ₽ with a 1 575 ₽ coupon → paid 1 575, due 1 575; a review discount comes off what is left
 * to pay at the clinic, never below 0; no price → due unknown (null), the prepayment still told.
 */
export function visitMoney(price: number | null, prepaid: number | null, award = 0): VisitMoney {
  const paid = Math.max(0, prepaid ?? 0);
  return { price, paid, due: price === null ? null : Math.max(0, price - paid - Math.max(0, award)) };
}

/**
 * The visit's money for an SMS, appended to its sentence: '. Оплачено на сайте 1 575 ₽, в клинике
 * 1 575 ₽' ('' when nothing was paid; the reminder's link follows after its own full stop).
 */
export function visitMoneySms(money: VisitMoney): string {
  if (money.paid <= 0) return '';
  const due = money.due === null ? '' : `, в клинике ${formatRub(money.due)}`;
  return `. Оплачено на сайте ${formatRub(money.paid)}${due}`;
}

/** Who cancels a visit: its patient (or the link's holder), or the clinic. */
export type Canceller = 'patient' | 'clinic';

/** What happens to a visit's prepayment when it is cancelled. */
export interface CancelMoney {
  /** What was paid on the site (the coupon), 0 without a prepayment. */
  paid: number;
  /** What goes back to the patient's card. */
  refund: number;
}

/**
 * The coupon's refund rule (docs/product/club.md): the coupon is non-refundable, so the patient's
 * own cancel keeps it; the clinic's cancel gives it back whole (server/modules/club/refunds.ts).
 */
export function cancelMoney(prepaid: number | null, by: Canceller): CancelMoney {
  const paid = Math.max(0, prepaid ?? 0);
  return { paid, refund: by === 'clinic' ? paid : 0 };
}

/** What the cancel question says of the money before the patient confirms ('' when nothing was paid). */
export function cancelMoneyWarning(prepaid: number | null): string {
  const { paid, refund } = cancelMoney(prepaid, 'patient');
  if (paid <= 0) return '';
  return refund === 0
    ? `Предоплата ${formatRub(paid)} не вернётся: купон на приём по клубной цене невозвратный.`
    : `Предоплата ${formatRub(refund)} вернётся на карту.`;
}

/** What a cancelled visit's page says of the money ('' when nothing was paid). */
export function canceledMoneyText(money: CancelMoney): string {
  if (money.paid <= 0) return '';
  return money.refund > 0
    ? `Предоплата ${formatRub(money.refund)} вернётся на карту, с которой вы платили.`
    : `Предоплата ${formatRub(money.paid)} не возвращается: купон невозвратный.`;
}

/** A booking at the club price as the patient sees it before the checkout, whole roubles. */
export interface CouponBreakdown {
  fullPrice: number;
  clubPrice: number;
  /** The saving against the regular price. */
  discount: number;
  /** The card bought with the coupon: 0 for a member or the free first card. */
  cardPrice: number;
  inClub: boolean;
  /** The coupon: half the club price, rounded down. */
  coupon: number;
  /** Paid on the site now: the coupon and the card. */
  payNow: number;
  /** Paid at the clinic: the rest of the club price. */
  payAtClinic: number;
}

/**
 * The breakdown of a booking at the club price (roubles in, roubles out; `clubOffer` does the
 * maths in kopecks): 3 150 ₽ for a former member → coupon 1 575, card 99, now 1 674, clinic 1 575.
 */
export function couponBreakdown({
  fullPrice,
  clubPrice,
  inClub,
  nextCardPrice,
}: {
  fullPrice: number;
  clubPrice: number;
  inClub: boolean;
  /** The next card's price in roubles (0 for the free first card). */
  nextCardPrice: number;
}): CouponBreakdown {
  const offer = clubOffer({
    fullPrice: toKopecks(fullPrice),
    clubPrice: toKopecks(clubPrice),
    inClub,
    nextCardPrice: toKopecks(nextCardPrice),
  });
  return {
    fullPrice,
    clubPrice,
    discount: toRoubles(offer.discount),
    cardPrice: toRoubles(offer.cardPrice),
    inClub,
    coupon: toRoubles(offer.couponPrice),
    payNow: toRoubles(offer.prepayment),
    payAtClinic: toRoubles(offer.lpuPrice),
  };
}

/** The breakdown's rows, label and value, in the order the dialog and the booking form show them. */
export function couponBreakdownRows(b: CouponBreakdown): [string, string][] {
  const T = VISIT_MONEY_TEXTS;
  return [
    [T.regular, formatRub(b.fullPrice)],
    [T.card, b.inClub ? T.cardHeld : b.cardPrice === 0 ? T.cardFree : formatRub(b.cardPrice)],
    [T.discount, `−${formatRub(b.discount)}`],
    [T.clubPrice, formatRub(b.clubPrice)],
    [T.payNow, formatRub(b.payNow)],
    [T.payAtClinic, formatRub(b.payAtClinic)],
  ];
}
