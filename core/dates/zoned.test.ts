import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { getISODay } from 'date-fns/getISODay';
import { ru } from 'date-fns/locale/ru';
import { describe, expect, it } from 'vitest';
import { formatDayShort, formatLongDate, nextLocalHour, zonedDay } from './zoned';

describe('zonedDay', () => {
  // 2026-11-22T20:30Z is still Sunday evening in Moscow but already Monday in Vladivostok.
  const now = new Date('2026-11-22T20:30:00Z');

  it('gives the calendar day of each town, whatever the process TZ', () => {
    expect(zonedDay(now, 'Europe/Moscow')).toEqual({ date: '2026-11-22', isoWeekday: 7, year: 2026 });
    expect(zonedDay(now, 'Asia/Vladivostok')).toEqual({ date: '2026-11-23', isoWeekday: 1, year: 2026 });
    expect(zonedDay(now, 'Asia/Novosibirsk').date).toBe('2026-11-23');
  });

  it('turns the year over at local midnight', () => {
    const newYearMoscow = new Date('2026-12-31T21:00:00Z');
    expect(zonedDay(newYearMoscow, 'Europe/Moscow').year).toBe(2027);
    expect(zonedDay(newYearMoscow, 'Europe/Kaliningrad').year).toBe(2026);
  });
});

describe('formatDayShort', () => {
  it("formats a plain day as 'd MMM' in Russian", () => {
    expect(formatDayShort('2026-05-05')).toBe('5 мая');
  });

  it("says every day of a leap year as date-fns' Russian 'd MMM' does", () => {
    for (let i = 0; i < 366; i++) {
      const day = new Date(2028, 0, 1 + i);
      expect(formatDayShort(format(day, 'yyyy-MM-dd'))).toBe(format(day, 'd MMM', { locale: ru }));
    }
  });
});

describe('zonedDay agrees with date-fns on a zoned date', () => {
  it('every 7 hours of a year, in towns from UTC+2 to UTC+12', () => {
    for (const tz of ['Europe/Kaliningrad', 'Europe/Moscow', 'Asia/Yekaterinburg', 'Asia/Kamchatka']) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 7 * 3_600_000) {
        const local = new TZDate(at, tz);
        expect(zonedDay(new Date(at), tz)).toEqual({
          date: format(local, 'yyyy-MM-dd'),
          isoWeekday: getISODay(local),
          year: local.getFullYear(),
        });
      }
    }
  });
});

describe('nextLocalHour', () => {
  it('04:00 in Moscow after 02:30Z is the next day’s 01:00Z; before it, the same day’s', () => {
    expect(nextLocalHour(new Date('2026-11-25T02:30:00Z'), 'Europe/Moscow', 4).toISOString()).toBe(
      '2026-11-26T01:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-11-25T00:59:59Z'), 'Europe/Moscow', 4).toISOString()).toBe(
      '2026-11-25T01:00:00.000Z',
    );
  });

  it('exactly at the hour moves on a day, and Vladivostok keeps its own clock', () => {
    expect(nextLocalHour(new Date('2026-11-25T01:00:00Z'), 'Europe/Moscow', 4).toISOString()).toBe(
      '2026-11-26T01:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-11-25T12:00:00Z'), 'Asia/Vladivostok', 4).toISOString()).toBe(
      '2026-11-25T18:00:00.000Z',
    );
  });
});

describe('formatLongDate', () => {
  it('writes «5 мая 2026» in the zone, as date-fns does for every month', () => {
    for (let month = 0; month < 12; month++) {
      const at = new Date(Date.UTC(2026, month, 5, 22, 30));
      for (const tz of ['Europe/Moscow', 'Asia/Vladivostok', 'UTC']) {
        expect(formatLongDate(at, tz)).toBe(
          format(new TZDate(at.getTime(), tz), 'd MMMM yyyy', { locale: ru }),
        );
      }
    }
    expect(formatLongDate('2026-05-05T12:00:00Z', 'Europe/Moscow')).toBe('5 мая 2026');
    // 22:30 UTC on 5 May is already 6 May in Moscow.
    expect(formatLongDate('2026-05-05T22:30:00Z', 'Europe/Moscow')).toBe('6 мая 2026');
  });
});
