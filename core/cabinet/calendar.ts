/**
 * The clinic's day and week calendar (docs/product/front-desk.md, 'Календарь'): one column per
 * doctor at an address, each day's visits, holds, blocks and free times in time order, and the
 * day's totals. The free times are the patients' own (the schedule module's computation); this
 * file only lays them out beside what the clinic's rows say.
 */
import { zonedInstant } from '../schedule/free-slots';
import { CABINET_PAGES } from './pages';
import { dueAtClinic, localDate } from './reception';

export const CABINET_CALENDAR_PATH = CABINET_PAGES.calendar.path;

/** A day or a week at a time. */
export const CALENDAR_DAYS = [1, 7] as const;

/** A visit's state as the calendar names it (the appointment's status, and the patient's confirmation). */
export const CALENDAR_VISIT_STATUSES = ['booked', 'confirmed', 'arrived', 'no_show', 'canceled'] as const;
export type CalendarVisitStatus = (typeof CALENDAR_VISIT_STATUSES)[number];

export const CALENDAR_STATUS_LABELS: Record<CalendarVisitStatus, string> = {
  booked: 'Записан',
  confirmed: 'Подтверждена',
  arrived: 'Пришёл',
  no_show: 'Не пришёл',
  canceled: 'Отменена',
};

export const CALENDAR_TEXTS = {
  title: CABINET_PAGES.calendar.title,
  signIn: 'Календарь видят врачи и клиники',
  notOurDoctor: 'Нет такого врача в клинике',
  notOurAddress: 'Нет такого адреса у клиники',
  badDate: 'Неверная дата',
  badDays: 'Показываем день или неделю',
  day: 'День',
  week: 'Неделя',
  previousDay: '← Предыдущий день',
  nextDay: 'Следующий день →',
  previousWeek: '← Предыдущая неделя',
  nextWeek: 'Следующая неделя →',
  today: 'Сегодня',
  allDoctors: 'Все врачи',
  allSpecialities: 'Все специальности',
  allAddresses: 'Все адреса',
  doctor: 'Врач',
  speciality: 'Специальность',
  address: 'Адрес',
  show: 'Показать',
  showCanceled: 'Показывать отменённые',
  hold: 'Держит пациент',
  block: 'Закрыто',
  free: 'Свободно',
  book: 'Записать',
  noDoctors: 'Нет врачей по этому фильтру',
  empty: 'Нет приёма',
  totals: 'Итого',
  totalBooked: 'Записано',
  totalArrived: 'Пришли',
  totalNoShow: 'Не пришли',
  totalFree: 'Свободно',
} as const;

/** A visit of the clinic as the calendar reads it from the database. */
export interface CalendarVisitRow {
  id: number;
  doctorId: number;
  clinicId: number;
  startsAt: string;
  endsAt: string;
  /** The appointment's status: active, done, no_show, canceled. */
  status: string;
  confirmed: boolean;
  patientName: string;
  visitType: string;
  overbooked: boolean;
  /** Prepaid on the site (the club coupon), whole roubles; null without one. */
  prepaid: number | null;
  /** The visit's price, whole roubles; null when not known. */
  price: number | null;
  /** A home visit's address, as one line; null for other visits. */
  homeAddress: string | null;
}

/** A time a patient holds while filling in the form (or paying a coupon). */
export interface CalendarHoldRow {
  doctorId: number;
  clinicId: number;
  startsAt: string;
  endsAt: string;
}

export interface CalendarBlockRow {
  id: number;
  doctorId: number;
  clinicId: number;
  startsAt: string;
  endsAt: string;
  reason: string;
}

/** One doctor's free times at one address, as the schedule computation gives them: day → times. */
export interface CalendarFreeRow {
  doctorId: number;
  clinicId: number;
  slots: Record<string, readonly { time: string; duration: number; free?: boolean }[]>;
}

export type CalendarItem =
  | {
      kind: 'visit';
      id: number;
      startsAt: string;
      endsAt: string;
      status: CalendarVisitStatus;
      patientName: string;
      visitType: string;
      overbooked: boolean;
      prepaid: number | null;
      /** With a prepayment: what is left to pay at the clinic (dueAtClinic); else null. */
      due: number | null;
      homeAddress: string | null;
    }
  | { kind: 'hold'; startsAt: string; endsAt: string }
  | { kind: 'block'; id: number; startsAt: string; endsAt: string; reason: string }
  | { kind: 'free'; startsAt: string; endsAt: string };

export interface CalendarTotals {
  /** Visits booked and not cancelled (arrived and no-shows included). */
  booked: number;
  arrived: number;
  noShow: number;
  /** Free times patients can book now. */
  free: number;
}

export interface CalendarColumnInput {
  doctor: { id: number; name: string; specialities: string[] };
  clinicId: number;
  address: string;
  tz: string;
}

export interface CalendarColumn extends CalendarColumnInput {
  days: { day: string; items: CalendarItem[]; totals: CalendarTotals }[];
}

/** The calendar's name of a visit's state. */
export function calendarStatus(status: string, confirmed: boolean): CalendarVisitStatus {
  if (status === 'done') return 'arrived';
  if (status === 'no_show') return 'no_show';
  if (status === 'canceled') return 'canceled';
  return confirmed ? 'confirmed' : 'booked';
}

/** Same instant, this order: visits, then holds, blocks and free times. */
const KIND_ORDER: Record<CalendarItem['kind'], number> = { visit: 0, hold: 1, block: 2, free: 3 };

function compareItems(a: CalendarItem, b: CalendarItem): number {
  if (a.startsAt !== b.startsAt) return a.startsAt < b.startsAt ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

/** A day's totals from its items. */
export function totalsOf(items: readonly CalendarItem[]): CalendarTotals {
  const totals: CalendarTotals = { booked: 0, arrived: 0, noShow: 0, free: 0 };
  for (const item of items) {
    if (item.kind === 'free') totals.free++;
    if (item.kind !== 'visit' || item.status === 'canceled') continue;
    totals.booked++;
    if (item.status === 'arrived') totals.arrived++;
    if (item.status === 'no_show') totals.noShow++;
  }
  return totals;
}

/** Sums of several days' or columns' totals. */
export function addTotals(list: readonly CalendarTotals[]): CalendarTotals {
  return list.reduce(
    (sum, t) => ({
      booked: sum.booked + t.booked,
      arrived: sum.arrived + t.arrived,
      noShow: sum.noShow + t.noShow,
      free: sum.free + t.free,
    }),
    { booked: 0, arrived: 0, noShow: 0, free: 0 },
  );
}

const ISO = (d: Date) => d.toISOString();
const MINUTE = 60_000;

/**
 * The columns of the calendar: for each doctor at an address, every day of the range (present
 * even when empty) with its visits, holds, blocks and free times in time order, and the day's
 * totals. A row is put in the day of its start in its column's zone; rows of a doctor or address
 * not among the columns, or of a day outside the range, are left out. A block starting the day
 * before shows on the days it covers.
 */
export function calendarColumns(
  columns: readonly CalendarColumnInput[],
  days: readonly string[],
  rows: {
    visits: readonly CalendarVisitRow[];
    holds: readonly CalendarHoldRow[];
    blocks: readonly CalendarBlockRow[];
    free: readonly CalendarFreeRow[];
  },
): CalendarColumn[] {
  const key = (doctorId: number, clinicId: number) => `${doctorId}:${clinicId}`;
  const cells = new Map<string, Map<string, CalendarItem[]>>();
  const zoneOf = new Map<string, string>();
  for (const c of columns) {
    const k = key(c.doctor.id, c.clinicId);
    cells.set(k, new Map(days.map((d) => [d, []])));
    zoneOf.set(k, c.tz);
  }
  const put = (doctorId: number, clinicId: number, day: string, item: CalendarItem) =>
    cells.get(key(doctorId, clinicId))?.get(day)?.push(item);
  const dayOf = (doctorId: number, clinicId: number, at: string) => {
    const tz = zoneOf.get(key(doctorId, clinicId));
    return tz ? localDate(at, tz) : null;
  };

  for (const v of rows.visits) {
    const day = dayOf(v.doctorId, v.clinicId, v.startsAt);
    if (day === null) continue;
    put(v.doctorId, v.clinicId, day, {
      kind: 'visit',
      id: v.id,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      status: calendarStatus(v.status, v.confirmed),
      patientName: v.patientName,
      visitType: v.visitType,
      overbooked: v.overbooked,
      prepaid: v.prepaid,
      due: v.prepaid === null ? null : dueAtClinic(v.price, v.prepaid),
      homeAddress: v.homeAddress,
    });
  }
  for (const h of rows.holds) {
    const day = dayOf(h.doctorId, h.clinicId, h.startsAt);
    if (day !== null)
      put(h.doctorId, h.clinicId, day, { kind: 'hold', startsAt: h.startsAt, endsAt: h.endsAt });
  }
  for (const b of rows.blocks) {
    const tz = zoneOf.get(key(b.doctorId, b.clinicId));
    if (!tz) continue;
    // A block may span days: each day it covers shows it, from that day's start at the latest.
    for (const day of days) {
      const dayStart = zonedInstant(day, '00:00', tz).getTime();
      const dayEnd = dayStart + 24 * 60 * MINUTE;
      const from = Date.parse(b.startsAt);
      const to = Date.parse(b.endsAt);
      if (to <= dayStart || from >= dayEnd) continue;
      put(b.doctorId, b.clinicId, day, {
        kind: 'block',
        id: b.id,
        startsAt: ISO(new Date(Math.max(from, dayStart))),
        endsAt: ISO(new Date(Math.min(to, dayEnd))),
        reason: b.reason,
      });
    }
  }
  for (const f of rows.free) {
    const tz = zoneOf.get(key(f.doctorId, f.clinicId));
    if (!tz) continue;
    for (const [day, slots] of Object.entries(f.slots)) {
      for (const s of slots) {
        if (s.free === false) continue;
        const at = zonedInstant(day, s.time, tz);
        put(f.doctorId, f.clinicId, day, {
          kind: 'free',
          startsAt: ISO(at),
          endsAt: ISO(new Date(at.getTime() + s.duration * MINUTE)),
        });
      }
    }
  }

  return columns.map((c) => {
    const byDay = cells.get(key(c.doctor.id, c.clinicId)) ?? new Map<string, CalendarItem[]>();
    return {
      ...c,
      days: days.map((day) => {
        const items = (byDay.get(day) ?? []).sort(compareItems);
        return { day, items, totals: totalsOf(items) };
      }),
    };
  });
}

/** The first and last minute a day view's time axis shows: the items' span, whole hours, 08:00–20:00 at least. */
export function axisHours(
  items: readonly { startsAt: string; endsAt: string }[],
  tz: string,
  minutesOf: (at: string, tz: string) => number,
): { from: number; to: number } {
  let from = 8 * 60;
  let to = 20 * 60;
  for (const item of items) {
    const start = minutesOf(item.startsAt, tz);
    const end = Math.max(start + 1, minutesOf(item.endsAt, tz) || 24 * 60);
    from = Math.min(from, start);
    to = Math.max(to, end);
  }
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) };
}

/** Who may see the calendar, and whose: a clinic account its clinic's, a doctor his own columns. */
export type CalendarScope = { clinicId: number } | { doctorId: number };

/**
 * The calendar's scope of the signed-in account, or null (anyone else). Roles of a clinic's
 * people (core/cabinet/permissions.ts, 'calendar.view') are checked before this by the cabinet's
 * permission hook; every role may see the calendar.
 */
export function canSeeCalendar(viewer: {
  userId: number | null;
  role: string | null;
  clinicId: number | null;
  doctorId: number | null;
}): CalendarScope | null {
  if (viewer.userId === null) return null;
  if (viewer.role === 'clinic' && viewer.clinicId !== null) return { clinicId: viewer.clinicId };
  if (viewer.role === 'doctor' && viewer.doctorId !== null) return { doctorId: viewer.doctorId };
  return null;
}
