/**
 * Searches that found nothing, for staff: which words patients use that the directory and the
 * lay dictionary (lay-words.ts) do not know yet. Only the query's words are kept, counted per day —
 * no account, no IP, no time of day — and a query that may carry a person's data (an e-mail, a
 * phone, card or policy number: 4 digits in a row) is not kept at all.
 */
import { normaliseSearchQuery } from './query';

/** The periods the staff page shows, in days (today included). */
export const MISS_PERIODS = [7, 30] as const;
export type MissPeriod = (typeof MISS_PERIODS)[number];

/** Rows older than this are deleted. */
export const MISSES_KEPT_DAYS = 90;
/** New queries a day at most: a flood of random words cannot grow the table without end. */
export const MISSES_PER_DAY_MAX = 5000;
/** The staff page lists the most frequent this many. */
export const MISSES_LISTED = 100;

export const STAFF_SEARCH_TEXTS = {
  title: 'Поиск без результатов',
  lead: 'Что пациенты искали и не нашли ни среди врачей, клиник и услуг, ни в словаре простых слов. Запросы хранятся без имени, телефона и адреса, только слова и число поисков за день.',
  period: (days: number) => `За ${days} дней`,
  empty: 'Пустых поисков за этот период нет.',
  query: 'Запрос',
  count: 'Поисков',
  lastDay: 'Последний раз',
  staffOnly: 'Раздел только для сотрудников ПроДокторов',
} as const;

/** A period asked by `?days=`: 7 unless it is 30. */
export function missPeriod(raw: string | null): MissPeriod {
  return raw === '30' ? 30 : 7;
}

/**
 * The words a query that found nothing is kept by — lowercased, 'ё' folded, punctuation dropped,
 * at most 8 words of 40 letters — or null when it is too short or may carry personal data.
 */
export function missKey(query: string): string | null {
  const text = normaliseSearchQuery(query);
  if (text.includes('@') || /\d[\s()+-]*\d[\s()+-]*\d[\s()+-]*\d/.test(text)) return null;
  const words = (text.replaceAll('ё', 'е').match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, 8)
    .map((w) => w.slice(0, 40));
  const key = words.join(' ');
  return key.length >= 2 ? key : null;
}
