import { dayLong } from '../dates/day-long';
import { addDays, wallClock } from '../schedule/free-slots';

/**
 * 'Ближайшая запись: сегодня, 14:30' — a list card's first free time, in the zone of the clinic
 * that has it (ADR 046): 'сегодня', 'завтра' or the date ('15 декабря') by that clinic's days;
 * '…, 14:30 — Клиника «Здоровье»' when that clinic is not the one whose calendar the card shows.
 */
export function nearestFreeText(
  nearest: { at: string; tz: string; clinicName?: string },
  now: Date,
): string | null {
  const at = new Date(nearest.at);
  if (Number.isNaN(at.getTime()) || at <= now) return null;
  const { day, time } = wallClock(at, nearest.tz);
  const today = wallClock(now, nearest.tz).day;
  const when = day === today ? 'сегодня' : day === addDays(today, 1) ? 'завтра' : dayLong(day);
  return `Ближайшая запись: ${when}, ${time}${nearest.clinicName ? ` — ${nearest.clinicName}` : ''}`;
}
