import type { Rng } from '../rng';

const DAY = 86_400_000;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY);
}

/** 'yyyy-MM-dd' of an instant in UTC, or of a plain date built with Date.UTC. */
export function dateOnly(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Adds days to a plain 'yyyy-MM-dd' date. */
export function shiftDate(day: string, days: number): string {
  return dateOnly(addDays(new Date(`${day}T00:00:00Z`), days));
}

/** ISO weekday (1 = Monday) of a plain 'yyyy-MM-dd' date. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** An instant between `minYears` and `maxYears` before `now`, to the second. */
export function yearsBefore(rng: Rng, now: Date, minYears: number, maxYears: number): Date {
  const span = (maxYears - minYears) * 365 * DAY;
  const ms = now.getTime() - minYears * 365 * DAY - Math.floor(rng.next() * span);
  return new Date(Math.floor(ms / 1000) * 1000);
}
