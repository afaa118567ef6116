import type { VisitType } from '../booking/urls';
import { addDays } from '../schedule/free-slots';
import { CABINET_PAGES } from './pages';

export { addDays };

/** The reception list's page. */
export const CABINET_APPOINTMENTS_PATH = CABINET_PAGES.appointments.path;

/** A day or a week at a time. */
export const RECEPTION_DAYS = [1, 7] as const;

export const RECEPTION_TEXTS = {
  title: CABINET_PAGES.appointments.title,
  signIn: 'Записи пациентов видят врачи и клиники',
  signInButton: 'Войти как врач или клиника',
  empty: 'Записей нет',
  badDate: 'Неверная дата',
  badDays: 'Показываем день или неделю',
  notOurDoctor: 'Нет такого врача в клинике',
  prepaid: 'Предоплата',
  toPay: 'К оплате в клинике',
} as const;

export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  clinic: 'В клинике',
  home: 'На дому',
  telemed: 'Онлайн',
};

export const RECEPTION_STATUS_LABELS = {
  active: 'Записан',
  canceled: 'Отменена',
  done: 'Пришёл',
  no_show: 'Не пришёл',
} as const;

/** The days a list covers: '2026-11-27', 7 → '2026-11-27' … '2026-12-03'. */
export function daysFrom(first: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(first, i));
}

/**
 * What the clinic takes at the visit: the price less the club prepayment.
 * 1 400 ₽ with a 490 ₽ coupon → 910 ₽; no price → null.
 */
export function dueAtClinic(price: number | null, prepaid: number | null): number | null {
  if (price === null) return null;
  return Math.max(0, price - (prepaid ?? 0));
}

/**
 * Visits grouped by their clinic's calendar day, soonest first within a day; every day of the
 * range is present, empty or not, so the page can say 'На эти дни записей нет' per day.
 */
export function byDay<V extends { startsAt: string; tz: string }>(
  visits: V[],
  first: string,
  days: number,
): { day: string; visits: V[] }[] {
  const groups = new Map(daysFrom(first, days).map((day) => [day, [] as V[]]));
  for (const visit of [...visits].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    groups.get(localDate(visit.startsAt, visit.tz))?.push(visit);
  }
  return [...groups].map(([day, list]) => ({ day, visits: list }));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, tz: string, options: Intl.DateTimeFormatOptions) {
  let f = map.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: tz });
    map.set(tz, f);
  }
  return f;
}

/** The calendar day of an instant in a zone: '2026-11-26T21:30:00Z' in Europe/Moscow → '2026-11-27'. */
export function localDate(at: string, tz: string): string {
  return cached(dayFormats, tz, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/** 'HH:mm' of an instant in a zone: '2026-11-27T06:30:00Z' in Europe/Moscow → '09:30'. */
export function localTime(at: string, tz: string): string {
  return cached(timeFormats, tz, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );
}

/** What the clinic can mark a visit as. */
export const VISIT_MARKS = ['done', 'no_show', 'canceled'] as const;
export type VisitMark = (typeof VISIT_MARKS)[number];

/** A clinic's reason for cancelling: told to the patient by SMS. */
export const CANCEL_REASON_MAX = 200;

export const STATUS_CHANGE_TEXTS = {
  notFound: 'Запись не найдена',
  notStarted: 'Приём ещё не начался: отметить, пришёл ли пациент, можно с его начала',
  over: 'Приём уже прошёл: отметьте, пришёл ли пациент',
  canceled: 'Запись уже отменена',
  same: 'У записи уже этот статус',
  reasonRequired: 'Укажите причину отмены',
  reasonTooLong: `Причина — не длиннее ${CANCEL_REASON_MAX} символов`,
  done: 'Отмечено: пациент пришёл',
  noShow: 'Отмечено: пациент не пришёл',
  canceledByClinic: 'Запись отменена, пациенту отправлено SMS',
} as const;

export type StatusRefusal = { code: string; detail: string };

/**
 * Whether the clinic may mark a visit so, as of `now`; null when it may.
 *   - 'done' / 'no_show': once the visit has begun, from 'Записан' or to correct the other mark;
 *   - 'canceled': a booked visit that has not ended yet (a past one is a no-show, not a cancel).
 * A cancelled visit stays cancelled: the time may already be someone else's.
 */
export function statusRefusal(
  visit: { status: string; startsAt: string; endsAt: string },
  next: VisitMark,
  now: Date,
): StatusRefusal | null {
  if (visit.status === 'canceled') return { code: 'already_canceled', detail: STATUS_CHANGE_TEXTS.canceled };
  if (visit.status === next) return { code: 'same_status', detail: STATUS_CHANGE_TEXTS.same };
  const t = now.getTime();
  if (next === 'canceled') {
    if (visit.status !== 'active' || t >= new Date(visit.endsAt).getTime())
      return { code: 'visit_over', detail: STATUS_CHANGE_TEXTS.over };
    return null;
  }
  if (t < new Date(visit.startsAt).getTime())
    return { code: 'not_started', detail: STATUS_CHANGE_TEXTS.notStarted };
  return null;
}
