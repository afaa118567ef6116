import { MONTHS_GENITIVE } from '../dates/day-long';
import { WEEKDAY_NAMES } from '../dates/zoned';
import type { AddressSchedule } from './contracts';

/** Weekday keys of an address schedule (schedule_days, full_days), ISO order: index 0 is Monday. */
export const WEEKDAY_TRANSLIT = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekdayTranslit = (typeof WEEKDAY_TRANSLIT)[number];

export const DAY_OFF = 'выходной';
export const ROUND_THE_CLOCK = 'круглосуточно';

/** Opening and closing times as 'HH:mm' (a day closed when either is missing). */
export interface DayHours {
  opens: string | null;
  closes: string | null;
}

/** '09:00–21:00', 'круглосуточно' for 00:00–24:00, 'выходной' for a closed day. */
export function formatHours(day: DayHours | undefined): string {
  if (!day?.opens || !day.closes) return DAY_OFF;
  const opens = day.opens.slice(0, 5);
  const closes = day.closes.slice(0, 5);
  if (opens === '00:00' && (closes === '24:00' || closes === '00:00')) return ROUND_THE_CLOCK;
  return `${opens}–${closes}`;
}

/** 'yyyy-MM-dd' → 'dd.MM', the lpu_exceptions date. */
export function exceptionDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}.${month}`;
}

/** 'dd.MM' of lpu_exceptions → '31 декабря', as the holiday list reads it. */
export function exceptionDayLabel(ddmm: string): string {
  const [day, month] = ddmm.split('.').map(Number);
  const name = MONTHS_GENITIVE[month - 1];
  return name && day ? `${day} ${name}` : ddmm;
}

export function weekdayTranslit(isoWeekday: number): WeekdayTranslit {
  const key = WEEKDAY_TRANSLIT[isoWeekday - 1];
  if (!key) throw new RangeError(`ISO weekday out of range: ${isoWeekday}`);
  return key;
}

/**
 * The week of an address as the schedule call answers it: every weekday present (missing rows are
 * days off), holiday exceptions in date order.
 */
export function addressSchedule(input: {
  hours: (DayHours & { weekday: number })[];
  exceptions: (DayHours & { date: string })[];
  todayIsoWeekday: number;
}): AddressSchedule {
  const scheduleDays = {} as Record<WeekdayTranslit, string>;
  const fullDays = {} as Record<WeekdayTranslit, string>;
  WEEKDAY_TRANSLIT.forEach((key, i) => {
    scheduleDays[key] = formatHours(input.hours.find((h) => h.weekday === i + 1));
    fullDays[key] = WEEKDAY_NAMES[i];
  });
  return {
    schedule_days: scheduleDays,
    full_days: fullDays,
    now_weekday_translit: weekdayTranslit(input.todayIsoWeekday),
    lpu_exceptions: [...input.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((e) => ({ date: exceptionDate(e.date), time: formatHours(e) })),
  };
}

/** Rows for a weekday list: name, hours and whether it is today, Monday first. */
export function weekRows(
  schedule: Pick<AddressSchedule, 'schedule_days' | 'full_days' | 'now_weekday_translit'>,
) {
  return WEEKDAY_TRANSLIT.map((key) => ({
    key,
    name: schedule.full_days[key],
    hours: schedule.schedule_days[key],
    today: key === schedule.now_weekday_translit,
  }));
}
