/**
 * The cabinet's reviews inbox (docs/product/reviews.md, 'Кабинет'): its filters — 'без ответа',
 * doctor, tone, period — and the rating's trend by month in Moscow's calendar.
 */

/** The periods the inbox filters by, in days back from now. */
export const INBOX_PERIODS = {
  '30': 'За 30 дней',
  '90': 'За 3 месяца',
  '365': 'За год',
} as const;
export type InboxPeriod = keyof typeof INBOX_PERIODS;

export const INBOX_TONES = {
  positive: 'Положительные',
  neutral: 'Нейтральные',
  negative: 'Отрицательные',
} as const;

/** How many months the trend shows, the current one included. */
export const TREND_MONTHS = 12;

const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

/** Since when a period counts (null: all time). */
export function periodStart(period: InboxPeriod | undefined, now: Date): Date | null {
  return period ? new Date(now.getTime() - Number(period) * DAY_MS) : null;
}

/** The trend's months 'YYYY-MM' (oldest first) and the instant the first begins in Moscow. */
export function trendMonths(now: Date, count = TREND_MONTHS): { months: string[]; from: Date } {
  const moscow = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const d = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - back, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const [y, m] = months[0].split('-').map(Number);
  return { months, from: new Date(Date.UTC(y, m - 1, 1) - MOSCOW_OFFSET_MS) };
}

/** A review's score (−2…+2) as stars 0–5, the scale the pages show. */
export const scoreStars = (score: number) => 2.5 + (score * 5) / 4;

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface TrendMonth {
  month: string;
  count: number;
  /** The month's mean in stars (0–5, two decimals), null with no review. */
  average: number | null;
}

/**
 * Each month's mean (stars) from the reviews' sums by month, and the change: the mean of the
 * last half of the months minus the mean of the first half (each over its reviews), null when a
 * half has none.
 */
export function ratingTrend(
  months: string[],
  sums: { month: string; count: number; scoreSum: number }[],
): { months: TrendMonth[]; change: number | null } {
  const byMonth = new Map(sums.map((s) => [s.month, s]));
  const out = months.map((month) => {
    const s = byMonth.get(month);
    const count = s?.count ?? 0;
    return { month, count, average: count ? round2(scoreStars((s?.scoreSum ?? 0) / count)) : null };
  });
  const half = Math.floor(months.length / 2);
  const mean = (part: typeof out) => {
    let n = 0;
    let sum = 0;
    for (const m of part) {
      const s = byMonth.get(m.month);
      if (s?.count) {
        n += s.count;
        sum += s.scoreSum;
      }
    }
    return n ? scoreStars(sum / n) : null;
  };
  const before = mean(out.slice(0, half));
  const after = mean(out.slice(half));
  return { months: out, change: before === null || after === null ? null : round2(after - before) };
}
