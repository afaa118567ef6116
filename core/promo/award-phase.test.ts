import { describe, expect, it } from 'vitest';
import {
  awardCalendarProblem,
  awardHideCookie,
  awardPhaseAt,
  awardYearAt,
  defaultAwardCalendar,
  moscowTime,
} from './award-phase';

const y2024 = defaultAwardCalendar(2024);
const at = (iso: string) => awardPhaseAt(new Date(iso), y2024);

describe('awardPhaseAt on the 2024 calendar', () => {
  it('shows the announcement before its first date and from 2 Oct', () => {
    expect(at('2024-03-05T09:00:00+03:00')).toBe('announce');
    expect(at('2024-10-01T23:59:00+03:00')).toBe('announce');
    expect(at('2024-10-02T00:00:00+03:00')).toBe('announce');
  });

  it('turns to the results at midnight of 2 Nov in Moscow, not in UTC', () => {
    expect(at('2024-11-01T23:59:59+03:00')).toBe('announce');
    expect(at('2024-11-01T21:00:00Z')).toBe('results');
    expect(at('2024-11-02T12:00:00+03:00')).toBe('results');
  });

  it('opens the Grand Prix registration on 11 Nov', () => {
    expect(at('2024-11-10T23:59:00+03:00')).toBe('results');
    expect(at('2024-11-11T00:00:00+03:00')).toBe('grand_prix_registration');
  });

  it('starts the live broadcast at 19:00 Moscow on 16 Nov, not a minute before', () => {
    expect(at('2024-11-16T18:59:00+03:00')).toBe('grand_prix_registration');
    expect(at('2024-11-16T15:59:59Z')).toBe('grand_prix_registration');
    expect(at('2024-11-16T19:00:00+03:00')).toBe('grand_prix_broadcast');
    expect(at('2024-11-16T23:30:00+03:00')).toBe('grand_prix_broadcast');
  });

  it('shows the Grand Prix results from 17 Nov to the end of November', () => {
    expect(at('2024-11-17T00:00:00+03:00')).toBe('grand_prix_results');
    expect(at('2024-11-30T23:59:00+03:00')).toBe('grand_prix_results');
  });

  it('hides the banner from 1 Dec 00:00 Moscow, which is still 30 Nov in UTC', () => {
    expect(at('2024-11-30T20:59:59Z')).toBe('grand_prix_results');
    expect(at('2024-11-30T21:00:00Z')).toBeNull();
    expect(at('2024-12-31T12:00:00+03:00')).toBeNull();
  });
});

describe('the award year', () => {
  it('is the calendar year in Moscow', () => {
    expect(awardYearAt(new Date('2025-12-31T20:59:00Z'))).toBe(2025);
    expect(awardYearAt(new Date('2025-12-31T21:00:00Z'))).toBe(2026);
  });

  it('keeps the 2024 dates when shifted to another year', () => {
    const y2026 = defaultAwardCalendar(2026);
    expect(y2026.grand_prix_broadcast.toISOString()).toBe('2026-11-16T16:00:00.000Z');
    expect(y2026.ends.toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(moscowTime(2026, 10, 2).toISOString()).toBe('2026-10-01T21:00:00.000Z');
  });
});

describe('awardCalendarProblem', () => {
  it('accepts the default calendar', () => {
    expect(awardCalendarProblem(y2024)).toBeNull();
  });

  it('refuses phases out of order or starting together', () => {
    expect(awardCalendarProblem({ ...y2024, results: y2024.announce })).toMatch(/один за другим/);
    expect(awardCalendarProblem({ ...y2024, ends: moscowTime(2024, 11, 1) })).toMatch(/один за другим/);
  });
});

it('hides the banner for half a day on every path', () => {
  expect(awardHideCookie()).toBe('award_banner=hidden; Max-Age=43200; Path=/; SameSite=Lax');
});
