import { TZDate } from '@date-fns/tz';

// No date-fns `format` or locale here: public pages import this module, and those two cost their
// first load 8 KB gzipped for a date and a month name (the tests hold the output to date-fns').
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The calendar day at `now` in a time zone: what "today" means for a clinic in that town. */
export function zonedDay(now: Date, tz: string): { date: string; isoWeekday: number; year: number } {
  const local = new TZDate(now.getTime(), tz);
  const year = local.getFullYear();
  return {
    date: `${year}-${pad2(local.getMonth() + 1)}-${pad2(local.getDate())}`,
    isoWeekday: local.getDay() || 7,
    year,
  };
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

/** Months as date-fns' Russian 'd MMM' names them after a day number. */
const MONTHS_SHORT = [
  'янв.',
  'фев.',
  'мар.',
  'апр.',
  'мая',
  'июн.',
  'июл.',
  'авг.',
  'сент.',
  'окт.',
  'нояб.',
  'дек.',
];

/** 'd MMM' of a plain 'yyyy-MM-dd' day, e.g. '1 янв.'; the day is taken as is, no zone shift. */
export function formatDayShort(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS_SHORT[m - 1]}`;
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
