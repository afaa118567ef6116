import { addDays, isoWeekday } from '../schedule/free-slots';
import { HOURS_AHEAD_DAYS, type HoursInterval, hoursRefusal } from './hours';

/**
 * A date's own hours (docs/product/cabinet.md, 'Hours of a date'): on one day a doctor sees
 * patients of one visit type at a clinic in these hours instead of his weekly ones, e.g.
 * 31 December 10:00–14:00 (shorter hours) or a Saturday he usually does not work (extra hours).
 * Stored as the model's dated exceptions: the weekly hours off for the whole day (00:00–24:00)
 * and the date's intervals as extra hours.
 */

export const DATED_HOURS_TEXTS = {
  title: 'Часы в отдельные дни',
  lead: 'Праздничный или сокращённый день: в этот день врач принимает только в указанные часы.',
  date: 'Дата',
  add: 'Задать часы на дату',
  save: 'Сохранить часы на дату',
  saved: 'Часы на дату сохранены',
  removed: 'Часы на дату убраны, действуют часы недели',
  remove: 'Убрать',
  none: 'Особых дней нет: врач принимает по часам недели.',
  past: 'Нельзя изменить прошедший день',
  tooFar: 'Так далеко расписание не открыто',
  noIntervals: 'Укажите часы приёма; закрыть день целиком можно в «Закрыть дни»',
  dayOff: 'Этот день закрыт: откройте его в «Закрытых днях», чтобы задать часы',
  notFound: 'На эту дату особых часов нет',
  visitsOutside:
    'Эти записи не попадают в часы этого дня. Отмените их с указанием причины или измените часы.',
  visitsOutsideWeek:
    'Эти записи не попадают в часы недели. Отмените их с указанием причины или оставьте часы на дату.',
  cancelAndSave: 'Отменить записи и сохранить часы на дату',
  cancelAndRemove: 'Отменить записи и убрать часы на дату',
} as const;

/** A date's own hours as the cabinet lists them. */
export interface DatedDay {
  /** 'yyyy-MM-dd'. */
  date: string;
  slotMinutes: number;
  intervals: HoursInterval[];
}

/**
 * Why a date's hours cannot be set, or null: a day from the clinic's today to a year ahead, one
 * interval at least, and the intervals as a weekday's (on the grid, not overlapping, up to four,
 * each holding a slot).
 */
export function datedHoursRefusal(
  date: string,
  today: string,
  intervals: readonly HoursInterval[],
  slotMinutes: number,
): { code: string; detail: string } | null {
  if (date < today) return { code: 'past', detail: DATED_HOURS_TEXTS.past };
  if (date > addDays(today, HOURS_AHEAD_DAYS)) return { code: 'too_far', detail: DATED_HOURS_TEXTS.tooFar };
  return datedIntervalsRefusal(date, intervals, slotMinutes);
}

/** The intervals' part of the check (the browser has no clinic's today to hand before it asks). */
export function datedIntervalsRefusal(
  date: string,
  intervals: readonly HoursInterval[],
  slotMinutes: number,
): { code: string; detail: string } | null {
  if (intervals.length === 0) return { code: 'empty', detail: DATED_HOURS_TEXTS.noIntervals };
  const refusal = hoursRefusal([{ weekday: isoWeekday(date), intervals: [...intervals] }], slotMinutes);
  return refusal && { code: refusal.code, detail: refusal.detail };
}

/** A stored dated change of one visit type as the cabinet reads it. */
export interface DatedRow {
  date: string;
  kind: 'off' | 'extra';
  start: string | null;
  end: string | null;
  slotMinutes: number | null;
}

/**
 * The dates with their own hours, soonest first, from the stored rows: a date counts when its
 * weekly hours are off for the whole day (00:00–24:00) and it has extra hours; its intervals in
 * time order, 'HH:mm'.
 */
export function datedDays(rows: readonly DatedRow[]): DatedDay[] {
  const whole = new Set(
    rows
      .filter((r) => r.kind === 'off' && r.start?.startsWith('00:00') && r.end?.startsWith('24:00'))
      .map((r) => r.date),
  );
  const byDate = new Map<string, DatedDay>();
  for (const r of rows) {
    if (r.kind !== 'extra' || !whole.has(r.date) || !r.start || !r.end || !r.slotMinutes) continue;
    const day = byDate.get(r.date) ?? { date: r.date, slotMinutes: r.slotMinutes, intervals: [] };
    day.intervals.push({ start: r.start.slice(0, 5), end: r.end.slice(0, 5) });
    byDate.set(r.date, day);
  }
  for (const day of byDate.values()) day.intervals.sort((a, b) => a.start.localeCompare(b.start));
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
