import { describe, expect, it } from 'vitest';
import { closeLast, openPage, parseTabHistory, TAB_HISTORY_LIMIT, type TabRecord } from './tab-history';

describe('tab history', () => {
  it('leaves the page before when another opens, with the time between', () => {
    let h = openPage([], '/moskva/vrach/', 1_000);
    h = openPage(h, '/moskva/vrach/1-ivanov/', 4_500);
    expect(h).toEqual([
      { url: '/moskva/vrach/', start: 1_000, end: 4_500, difference: 3_500 },
      { url: '/moskva/vrach/1-ivanov/', start: 4_500, end: null, difference: null },
    ]);
    expect(closeLast(h, 10_000).at(-1)).toEqual({
      url: '/moskva/vrach/1-ivanov/',
      start: 4_500,
      end: 10_000,
      difference: 5_500,
    });
  });

  it('keeps one open record for the same page, and closing twice changes nothing', () => {
    const h = openPage(openPage([], '/a/', 1), '/a/', 50);
    expect(h).toEqual([{ url: '/a/', start: 1, end: null, difference: null }]);
    const closed = closeLast(h, 70);
    expect(closeLast(closed, 900)).toEqual(closed);
    // Back on the same page after leaving it: a new visit.
    expect(openPage(closed, '/a/', 1_000)).toHaveLength(2);
  });

  it('keeps the newest 100 records', () => {
    let h: TabRecord[] = [];
    for (let i = 0; i < 130; i++) h = openPage(h, `/p${i}/`, i * 10);
    expect(h).toHaveLength(TAB_HISTORY_LIMIT);
    expect(h[0].url).toBe('/p30/');
    expect(h.at(-1)?.url).toBe('/p129/');
  });

  it('counts a clock that went back as 0 ms', () => {
    expect(closeLast(openPage([], '/a/', 5_000), 4_000).at(-1)?.difference).toBe(0);
  });

  it('reads garbage as an empty history, and drops records that are not ours', () => {
    expect(parseTabHistory(null)).toEqual([]);
    expect(parseTabHistory('{')).toEqual([]);
    expect(parseTabHistory('{"url":"/"}')).toEqual([]);
    const good = { url: '/a/', start: 1, end: 2, difference: 1 };
    expect(parseTabHistory(JSON.stringify([good, { url: 3 }, null, { ...good, start: 'x' }]))).toEqual([
      good,
    ]);
  });
});
