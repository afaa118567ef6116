import { TZDate } from '@date-fns/tz';
import { format, getISODay } from 'date-fns';
import { ru } from 'date-fns/locale';

/** The calendar day at `now` in a time zone: what "today" means for a clinic in that town. */
export function zonedDay(now: Date, tz: string): { date: string; isoWeekday: number; year: number } {
  const local = new TZDate(now.getTime(), tz);
  return { date: format(local, 'yyyy-MM-dd'), isoWeekday: getISODay(local), year: local.getFullYear() };
}

/**
 * The next moment after `now` when the clock in `tz` shows `hour`:00, e.g. for a nightly job:
 * now 2026-11-25T02:30Z, 04:00 Europe/Moscow (01:00Z) → 2026-11-26T01:00:00Z.
 */
export function nextLocalHour(now: Date, tz: string, hour: number): Date {
  const local = new TZDate(now.getTime(), tz);
  const at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), hour, 0, 0, tz);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return new Date(at.getTime());
}

const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '5 мая 2026' from an ISO date or instant, in the given zone. Intl's formatter, kept per zone,
 * costs a fraction of building a zoned date for date-fns on every call (pages format dozens).
 */
export function formatLongDate(at: Date | string, tz: string): string {
  let f = longDateFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: tz });
    longDateFormats.set(tz, f);
  }
  const parts = f.formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** 'd MMM' of a plain 'yyyy-MM-dd' day, e.g. '1 янв.'; the day is taken as is, no zone shift. */
export function formatDayShort(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'd MMM', { locale: ru });
}

export const WEEKDAY_NAMES = [
  'Понедельник',
  'Вторник',
  'Среда',
  'Четверг',
  'Пятница',
  'Суббота',
  'Воскресенье',
];
