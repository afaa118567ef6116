import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import type { QueueStatus } from '../../../../core/reviews/moderation-contracts';

/** The queue's tabs: one per state of a review. */
export const QUEUE_TABS: readonly (readonly [QueueStatus, string])[] = [
  ['pending', 'На проверке'],
  ['published', 'Опубликованы'],
  ['unconfirmed', 'Не подтверждены'],
  ['resolved', 'Проблема решена'],
  ['deleted', 'Удалены'],
];

export const STATUS_TITLE: Record<string, string> = Object.fromEntries(QUEUE_TABS);

/** '5 мая 2026, 14:30' in Moscow time. */
export const when = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy, HH:mm', { locale: ru });

/** The queue's query string: the state, the search, the filters and the page (1 is left out). */
export function queueSearch(
  status: QueueStatus,
  q: string,
  page = 1,
  filters: Partial<Record<string, string>> = {},
): string {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  return `?${params}`;
}
