/**
 * Which face the annual awards banner shows (docs/product/promotions.md). A year of the award
 * is a calendar of instants: the banner announces the award until the results are out, then
 * shows them, then the Grand Prix's registration, live broadcast and results, and from the end
 * it is gone until next year's row. Instants are absolute (the staff enter Moscow times), so the
 * rule needs no time zone; only choosing the year's row does (`awardYearAt`).
 */

export const AWARD_PHASES = [
  'announce',
  'results',
  'grand_prix_registration',
  'grand_prix_broadcast',
  'grand_prix_results',
] as const;
export type AwardPhase = (typeof AWARD_PHASES)[number];

/** When each phase starts, and `ends`: from then on the banner is hidden. */
export type AwardCalendar = Record<AwardPhase, Date> & { ends: Date };

/** The award's calendar is Moscow's: its year turns at midnight UTC+3 (Russia keeps no summer time). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The award year a moment belongs to: its calendar year in Moscow (31 Dec 21:00Z is already next year). */
export function awardYearAt(now: Date): number {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).getUTCFullYear();
}

/** An instant given as a Moscow wall-clock time: (2024, 11, 16, 19) → 2024-11-16T16:00:00Z. */
export function moscowTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - MOSCOW_OFFSET_MS);
}

/**
 * The phase shown at `now`, or null once the banner is over. Before the announcement starts
 * the announcement shows already (the banner runs all year). Worked example, the 2024 calendar
 * (Moscow times): 16 Nov 18:59 → grand_prix_registration, 16 Nov 19:00 → grand_prix_broadcast,
 * 30 Nov 23:59 → grand_prix_results, 1 Dec 00:00 → null, 5 Mar → announce.
 */
export function awardPhaseAt(now: Date, calendar: AwardCalendar): AwardPhase | null {
  const at = now.getTime();
  if (at >= calendar.ends.getTime()) return null;
  let current: AwardPhase = 'announce';
  for (const phase of AWARD_PHASES) if (at >= calendar[phase].getTime()) current = phase;
  return current;
}

/** Why a calendar cannot be used, or null: every phase must start after the one before it. */
export function awardCalendarProblem(calendar: AwardCalendar): string | null {
  const order = [...AWARD_PHASES, 'ends'] as const;
  for (let i = 1; i < order.length; i++) {
    if (calendar[order[i]].getTime() <= calendar[order[i - 1]].getTime())
      return 'Этапы премии должны идти один за другим: каждый начинается позже предыдущего';
  }
  return null;
}

/** The spec's calendar (first used in 2024) in a given year: the seeded default for that year. */
export function defaultAwardCalendar(year: number): AwardCalendar {
  return {
    announce: moscowTime(year, 10, 2),
    results: moscowTime(year, 11, 2),
    grand_prix_registration: moscowTime(year, 11, 11),
    grand_prix_broadcast: moscowTime(year, 11, 16, 19),
    grand_prix_results: moscowTime(year, 11, 17),
    ends: moscowTime(year, 12, 1),
  };
}

/** Hiding the banner: a cookie of this name and value, kept half a day on every path. */
export const AWARD_COOKIE = 'award_banner';
export const AWARD_COOKIE_HIDDEN = 'hidden';
export const AWARD_HIDE_SECONDS = 12 * 60 * 60;

export function awardHideCookie(): string {
  return `${AWARD_COOKIE}=${AWARD_COOKIE_HIDDEN}; Max-Age=${AWARD_HIDE_SECONDS}; Path=/; SameSite=Lax`;
}
