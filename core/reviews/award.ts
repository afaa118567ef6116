import { formatNumber, pluralForm, type WordForms } from '../text/plural';

/** The review discount, 300 RUB ('Дарим скидку 300 ₽ за честный отзыв'; docs/product/reviews.md). */
export const REVIEW_DISCOUNT_RUB = 300;

/** The programme's rules, opened by the award banner's 'Подробнее' in a new tab. */
export const REVIEW_AWARD_RULES_URL = '/docs/review-award-programme.pdf';

/** Currencies the portal's countries pay in; the award banner names the amount in words. */
export const CURRENCY_WORDS = {
  RUB: ['рубль', 'рубля', 'рублей'],
  BYN: ['белорусский рубль', 'белорусских рубля', 'белорусских рублей'],
  KZT: ['тенге', 'тенге', 'тенге'],
  UZS: ['сум', 'сума', 'сумов'],
  KGS: ['сом', 'сома', 'сомов'],
  AMD: ['драм', 'драма', 'драмов'],
  UAH: ['гривна', 'гривны', 'гривен'],
  USD: ['доллар', 'доллара', 'долларов'],
  EUR: ['евро', 'евро', 'евро'],
} as const satisfies Record<string, WordForms>;

export type Currency = keyof typeof CURRENCY_WORDS;

export const isCurrency = (code: string): code is Currency => Object.hasOwn(CURRENCY_WORDS, code);

/**
 * The award banner's line ('Получите {amount} {currency name} за отзыв.'): 'Получите 300
 * рублей за отзыв.' The currency word agrees with the number as Russian wants it (300 рублей,
 * 1 000 тенге, 21 рубль); an unknown code falls back to roubles.
 */
export function reviewAwardText(amount: number, currency: string = 'RUB'): string {
  const words = CURRENCY_WORDS[isCurrency(currency) ? currency : 'RUB'];
  return `Получите ${formatNumber(amount)} ${pluralForm(amount, words)} за отзыв.`;
}
