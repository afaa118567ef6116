import { describe, expect, it } from 'vitest';
import { periodStart, ratingTrend, scoreStars, trendMonths } from './inbox';

describe('inbox rules', () => {
  it("the trend's months are Moscow's: 23:30 UTC on 31 October is already November", () => {
    const { months, from } = trendMonths(new Date('2026-10-31T23:30:00Z'), 3);
    expect(months).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(from.toISOString()).toBe('2026-08-31T21:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(trendMonths(new Date('2026-02-10T12:00:00Z'), 4).months).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('a period counts back whole days from now; none is all time', () => {
    expect(periodStart('30', new Date('2026-11-22T09:00:00Z'))?.toISOString()).toBe(
      '2026-10-23T09:00:00.000Z',
    );
    expect(periodStart(undefined, new Date())).toBeNull();
  });

  it('scores −2…+2 are 0–5 stars', () => {
    expect([scoreStars(-2), scoreStars(0), scoreStars(2)]).toEqual([0, 2.5, 5]);
  });

  it("the change is the later half's mean minus the earlier half's, over their reviews", () => {
    const t = ratingTrend(
      ['a', 'b', 'c', 'd'],
      [
        { month: 'a', count: 2, scoreSum: 2 },
        { month: 'c', count: 1, scoreSum: 2 },
        { month: 'd', count: 1, scoreSum: 0 },
      ],
    );
    expect(t.months.map((m) => m.average)).toEqual([3.75, null, 5, 2.5]);
    expect(t.change).toBe(0);
    expect(ratingTrend(['a', 'b'], [{ month: 'b', count: 1, scoreSum: 1 }]).change).toBeNull();
  });
});
