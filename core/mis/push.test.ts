import { describe, expect, it } from 'vitest';
import {
  clinicTime,
  diffSlots,
  formatCursor,
  horizonLastDay,
  MIS_TEXTS,
  notOffered,
  parseCursor,
  rangeProblem,
  slotProblems,
} from './push';

const at = (iso: string) => new Date(iso);
const slot = (iso: string, durationMinutes = 30, misId: string | null = null) => ({
  misId,
  startsAt: at(iso),
  durationMinutes,
  visitType: 'clinic' as const,
});

describe("a pushed doctor's slots", () => {
  const range = { from: '2026-11-23', to: '2026-11-29', timeZone: 'Asia/Novosibirsk', doctor: '7' };

  it("must lie on the pushed days of the clinic's zone", () => {
    // 23:30 on the 29th in Novosibirsk is still the 29th there; 00:30 on the 30th is not.
    expect(slotProblems([slot('2026-11-29T16:30:00Z')], range)).toEqual([]);
    expect(slotProblems([slot('2026-11-29T17:30:00Z')], range)).toEqual([
      MIS_TEXTS.outside('7', '2026-11-30T00:30+07:00'),
    ]);
    expect(slotProblems([slot('2026-11-22T16:59:00Z')], range)).toHaveLength(1);
  });

  it('must not overlap within a visit type; touching ends are fine, another type may overlap', () => {
    expect(slotProblems([slot('2026-11-23T03:00:00Z'), slot('2026-11-23T03:30:00Z')], range)).toEqual([]);
    expect(slotProblems([slot('2026-11-23T03:29:00Z'), slot('2026-11-23T03:00:00Z')], range)).toEqual([
      MIS_TEXTS.overlap('7', '2026-11-23T10:29+07:00'),
    ]);
    const home = { ...slot('2026-11-23T03:10:00Z'), visitType: 'home' as const };
    expect(slotProblems([slot('2026-11-23T03:00:00Z'), home], range)).toEqual([]);
  });
});

describe('the pushed days', () => {
  it('run forwards, at most 62 of them, from yesterday to a year ahead', () => {
    const today = '2026-11-22';
    expect(rangeProblem({ from: '2026-11-21', to: '2027-01-21', today })).toBeNull();
    expect(rangeProblem({ from: '2026-11-23', to: '2026-11-22', today })).toBe(MIS_TEXTS.badRange);
    expect(rangeProblem({ from: '2026-11-21', to: '2027-01-22', today })).toBe(MIS_TEXTS.tooLong);
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-21', today })).toBe(MIS_TEXTS.tooFar);
    expect(rangeProblem({ from: '2027-11-20', to: '2027-11-24', today })).toBe(MIS_TEXTS.tooFar);
  });
});

describe('the change a push makes', () => {
  const stored = [
    { id: 1, ...slot('2026-11-23T03:00:00Z', 30, 'a') },
    { id: 2, ...slot('2026-11-23T03:30:00Z', 30, 'b') },
    { id: 3, ...slot('2026-11-23T04:00:00Z', 30, 'c') },
  ];

  it('keeps what is pushed again, updates a changed id or length, removes the rest, adds the new', () => {
    const diff = diffSlots(stored, [
      slot('2026-11-23T03:00:00Z', 30, 'a'),
      slot('2026-11-23T03:30:00Z', 20, 'b'),
      slot('2026-11-23T05:00:00Z', 30, 'd'),
    ]);
    expect(diff).toEqual({
      remove: [3],
      add: [slot('2026-11-23T05:00:00Z', 30, 'd')],
      update: [{ id: 2, misId: 'b', durationMinutes: 20 }],
      unchanged: 1,
    });
  });

  it('is nothing when the same slots are pushed again', () => {
    const same = stored.map(({ id: _, ...s }) => s);
    expect(diffSlots(stored, same)).toEqual({ remove: [], add: [], update: [], unchanged: 3 });
  });

  it('removes a stored duplicate of one time', () => {
    const twice = [...stored, { id: 9, ...slot('2026-11-23T03:00:00Z', 30, 'a') }];
    expect(
      diffSlots(
        twice,
        stored.map(({ id: _, ...s }) => s),
      ).remove,
    ).toEqual([9]);
  });
});

describe('the feed cursor', () => {
  it('reads back what it wrote and nothing else', () => {
    expect(parseCursor(formatCursor({ xid: 123456789012, id: 42 }))).toEqual({ xid: 123456789012, id: 42 });
    for (const bad of ['', '1', '1.', '.1', '1.2.3', 'a.b', '-1.2', '1.2 ', '1234567890123456.1']) {
      expect(parseCursor(bad), bad).toBeNull();
    }
  });
});

describe('what a push will not offer', () => {
  const zone = { now: at('2026-11-22T05:00:00Z'), timeZone: 'Asia/Novosibirsk', horizonDays: 14 };

  it('names slots already begun and slots from the end of the booking horizon on', () => {
    // Today is Sunday 22 November there (12:00); 14 days: offered up to the end of 5 December.
    expect(horizonLastDay(zone.now, zone.timeZone, 14)).toBe('2026-12-05');
    const slots = [
      slot('2026-12-05T16:30:00Z'), // 23:30 on the 5th: offered
      slot('2026-12-05T17:00:00Z'), // 00:00 on the 6th: beyond
      slot('2026-11-22T04:00:00Z'), // 11:00 today: begun
      slot('2026-11-22T05:30:00Z'), // 12:30 today: offered
    ];
    expect(notOffered(slots, zone)).toEqual([
      { startsAt: at('2026-11-22T04:00:00Z'), reason: 'past' },
      { startsAt: at('2026-12-05T17:00:00Z'), reason: 'beyond_horizon' },
    ]);
  });

  it("are told on the clinic's clock, with its offset", () => {
    expect(clinicTime(at('2026-11-29T17:30:00Z'), 'Asia/Novosibirsk')).toBe('2026-11-30T00:30+07:00');
    expect(clinicTime(at('2026-07-01T09:05:00Z'), 'Europe/Moscow')).toBe('2026-07-01T12:05+03:00');
    expect(clinicTime(at('2026-07-01T09:05:00Z'), 'America/Los_Angeles')).toBe('2026-07-01T02:05-07:00');
  });
});
