import { WEEKDAY_NAMES } from '../dates/zoned';
import { addDays, isoWeekday, wallClock } from '../schedule/free-slots';

/**
 * The cabinet's weekly working hours (docs/product/cabinet.md, 'Weekly hours'): per doctor at a
 * clinic and visit type, each weekday closed or open in up to four intervals, one slot length.
 * The rules here are pure: the call's contract validates with them, the editor checks with them
 * before sending, and the service finds with them the booked visits new hours would drop.
 */

/** The slot lengths offered ('Длительность приёма'), in minutes. */
export const SLOT_MINUTES_CHOICES = [10, 15, 20, 30, 40, 45, 60, 90] as const;
/** New hours start at most this many days after today. */
export const HOURS_AHEAD_DAYS = 366;
/** At most this many intervals a day. */
export const HOURS_MAX_INTERVALS = 4;
/** Times are on this grid, in minutes. */
export const HOURS_GRID_MINUTES = 5;
/** How far ahead patients may book ('Открывать запись на'), in days; 14 by default. */
export const BOOKING_HORIZON_CHOICES: readonly [number, string][] = [
  [7, '7 дней'],
  [14, '14 дней'],
  [30, '30 дней'],
  [60, '60 дней'],
];

export const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;
/** The weekdays' full names, Monday first. */
export const WEEKDAY_FULL: readonly string[] = WEEKDAY_NAMES;

export const HOURS_TEXTS = {
  title: 'Часы приёма',
  lead: 'Новые часы действуют с выбранного дня; до него пациенты записываются по прежним часам.',
  validFrom: 'Действуют с',
  past: 'Нельзя изменить часы задним числом: выберите сегодняшний день или позже',
  tooFar: 'Часы можно изменить не дальше чем на год вперёд',
  pendingTitle: 'Запланированные изменения',
  pendingLine: 'новые часы',
  showPending: 'Показать',
  withdraw: 'Отозвать',
  withdrawn: 'Изменение отозвано: действуют прежние часы',
  noPending: 'Такого запланированного изменения нет',
  visitsOutsideOld:
    'Эти записи не попадают в прежние часы приёма. Отмените их с указанием причины или оставьте изменение.',
  cancelAndWithdraw: 'Отменить записи и отозвать изменение',
  keepChange: 'Оставить изменение',
  doctor: 'Врач',
  clinic: 'Клиника',
  visitType: 'Вид приёма',
  slot: 'Длительность приёма',
  closed: 'Не принимает',
  from: 'с',
  to: 'до',
  addInterval: 'Добавить часы',
  removeInterval: 'Убрать интервал',
  save: 'Сохранить часы',
  saved: 'Часы приёма сохранены',
  savedFrom: 'Часы приёма сохранены: действуют с',
  badTime: 'Укажите время в виде ЧЧ:ММ',
  outOfDay: 'Время — от 00:00 до 24:00',
  offGrid: 'Время — с шагом 5 минут',
  badSpan: 'Время окончания раньше начала',
  overlap: 'Интервалы пересекаются',
  tooMany: `Не больше ${HOURS_MAX_INTERVALS} интервалов в день`,
  tooShort: 'Интервал короче длительности приёма',
  sameDay: 'День недели указан дважды',
  choose: 'Выберите из списка',
  visitsOutside:
    'Эти записи не попадают в новые часы приёма. Отмените их с указанием причины или измените часы.',
  cancelAndSave: 'Отменить записи и сохранить часы',
  changeHours: 'Изменить часы',
  doctorRequired: 'Выберите врача',
  clinicRequired: 'Выберите клинику',
  notOurClinic: 'Вы не принимаете в этой клинике',
  typeNotOffered: 'Такого приёма у врача в клинике нет',
  noPlaces: 'Врачей с записью через портал нет',
  misSchedule: 'Расписание врача передаёт программа клиники (МИС): часы приёма меняются в ней.',
  bookingTitle: 'Онлайн-запись к врачу',
  bookingLead: 'Выключенная запись убирает время врача с сайта; уже записанные пациенты остаются.',
  bookingClinicOnly: 'Онлайн-запись включает клиника',
  bookingOn: 'Онлайн-запись включена',
  bookingOff: 'Онлайн-запись выключена',
  horizon: 'Открывать запись на',
} as const;

/** An interval of a day, 'HH:mm' to 'HH:mm' ('24:00' is the day's end). */
export interface HoursInterval {
  start: string;
  end: string;
}

/** A weekday's intervals (none: the doctor does not see patients that day). */
export interface DayHours {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  intervals: HoursInterval[];
}

export type HoursRefusalCode =
  | 'bad_time'
  | 'out_of_day'
  | 'off_grid'
  | 'bad_span'
  | 'overlap'
  | 'too_many'
  | 'too_short'
  | 'same_day'
  | 'bad_slot';

export interface HoursRefusal {
  code: HoursRefusalCode;
  detail: string;
  /** The weekday it is about, when it is about one. */
  weekday?: number;
}

/** Minutes since midnight of 'HH:mm' (00:00 … 24:00), or null for anything else. */
export function minutesOfTime(time: string): number | null {
  const match = /^(\d\d):(\d\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 ? minutes : null;
}

/** 'HH:mm' of minutes since midnight; 1440 is '24:00'. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Why a week of hours cannot be saved, the first reason found, or null. Each time is 'HH:mm' on
 * the 5-minute grid within 00:00–24:00; each interval ends after it starts and holds one slot at
 * least; a day has at most four intervals, none overlapping (touching is fine: 09:00–12:00 and
 * 12:00–15:00); a weekday is given once; the slot length is one of the list.
 */
export function hoursRefusal(week: readonly DayHours[], slotMinutes: number): HoursRefusal | null {
  if (!(SLOT_MINUTES_CHOICES as readonly number[]).includes(slotMinutes))
    return { code: 'bad_slot', detail: HOURS_TEXTS.choose };
  const seen = new Set<number>();
  for (const day of week) {
    const weekday = day.weekday;
    if (seen.has(weekday)) return { code: 'same_day', detail: HOURS_TEXTS.sameDay, weekday };
    seen.add(weekday);
    if (day.intervals.length > HOURS_MAX_INTERVALS)
      return { code: 'too_many', detail: HOURS_TEXTS.tooMany, weekday };
    const spans: { from: number; to: number }[] = [];
    for (const interval of day.intervals) {
      const from = minutesOfTime(interval.start);
      const to = minutesOfTime(interval.end);
      if (from === null || to === null) return { code: 'bad_time', detail: HOURS_TEXTS.badTime, weekday };
      if (from > 24 * 60 || to > 24 * 60)
        return { code: 'out_of_day', detail: HOURS_TEXTS.outOfDay, weekday };
      if (from % HOURS_GRID_MINUTES !== 0 || to % HOURS_GRID_MINUTES !== 0)
        return { code: 'off_grid', detail: HOURS_TEXTS.offGrid, weekday };
      if (to <= from) return { code: 'bad_span', detail: HOURS_TEXTS.badSpan, weekday };
      if (to - from < slotMinutes) return { code: 'too_short', detail: HOURS_TEXTS.tooShort, weekday };
      spans.push({ from, to });
    }
    spans.sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++)
      if (spans[i].from < spans[i - 1].to) return { code: 'overlap', detail: HOURS_TEXTS.overlap, weekday };
  }
  return null;
}

/** A booked visit (or a held time) as the check reads it: its instants and its clinic's zone. */
export interface BookedSpan {
  id: number;
  startsAt: string | Date;
  endsAt: string | Date;
  tz: string;
}

/** Hours of one date that stay whatever the week says: a dated exception's extra hours. */
export interface DatedHours {
  /** 'yyyy-MM-dd'. */
  date: string;
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;

/**
 * The visits new weekly hours would drop: those whose whole span (on the clinic's clock) is not
 * inside one interval of their weekday, nor inside extra hours of their date; only the visits of
 * the days the hours apply to (`window.from` on, before `window.until`). A visit at 11:30–12:00
 * on a Monday fits Monday 09:00–12:00; one at 11:45–12:15 does not; one on a Monday closed in the
 * new week does not either.
 */
export function visitsOutside<V extends BookedSpan>(
  visits: readonly V[],
  week: readonly DayHours[],
  extra: readonly DatedHours[] = [],
  window: { from?: string; until?: string } = {},
): V[] {
  const byWeekday = new Map(week.map((d) => [d.weekday, d.intervals]));
  const inside = (from: number, to: number, interval: { start: string; end: string }) => {
    const start = minutesOfTime(interval.start.slice(0, 5));
    const end = minutesOfTime(interval.end.slice(0, 5));
    return start !== null && end !== null && from >= start && to <= end;
  };
  return visits.filter((visit) => {
    const startsAt = new Date(visit.startsAt);
    const { day, time } = wallClock(startsAt, visit.tz);
    // Hours from a later day leave the visits before it where they are (and those from `until` on).
    if (
      (window.from !== undefined && day < window.from) ||
      (window.until !== undefined && day >= window.until)
    )
      return false;
    const from = minutesOfTime(time) ?? 0;
    const to = from + Math.round((new Date(visit.endsAt).getTime() - startsAt.getTime()) / MINUTE_MS);
    const intervals = [...(byWeekday.get(isoWeekday(day)) ?? []), ...extra.filter((e) => e.date === day)];
    return !intervals.some((interval) => inside(from, to, interval));
  });
}

/**
 * A workplace's weekly rules (one row per interval) as a week of seven days, Monday first, each
 * day's intervals in time order; times as 'HH:mm'.
 */
export function weekOfRules(rules: readonly { weekday: number; start: string; end: string }[]): DayHours[] {
  return WEEKDAY_SHORT.map((_, i) => ({
    weekday: i + 1,
    intervals: rules
      .filter((r) => r.weekday === i + 1)
      .map((r) => ({ start: r.start.slice(0, 5), end: r.end.slice(0, 5) }))
      .sort((a, b) => a.start.localeCompare(b.start)),
  }));
}

export { dayLong } from '../dates/day-long';

/**
 * Why new hours cannot start on `validFrom`, or null: not before the clinic's today (the past's
 * visits are what they were), not more than a year after it.
 */
export function hoursStartRefusal(
  validFrom: string,
  today: string,
): { code: 'past' | 'too_far'; detail: string } | null {
  if (validFrom < today) return { code: 'past', detail: HOURS_TEXTS.past };
  if (validFrom > addDays(today, HOURS_AHEAD_DAYS)) return { code: 'too_far', detail: HOURS_TEXTS.tooFar };
  return null;
}

/** A weekly rule with its dates, as stored ('yyyy-MM-dd', the end inclusive or none). */
export interface DatedRule {
  validFrom: string;
  validTo: string | null;
}

/**
 * The days after today on which a workplace's hours of one visit type change: a rule starts
 * that day, or one ends the day before (new hours with no day open start nothing). Rules that
 * started up to today and run on are the hours in force, not a change. Soonest first.
 * Rules 1 Jan–14 Dec and from 15 Dec, today 1 Dec → ['2026-12-15'].
 */
export function pendingChanges(rules: readonly DatedRule[], today: string): string[] {
  const days = new Set<string>();
  for (const r of rules) {
    if (r.validFrom > today) days.add(r.validFrom);
    if (r.validTo !== null && r.validTo >= today) days.add(addDays(r.validTo, 1));
  }
  return [...days].sort();
}
