import { describe, expect, it } from 'vitest';
import { addDays, averageTime, conversion, type DayCounts, fillDays, totals } from './effectiveness';

describe('fillDays', () => {
  it('gives every day of the period oldest first, quiet days as zeros, counts of one day merged', () => {
    const days = fillDays('2026-03-01', 3, [
      { day: '2026-02-28', views: 5, bookingClicks: 2, phoneClicks: 1 },
      { day: '2026-02-28', bookings: 1 },
      { day: '2026-01-01', views: 99 },
    ]);
    expect(days).toEqual([
      { day: '2026-02-27', views: 0, bookingClicks: 0, bookings: 0, phoneClicks: 0, timed: 0, timeMs: 0 },
      { day: '2026-02-28', views: 5, bookingClicks: 2, bookings: 1, phoneClicks: 1, timed: 0, timeMs: 0 },
      { day: '2026-03-01', views: 0, bookingClicks: 0, bookings: 0, phoneClicks: 0, timed: 0, timeMs: 0 },
    ]);
    expect(totals(days)).toEqual({ views: 5, bookingClicks: 2, bookings: 1, phoneClicks: 1 });
  });

  it('steps over month, year and leap days by the calendar', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(fillDays('2026-10-26', 2, []).map((d) => d.day)).toEqual(['2026-10-25', '2026-10-26']);
  });
});

describe('conversion', () => {
  it('is presses per hundred views with one decimal, none without views', () => {
    expect(conversion(1, 24)).toBe('4,2 %');
    expect(conversion(0, 10)).toBe('0 %');
    expect(conversion(3, 0)).toBeNull();
  });
});

describe('averageTime', () => {
  const day = (timed: number, timeMs: number): DayCounts => ({
    day: '2026-03-01',
    views: timed,
    bookingClicks: 0,
    bookings: 0,
    phoneClicks: 0,
    timed,
    timeMs,
  });

  it('is the period’s time over its timed visits, in minutes and seconds', () => {
    expect(averageTime([day(1, 60_000), day(1, 70_000)])).toBe('1 мин 05 с');
    expect(averageTime([day(3, 120_000)])).toBe('40 с');
    expect(averageTime([day(2, 7_200_000)])).toBe('60 мин 00 с');
  });

  it('is none when no visit was timed', () => {
    expect(averageTime([day(0, 0), day(0, 0)])).toBeNull();
  });
});
