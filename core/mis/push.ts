import type { VisitType } from '../booking/urls';
import { addDays, wallClock, zonedInstant } from '../schedule/free-slots';

/**
 * The integration API for clinic software (docs/product/mis-api.md): the pure rules of a slot
 * push — what a push may say, and what it changes in the stored slots. The push of a doctor's
 * slots over days `from`…`to` (the clinic's days) makes his slots there exactly the pushed ones,
 * so the same push twice leaves the same state and changes nothing the second time.
 */
export const MIS_LIMITS = {
  /** Days one push may cover. */
  maxDays: 62,
  /** Doctors in one push. */
  maxDoctors: 100,
  /** Slots of one doctor in one push. */
  maxSlots: 3000,
  minDuration: 5,
  maxDuration: 480,
  /** How far back a push may reach (a clinic correcting yesterday's slots changes nothing booked). */
  pastDays: 1,
  /** How far ahead. */
  aheadDays: 366,
  /** Calls per key per minute. */
  callsPerMinute: 120,
  /** Appointments in one page of the change feed. */
  maxPage: 500,
} as const;

export const MIS_TEXTS = {
  noKey: 'Нужен ключ API клиники: заголовок Authorization: Bearer <ключ>',
  badKey: 'Ключ API недействителен или отозван',
  tooMany: `Не больше ${MIS_LIMITS.callsPerMinute} запросов в минуту на ключ. Повторите позже.`,
  badRange: 'Дата окончания раньше даты начала',
  tooLong: `Не больше ${MIS_LIMITS.maxDays} дней за один запрос`,
  tooFar: 'Даты вне допустимого окна: от вчерашнего дня до года вперёд',
  outside: (doctor: string, at: string) => `Слот ${at} врача ${doctor} вне дней from…to`,
  overlap: (doctor: string, at: string) => `Слоты врача ${doctor} пересекаются: ${at}`,
  twice: (doctor: string) => `Врач ${doctor} указан в запросе дважды`,
  unknownDoctor: (doctor: string) => `Врач ${doctor} не работает в клинике`,
  noVisitType: (doctor: string, type: string) => `Врач ${doctor} не ведёт приём вида ${type}`,
  misIdTaken: 'Этот mis_id уже у другого врача клиники',
  badCursor: 'Курсор не распознан: передайте next_cursor из прошлого ответа',
  doctorNotFound: 'Нет такого врача в клинике',
  visitNotFound: 'Нет такой записи в клинике',
  notPushedSlot: (at: string) =>
    `У врача нет переданного слота на ${at}: сначала передайте его (PUT /api/mis/v1/slots/)`,
  idempotencyKey: 'idempotency_key: от 1 до 100 символов — латинские буквы, цифры и знаки . _ : -',
  idempotencyOther: 'Этот idempotency_key уже использован для другого запроса',
  idempotencyRunning: 'Запрос с этим idempotency_key ещё выполняется: повторите через секунду',
  badPhone: 'phone: мобильный номер из 11 цифр, 79XXXXXXXXX',
} as const;

/**
 * An instant on the clinic's clock, ISO 8601 with its offset ('2026-11-30T00:30+07:00'): the form
 * the MIS sends, so a refusal names a slot as the MIS named it, not in UTC.
 */
export function clinicTime(at: Date, timeZone: string): string {
  const { day, time } = wallClock(at, timeZone);
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  const offset = Math.round((Date.parse(`${day}T${time}:00Z`) - minute) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${day}T${time}${sign}${hh}:${mm}`;
}

/** Why a stored pushed slot is not offered to patients. */
export type NotOfferedReason = 'past' | 'beyond_horizon';

/** Slots listed by name in a push's reply, per doctor (the count covers all of them). */
export const NOT_OFFERED_LISTED = 100;

/**
 * The pushed slots patients will not be offered however free they are, earliest first: those
 * begun already (`past`), and those from the end of the clinic's booking horizon on
 * (`beyond_horizon`: the midnight `horizonDays` days after the clinic's today). They are stored,
 * and offered once the horizon reaches them.
 */
export function notOffered(
  slots: readonly PushedSlot[],
  { now, timeZone, horizonDays }: { now: Date; timeZone: string; horizonDays: number },
): { startsAt: Date; reason: NotOfferedReason }[] {
  const today = wallClock(now, timeZone).day;
  const closes = zonedInstant(addDays(today, horizonDays), '00:00', timeZone).getTime();
  const out: { startsAt: Date; reason: NotOfferedReason }[] = [];
  for (const slot of slots) {
    const at = slot.startsAt.getTime();
    if (at <= now.getTime()) out.push({ startsAt: slot.startsAt, reason: 'past' });
    else if (at >= closes) out.push({ startsAt: slot.startsAt, reason: 'beyond_horizon' });
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The last day of the clinic's booking horizon ('yyyy-MM-dd'): patients are offered times up to its end. */
export function horizonLastDay(now: Date, timeZone: string, horizonDays: number): string {
  return addDays(wallClock(now, timeZone).day, horizonDays - 1);
}

export interface PushedSlot {
  misId: string | null;
  startsAt: Date;
  durationMinutes: number;
  visitType: VisitType;
}

export interface StoredSlot extends PushedSlot {
  id: number;
}

/**
 * What a doctor's pushed slots break, as the texts above: a slot outside the pushed days (in the
 * clinic's zone), two slots of one visit type overlapping. `doctor` names him in the texts.
 */
export function slotProblems(
  slots: readonly PushedSlot[],
  { from, to, timeZone, doctor }: { from: string; to: string; timeZone: string; doctor: string },
): string[] {
  const problems: string[] = [];
  // The pushed days as one span of instants, worked out once (a week of 50 doctors is 9,000 slots).
  const start = zonedInstant(from, '00:00', timeZone).getTime();
  const end = zonedInstant(addDays(to, 1), '00:00', timeZone).getTime();
  const byType = new Map<VisitType, PushedSlot[]>();
  for (const slot of slots) {
    const at = slot.startsAt.getTime();
    if (at < start || at >= end)
      problems.push(MIS_TEXTS.outside(doctor, clinicTime(slot.startsAt, timeZone)));
    const list = byType.get(slot.visitType);
    if (list) list.push(slot);
    else byType.set(slot.visitType, [slot]);
  }
  for (const list of byType.values()) {
    const sorted = [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1];
      if (before.startsAt.getTime() + before.durationMinutes * 60_000 > sorted[i].startsAt.getTime()) {
        problems.push(MIS_TEXTS.overlap(doctor, clinicTime(sorted[i].startsAt, timeZone)));
      }
    }
  }
  return problems;
}

/** Whether the pushed days lie in the window a push may change, measured from the clinic's today. */
export function rangeProblem({
  from,
  to,
  today,
}: {
  from: string;
  to: string;
  today: string;
}): string | null {
  if (to < from) return MIS_TEXTS.badRange;
  if (to > addDays(from, MIS_LIMITS.maxDays - 1)) return MIS_TEXTS.tooLong;
  if (from < addDays(today, -MIS_LIMITS.pastDays) || to > addDays(today, MIS_LIMITS.aheadDays)) {
    return MIS_TEXTS.tooFar;
  }
  return null;
}

export interface SlotDiff {
  /** Stored slots no longer pushed. */
  remove: number[];
  add: PushedSlot[];
  /** Stored slots pushed again with another MIS id or length. */
  update: { id: number; misId: string | null; durationMinutes: number }[];
  unchanged: number;
}

const keyOf = (s: PushedSlot) => `${s.visitType}@${s.startsAt.getTime()}`;

/**
 * The change that makes the stored slots of a doctor's pushed days the pushed ones: a slot is the
 * same slot when its visit type and start are the same (its MIS id and length may change).
 */
export function diffSlots(stored: readonly StoredSlot[], pushed: readonly PushedSlot[]): SlotDiff {
  const wanted = new Map(pushed.map((s) => [keyOf(s), s]));
  const diff: SlotDiff = { remove: [], add: [], update: [], unchanged: 0 };
  const kept = new Set<string>();
  for (const slot of stored) {
    const key = keyOf(slot);
    const next = wanted.get(key);
    if (!next || kept.has(key)) {
      diff.remove.push(slot.id);
      continue;
    }
    kept.add(key);
    if (next.misId !== slot.misId || next.durationMinutes !== slot.durationMinutes) {
      diff.update.push({ id: slot.id, misId: next.misId, durationMinutes: next.durationMinutes });
    } else {
      diff.unchanged++;
    }
  }
  for (const [key, slot] of wanted) if (!kept.has(key)) diff.add.push(slot);
  return diff;
}

/**
 * The change feed's cursor: the writing transaction's id and the row's id of the last row read,
 * as one opaque string ('{xid}.{id}'); rows come in that order.
 */
export interface FeedCursor {
  xid: number;
  id: number;
}

export const FEED_START: FeedCursor = { xid: 0, id: 0 };

export function formatCursor(cursor: FeedCursor): string {
  return `${cursor.xid}.${cursor.id}`;
}

export function parseCursor(text: string): FeedCursor | null {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(text);
  if (!match) return null;
  return { xid: Number(match[1]), id: Number(match[2]) };
}
