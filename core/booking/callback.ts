/**
 * A callback request when a doctor has no free slots (docs/product/schedule-and-booking.md):
 * the patient picks a day and parts of it, and the clinic calls back. A part of a day can be
 * chosen only if it ends at least MIN_HOURS_TO_CALL hours from now, on the clinic's clock.
 * The call's body is CallbackSchema in contracts.ts.
 */

import { zonedDay } from '../dates/zoned';
import { addDays, zonedInstant } from '../schedule/free-slots';
import { DAY_PART_MINUTES, DAY_PARTS, type DayPart } from '../schedule/slot-filters';
import type { CallbackBody } from './contracts';

/** The clinic needs this long to call back. */
export const MIN_HOURS_TO_CALL = 2;
/** Days offered, today first. */
export const CALLBACK_DAYS = 7;

export const CALLBACK_TEXTS = {
  title: 'Свободного времени для записи нет',
  lead: 'Оставьте заявку — администратор клиники перезвонит и подберёт время приёма.',
  submit: 'Перезвоните мне',
  done: 'Заявка принята. Клиника перезвонит в выбранное время.',
  date: 'Выберите день',
  times: 'Выберите удобное время звонка',
  late: 'Это время уже прошло: выберите другое',
} as const;

export const DAY_PART_LABELS: Record<DayPart, string> = {
  morning: 'Утро, 6–11',
  afternoon: 'День, 11–17',
  evening: 'Вечер, 17–24',
};

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** When a part of a day ends, as an instant in the clinic's zone (24:00 is the next midnight). */
function partEnd(day: string, part: DayPart, tz: string): Date {
  const end = DAY_PART_MINUTES[part].to;
  return end >= 24 * 60 ? zonedInstant(addDays(day, 1), '00:00', tz) : zonedInstant(day, hhmm(end), tz);
}

/** Whether a part of a day still leaves the clinic `MIN_HOURS_TO_CALL` hours to call. */
export function partOpen(day: string, part: DayPart, now: Date, tz: string): boolean {
  return partEnd(day, part, tz).getTime() - now.getTime() >= MIN_HOURS_TO_CALL * 3_600_000;
}

/** The days and parts a patient may choose now: CALLBACK_DAYS from today, days with no open part left out. */
export function callbackChoices(now: Date, tz: string): { date: string; times: DayPart[] }[] {
  const today = zonedDay(now, tz).date;
  const out: { date: string; times: DayPart[] }[] = [];
  for (let i = 0; i < CALLBACK_DAYS; i++) {
    const date = addDays(today, i);
    const times = DAY_PARTS.filter((part) => partOpen(date, part, now, tz));
    if (times.length) out.push({ date, times });
  }
  return out;
}

/** Null when the choice is still open now; else the message for the patient. */
export function callbackProblem(
  body: Pick<CallbackBody, 'date' | 'times'>,
  now: Date,
  tz: string,
): string | null {
  const open = callbackChoices(now, tz).find((c) => c.date === body.date);
  if (!open) return CALLBACK_TEXTS.late;
  return body.times.every((t) => open.times.includes(t)) ? null : CALLBACK_TEXTS.late;
}
