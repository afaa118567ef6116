import { describe, expect, it } from 'vitest';
import { formatRub } from '../money/money';
import {
  bookedPrice,
  canceledMoneyText,
  cancelMoney,
  cancelMoneyWarning,
  couponBreakdown,
  couponBreakdownRows,
  visitMoney,
  visitMoneySms,
} from './visit-money';

describe("a visit's money", () => {
  it('tells what was paid on the site and what is left for the clinic', () => {
    expect(visitMoney(3150, 1575)).toEqual({ price: 3150, paid: 1575, due: 1575 });
    // An odd club price: the coupon is the half rounded down, the clinic takes the larger half.
    expect(visitMoney(3151, 1575)).toEqual({ price: 3151, paid: 1575, due: 1576 });
    expect(visitMoney(2000, null)).toEqual({ price: 2000, paid: 0, due: 2000 });
    expect(visitMoney(null, 500)).toEqual({ price: null, paid: 500, due: null });
  });

  it('takes a review discount off what is left, never below zero', () => {
    expect(visitMoney(3150, 1575, 300)).toEqual({ price: 3150, paid: 1575, due: 1275 });
    expect(visitMoney(1000, 500, 900)).toEqual({ price: 1000, paid: 500, due: 0 });
  });

  it("adds the money to a prepaid visit's SMS only", () => {
    expect(visitMoneySms(visitMoney(3150, 1575))).toBe(
      `. Оплачено на сайте ${formatRub(1575)}, в клинике ${formatRub(1575)}`,
    );
    expect(visitMoneySms(visitMoney(3150, null))).toBe('');
    expect(visitMoneySms(visitMoney(null, 700))).toBe(`. Оплачено на сайте ${formatRub(700)}`);
  });
});

describe('the price a visit is booked at', () => {
  it("books a member's visit at the club price and anyone else's at the price", () => {
    expect(bookedPrice({ price: 4500, clubPrice: 3150 }, true)).toBe(3150);
    expect(bookedPrice({ price: 4500, clubPrice: 3150 }, false)).toBe(4500);
    expect(bookedPrice({ price: 4500, clubPrice: null }, true)).toBe(4500);
    expect(bookedPrice({ price: null, clubPrice: 3150 }, true)).toBeNull();
  });
});

describe("a prepaid visit's cancel", () => {
  it("keeps the non-refundable coupon on the patient's cancel and refunds it on the clinic's", () => {
    expect(cancelMoney(1575, 'patient')).toEqual({ paid: 1575, refund: 0 });
    expect(cancelMoney(1575, 'clinic')).toEqual({ paid: 1575, refund: 1575 });
    expect(cancelMoney(null, 'patient')).toEqual({ paid: 0, refund: 0 });
  });

  it('warns before the cancel, and tells after it', () => {
    expect(cancelMoneyWarning(1575)).toBe(
      `Предоплата ${formatRub(1575)} не вернётся: купон на приём по клубной цене невозвратный.`,
    );
    expect(cancelMoneyWarning(null)).toBe('');
    expect(canceledMoneyText(cancelMoney(1575, 'patient'))).toBe(
      `Предоплата ${formatRub(1575)} не возвращается: купон невозвратный.`,
    );
    expect(canceledMoneyText(cancelMoney(1575, 'clinic'))).toBe(
      `Предоплата ${formatRub(1575)} вернётся на карту, с которой вы платили.`,
    );
    expect(canceledMoneyText(cancelMoney(0, 'clinic'))).toBe('');
  });
});

describe('the breakdown before the checkout', () => {
  it('charges a former member the coupon and the 99 ₽ card, and says so line by line', () => {
    const b = couponBreakdown({ fullPrice: 4500, clubPrice: 3150, inClub: false, nextCardPrice: 99 });
    expect(b).toEqual({
      fullPrice: 4500,
      clubPrice: 3150,
      discount: 1350,
      cardPrice: 99,
      inClub: false,
      coupon: 1575,
      payNow: 1674,
      payAtClinic: 1575,
    });
    expect(couponBreakdownRows(b)).toEqual([
      ['Обычная цена', formatRub(4500)],
      ['Клубная карта на 6 месяцев', formatRub(99)],
      ['Клубная скидка', `−${formatRub(1350)}`],
      ['Клубная цена', formatRub(3150)],
      ['Оплатить на сайте сейчас', formatRub(1674)],
      ['Оплатить в клинике', formatRub(1575)],
    ]);
  });

  it('gives the first card free and charges a member the coupon alone', () => {
    const first = couponBreakdown({ fullPrice: 2000, clubPrice: 1401, inClub: false, nextCardPrice: 0 });
    expect(first).toMatchObject({ cardPrice: 0, coupon: 700, payNow: 700, payAtClinic: 701 });
    expect(couponBreakdownRows(first)[1]).toEqual(['Клубная карта на 6 месяцев', 'в подарок']);
    // A member's next card price is not charged: the card they hold counts.
    const member = couponBreakdown({ fullPrice: 2000, clubPrice: 1400, inClub: true, nextCardPrice: 99 });
    expect(member).toMatchObject({ cardPrice: 0, payNow: 700, payAtClinic: 700 });
    expect(couponBreakdownRows(member)[1]).toEqual(['Клубная карта на 6 месяцев', 'уже есть']);
  });

  it('adds up: now plus at the clinic is the club price plus the card', () => {
    for (const club of [1, 99, 1001, 3150, 3151, 99_999]) {
      const b = couponBreakdown({ fullPrice: club + 500, clubPrice: club, inClub: false, nextCardPrice: 99 });
      expect(b.payNow + b.payAtClinic).toBe(club + 99);
      expect(Number.isInteger(b.payNow) && Number.isInteger(b.payAtClinic)).toBe(true);
    }
  });
});
