import { describe, expect, it } from 'vitest';
import { addDays, byDay, daysFrom, dueAtClinic, localDate, localTime, statusRefusal } from './reception';

describe('the reception list’s days', () => {
  it('counts plain days across a month and a year end', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2026-11-27', 7)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
  });

  it('puts a visit on its clinic’s calendar day, not the server’s', () => {
    // 23:30 Moscow on the 26th is 20:30Z; 00:30 Vladivostok on the 27th is 14:30Z on the 26th.
    expect(localDate('2026-11-26T20:30:00Z', 'Europe/Moscow')).toBe('2026-11-26');
    expect(localDate('2026-11-26T21:30:00Z', 'Europe/Moscow')).toBe('2026-11-27');
    expect(localDate('2026-11-26T14:30:00Z', 'Asia/Vladivostok')).toBe('2026-11-27');
    expect(localTime('2026-11-27T06:30:00Z', 'Europe/Moscow')).toBe('09:30');
    expect(localTime('2026-11-26T14:30:00Z', 'Asia/Vladivostok')).toBe('00:30');
  });

  it('groups visits by day, soonest first, keeping the empty days of the range', () => {
    const visit = (id: number, startsAt: string) => ({ id, startsAt, tz: 'Europe/Moscow' });
    const groups = byDay(
      [visit(1, '2026-11-28T10:00:00Z'), visit(2, '2026-11-27T12:00:00Z'), visit(3, '2026-11-27T06:00:00Z')],
      '2026-11-27',
      3,
    );
    expect(groups.map((g) => [g.day, g.visits.map((v) => v.id)])).toEqual([
      ['2026-11-27', [3, 2]],
      ['2026-11-28', [1]],
      ['2026-11-29', []],
    ]);
  });

  it('leaves out a visit outside the range', () => {
    const groups = byDay([{ startsAt: '2026-12-01T10:00:00Z', tz: 'Europe/Moscow' }], '2026-11-27', 1);
    expect(groups).toEqual([{ day: '2026-11-27', visits: [] }]);
  });
});

describe('what the clinic takes at the visit', () => {
  it('is the price less the club prepayment', () => {
    expect(dueAtClinic(1400, 490)).toBe(910);
    expect(dueAtClinic(1400, null)).toBe(1400);
    expect(dueAtClinic(null, 490)).toBeNull();
    expect(dueAtClinic(300, 490)).toBe(0);
  });
});

describe('what the clinic may mark a visit as', () => {
  // A visit 09:00–09:30 Moscow (06:00–06:30Z).
  const visit = (status: string) => ({
    status,
    startsAt: '2026-11-27T06:00:00Z',
    endsAt: '2026-11-27T06:30:00Z',
  });
  const before = new Date('2026-11-27T05:59:00Z');
  const during = new Date('2026-11-27T06:10:00Z');
  const after = new Date('2026-11-27T07:00:00Z');

  it('marks attendance once the visit has begun, not before', () => {
    expect(statusRefusal(visit('active'), 'done', before)?.code).toBe('not_started');
    expect(statusRefusal(visit('active'), 'no_show', before)?.code).toBe('not_started');
    expect(statusRefusal(visit('active'), 'done', during)).toBeNull();
    expect(statusRefusal(visit('active'), 'no_show', after)).toBeNull();
  });

  it('lets a mark be corrected, but not set twice', () => {
    expect(statusRefusal(visit('done'), 'no_show', after)).toBeNull();
    expect(statusRefusal(visit('no_show'), 'done', after)).toBeNull();
    expect(statusRefusal(visit('done'), 'done', after)?.code).toBe('same_status');
  });

  it('cancels a booked visit until it ends; never a past or a marked one', () => {
    expect(statusRefusal(visit('active'), 'canceled', before)).toBeNull();
    expect(statusRefusal(visit('active'), 'canceled', during)).toBeNull();
    expect(statusRefusal(visit('active'), 'canceled', after)?.code).toBe('visit_over');
    expect(statusRefusal(visit('done'), 'canceled', during)?.code).toBe('visit_over');
  });

  it('leaves a cancelled visit cancelled', () => {
    for (const mark of ['done', 'no_show', 'canceled'] as const)
      expect(statusRefusal(visit('canceled'), mark, during)?.code).toBe('already_canceled');
  });
});
