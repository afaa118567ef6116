import { CABINET_PAGES } from './pages';
import { addDays } from './reception';

/** The cabinet's schedule page. */
export const CABINET_SCHEDULE_PATH = CABINET_PAGES.schedule.path;

/** Days off are given at most this many days at a time (a long leave is a few ranges). */
export const DAYS_OFF_MAX_SPAN = 92;
/** …and at most this far ahead. */
export const DAYS_OFF_HORIZON_DAYS = 366;

export const DAYS_OFF_TEXTS = {
  title: 'Расписание: выходные и отпуск',
  signIn: 'Расписанием управляют врачи и клиники',
  badRange: 'Дата окончания раньше даты начала',
  past: 'Нельзя закрыть прошедшие дни',
  tooLong: `Не больше ${DAYS_OFF_MAX_SPAN} дней за раз`,
  tooFar: 'Так далеко расписание не открыто',
  visitsBooked: 'На эти дни есть записи. Отмените их с указанием причины или выберите другие дни.',
  reasonRequired: 'Укажите причину отмены записей',
  notOurDoctor: 'Нет такого врача в клинике',
  doctorRequired: 'Выберите врача',
  notFound: 'Выходной не найден',
  added: 'Выходные добавлены',
  removed: 'Выходной удалён',
} as const;

export type DaysOffRefusal = { code: 'bad_range' | 'past' | 'too_long' | 'too_far'; detail: string };

/**
 * The days a day-off request covers, or why it is refused: from 'yyyy-MM-dd' to 'yyyy-MM-dd'
 * inclusive, not before `today` (the account's own day), at most 92 days, within a year.
 * ('2026-12-30', '2027-01-02', today '2026-11-27') → the four days 30 Dec … 2 Jan.
 */
export function daysOffRange(from: string, to: string, today: string): string[] | DaysOffRefusal {
  if (to < from) return { code: 'bad_range', detail: DAYS_OFF_TEXTS.badRange };
  if (from < today) return { code: 'past', detail: DAYS_OFF_TEXTS.past };
  if (to > addDays(today, DAYS_OFF_HORIZON_DAYS)) return { code: 'too_far', detail: DAYS_OFF_TEXTS.tooFar };
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > DAYS_OFF_MAX_SPAN) return { code: 'too_long', detail: DAYS_OFF_TEXTS.tooLong };
  }
  return days;
}

/** Consecutive days off of one doctor at one clinic, shown as one line ('7–9 дек.'). */
export interface DayOffRange {
  doctor: { id: number; name: string };
  clinicName: string;
  from: string;
  to: string;
  ids: number[];
}

/**
 * Days off folded into ranges per doctor and clinic, soonest first:
 * 7, 8, 9 and 14 December of one doctor → 7–9 December and 14 December.
 */
export function dayOffRanges(
  days: readonly { id: number; date: string; doctor: { id: number; name: string }; clinicName: string }[],
): DayOffRange[] {
  const sorted = [...days].sort(
    (a, b) =>
      a.doctor.name.localeCompare(b.doctor.name, 'ru') ||
      a.clinicName.localeCompare(b.clinicName, 'ru') ||
      a.date.localeCompare(b.date),
  );
  const ranges: DayOffRange[] = [];
  for (const day of sorted) {
    const last = ranges.at(-1);
    if (
      last &&
      last.doctor.id === day.doctor.id &&
      last.clinicName === day.clinicName &&
      addDays(last.to, 1) === day.date
    ) {
      last.to = day.date;
      last.ids.push(day.id);
    } else {
      ranges.push({
        doctor: day.doctor,
        clinicName: day.clinicName,
        from: day.date,
        to: day.date,
        ids: [day.id],
      });
    }
  }
  return ranges.sort(
    (a, b) => a.from.localeCompare(b.from) || a.doctor.name.localeCompare(b.doctor.name, 'ru'),
  );
}
