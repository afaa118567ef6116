/**
 * The tab history (docs/product/promotions.md, 'Tab history'): the pages one browser tab showed, each
 * with when it was opened and left and the time between, the newest 100. The browser keeps it
 * per tab (sessionStorage); the page-effectiveness beacon reads how long a doctor's or clinic's
 * page was open from it. These are its pure rules.
 */

export const TAB_HISTORY_LIMIT = 100;
export const TAB_HISTORY_KEY = 'tab_history';

export interface TabRecord {
  /** The page's path and query (no hash: a jump inside a page is the same page). */
  url: string;
  /** Epoch milliseconds. */
  start: number;
  /** Null while the page is open. */
  end: number | null;
  /** end − start in ms; null while open. */
  difference: number | null;
}

/** The stored history, or none when it is missing or not ours (never throws). */
export function parseTabHistory(raw: string | null): TabRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (r): r is TabRecord =>
          typeof r === 'object' &&
          r !== null &&
          typeof r.url === 'string' &&
          Number.isFinite(r.start) &&
          (r.end === null || Number.isFinite(r.end)) &&
          (r.difference === null || Number.isFinite(r.difference)),
      )
      .slice(-TAB_HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** The history with its open page, if any, left at `now` (a clock going back counts 0 ms). */
export function closeLast(history: readonly TabRecord[], now: number): TabRecord[] {
  const last = history.at(-1);
  if (!last || last.end !== null) return [...history];
  const end = Math.max(now, last.start);
  return [...history.slice(0, -1), { ...last, end, difference: end - last.start }];
}

/**
 * The history after `url` was opened at `now`: the page before is left then, and the newest
 * 100 are kept. The same page again (a reload, a hash change) keeps its open record.
 */
export function openPage(history: readonly TabRecord[], url: string, now: number): TabRecord[] {
  const last = history.at(-1);
  if (last && last.end === null && last.url === url) return [...history];
  const next = [...closeLast(history, now), { url, start: now, end: null, difference: null }];
  return next.slice(-TAB_HISTORY_LIMIT);
}
