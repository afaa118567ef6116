import { describe, expect, it } from 'vitest';
import { FIGURES, formatScale, type ResultsJson, scaleRows } from './scale';

function results(f: number, opts: { withoutNearest?: boolean } = {}): ResultsJson {
  return {
    dataset: { size: f === 1 ? 'large' : 'xl', doctors: 120_000 * f },
    uncached: {
      targets: [
        { key: 'list', p50: 999, pooled: { p50: 20 * f } },
        { key: 'doctor', pooled: { p50: 10 * f } },
        { key: 'clinic', p50: 12 * f },
        { key: 'reviews', pooled: { p50: 15 * f } },
      ],
    },
    calls: [
      { name: 'search suggestions', connections: 1, p95: 1000 },
      { name: 'search suggestions', connections: 10, p95: 8 * f },
      { name: 'reviews page call', connections: 10, p95: 9 * f },
    ],
    slots: [
      { name: 'slots_bulk, 20 doctors × 14 days', connections: 1, p95: 1000 },
      { name: 'slots_bulk, 20 doctors × 14 days', connections: 10, p95: 30 * f },
    ],
    ...(opts.withoutNearest ? {} : { nearest: { steady: { p50: 3, p95: 5 * f } } }),
  };
}

describe('bench/scale.ts', () => {
  it('reads every figure: the pooled p50 of a page, the 10-connection p95 of a call', () => {
    const rows = scaleRows(results(1), results(1.2));
    expect(rows.map((r) => r.key)).toEqual(FIGURES.map((f) => f.key));
    expect(rows.find((r) => r.key === 'list')).toMatchObject({ large: 20, xl: 24, pass: true });
    expect(rows.find((r) => r.key === 'clinic')).toMatchObject({ large: 12, pass: true });
    expect(rows.find((r) => r.key === 'search')).toMatchObject({ large: 8 });
    expect(rows.find((r) => r.key === 'slots-bulk')).toMatchObject({ large: 30 });
    for (const r of rows) expect(r.ratio).toBeCloseTo(1.2);
    expect(formatScale(rows)).toContain('All figures PASS.');
  });

  it('fails a figure above 1.3, and one missing from either file', () => {
    const rows = scaleRows(results(1), results(1.31, { withoutNearest: true }));
    expect(rows.filter((r) => r.pass)).toEqual([]);
    const nearest = rows.find((r) => r.key === 'nearest');
    expect(nearest).toMatchObject({ xl: null, ratio: null, pass: false });
    const text = formatScale(rows);
    expect(text).toContain('missing');
    expect(text).toContain(`${rows.length} of ${rows.length} figures FAIL`);
    // Exactly at the target passes; a custom target applies.
    expect(scaleRows(results(1), results(1.3)).every((r) => r.pass)).toBe(true);
    expect(scaleRows(results(1), results(1.3), 1.25).some((r) => r.pass)).toBe(false);
  });
});
