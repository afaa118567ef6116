/**
 * Review types of the reviews filter (docs/product/reviews.md): the query `type` is one of seven
 * values; any other is ignored.
 */
import type { ReviewTypeOption } from './contracts';

export const REVIEW_TYPES = [
  'all',
  'positive',
  'neutral',
  'negative',
  'resolved',
  'unconfirmed',
  'deleted',
] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const REVIEW_TYPE_TITLES: Record<ReviewType, string> = {
  all: 'Все',
  positive: 'Положительные',
  neutral: 'Нейтральные',
  negative: 'Отрицательные',
  resolved: 'Решённые',
  unconfirmed: 'Неподтверждённые',
  deleted: 'Удалённые',
};

/** Shown even with nothing in them (disabled); the other types are hidden when empty. */
const ALWAYS_SHOWN = new Set<ReviewType>(['all', 'positive', 'negative']);
const KNOWN = new Set<string>(REVIEW_TYPES);

/** `?type=`: one of the seven, else 'all' (an unknown value is ignored). */
export function parseReviewType(value: string | null | undefined): ReviewType {
  return value && KNOWN.has(value) ? (value as ReviewType) : 'all';
}

/** The filter's options: all, positive and negative always; the others only when they have reviews. */
export function reviewTypeOptions(counts: Partial<Record<ReviewType, number>>): ReviewTypeOption[] {
  return REVIEW_TYPES.flatMap((value) => {
    const amount = counts[value] ?? 0;
    if (amount === 0 && !ALWAYS_SHOWN.has(value)) return [];
    return [{ value, title: REVIEW_TYPE_TITLES[value], amount, disabled: amount === 0 }];
  });
}

/** The page's query with the type rewritten (the default 'all' leaves the query). */
export function reviewTypeSearch(search: string, type: ReviewType): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (type === 'all') params.delete('type');
  else params.set('type', type);
  const s = params.toString();
  return s ? `?${s}` : '';
}
