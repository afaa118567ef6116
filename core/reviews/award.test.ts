import { describe, expect, it } from 'vitest';
import { REVIEW_DISCOUNT_RUB, reviewAwardText } from './award';

describe('the review-award banner text', () => {
  it('300 roubles by default: «Получите 300 рублей за отзыв.»', () => {
    expect(reviewAwardText(REVIEW_DISCOUNT_RUB)).toBe('Получите 300 рублей за отзыв.');
  });

  it('names tenge and Belarusian roubles, grouping thousands the Russian way', () => {
    expect(reviewAwardText(1500, 'KZT')).toBe('Получите 1\u00a0500 тенге за отзыв.');
    expect(reviewAwardText(10, 'BYN')).toBe('Получите 10 белорусских рублей за отзыв.');
  });

  it('the currency word agrees with the number: 21 рубль, 2 рубля', () => {
    expect(reviewAwardText(21)).toBe('Получите 21 рубль за отзыв.');
    expect(reviewAwardText(2)).toBe('Получите 2 рубля за отзыв.');
  });

  it('an unknown currency code falls back to roubles', () => {
    expect(reviewAwardText(300, 'XXX')).toBe('Получите 300 рублей за отзыв.');
  });
});
