const rules = new Intl.PluralRules('ru');

/** Russian word forms: [one, few, many], e.g. ['врач', 'врача', 'врачей']. */
export type WordForms = readonly [one: string, few: string, many: string];

/** Picks the form for n: 1 врач, 2 врача, 5 врачей, 21 врач, 1.5 врача. */
export function pluralForm(n: number, forms: WordForms): string {
  switch (rules.select(n)) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    case 'other':
      // Fractions ('1,5 минуты') take the genitive singular, which is the 'few' form.
      return Number.isInteger(n) ? forms[2] : forms[1];
    default:
      return forms[2];
  }
}

/** '5 врачей', with the number grouped the Russian way ('12 345 врачей'). */
export function plural(n: number, forms: WordForms): string {
  return `${formatNumber(n)} ${pluralForm(n, forms)}`;
}

const numberFormat = new Intl.NumberFormat('ru-RU');
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

export const WORDS = {
  doctor: ['врач', 'врача', 'врачей'],
  clinic: ['клиника', 'клиники', 'клиник'],
  review: ['отзыв', 'отзыва', 'отзывов'],
  year: ['год', 'года', 'лет'],
  minute: ['минута', 'минуты', 'минут'],
  symbol: ['символ', 'символа', 'символов'],
  course: ['курс', 'курса', 'курсов'],
  publication: ['публикация', 'публикации', 'публикаций'],
  conference: ['конференция', 'конференции', 'конференций'],
  community: ['сообщество', 'сообщества', 'сообществ'],
} as const satisfies Record<string, WordForms>;
