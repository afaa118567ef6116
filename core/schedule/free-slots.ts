import { tzOffset } from '@date-fns/tz';

/** A weekly rule in the clinic's wall-clock time ('HH:mm' or 'HH:mm:ss'). */
export interface WeeklyRule {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  start: string;
  end: string;
  slotMinutes: number;
  /** 'yyyy-MM-dd', inclusive. */
  validFrom: string;
  validTo: string | null;
}

/** A dated change: the whole day off (no times), part of it off, or extra hours. */
export interface DatedException {
  date: string;
  kind: 'off' | 'extra';
  start: string | null;
  end: string | null;
  slotMinutes: number | null;
}

/** Time taken: active appointments and live holds, as instants. */
export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot {
  /** 'HH:mm' in the zone the answer is given in. */
  time: string;
  /** Minutes. */
  duration: number;
}

/** The slot calls' answer: days 'yyyy-MM-dd' (only days with slots) → slots in time order. */
export type SlotsByDay = Record<string, Slot[]>;

export interface FreeSlotsInput {
  rules: readonly WeeklyRule[];
  exceptions: readonly DatedException[];
  busy: readonly BusyRange[];
  /**
   * Ranges the clinic took out of the doctor's times (the cabinet's blocks): a slot overlapping
   * one is gone, from the free slots and from every slot marked (no buffer around them).
   */
  blocks?: readonly BusyRange[];
  /** First day, 'yyyy-MM-dd' in the clinic's zone. */
  from: string;
  days: number;
  /** Slots starting at or before now are gone. */
  now: Date;
  /** The clinic's minimum notice: slots starting sooner than this after now are gone too. */
  minNoticeMinutes?: number;
  /** The clinic's buffer: a slot within this many minutes of a taken time is not offered. */
  bufferMinutes?: number;
  /**
   * The clinic's booking horizon: only slots of this many days from the clinic's today (today
   * counting as the first) are offered. None: no limit.
   */
  horizonDays?: number;
  /** The clinic town's IANA zone, e.g. 'Asia/Novosibirsk'. */
  timeZone: string;
  /** The zone of the answer's days and times; the clinic's by default (a user's for telemed). */
  displayZone?: string;
}

const MS_PER_DAY = 86_400_000;

/** 'yyyy-MM-dd' plus n days, by calendar arithmetic (no zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `n` consecutive days 'yyyy-MM-dd' from `day` (a schedule's days from today). */
export function daysFrom(day: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(day, i));
}

/** ISO weekday (1 = Monday) of a calendar date. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

const HOUR_MS = 3_600_000;
/** Zone offsets by hour: asking Intl for each of a page's thousands of slots cost ~100 ms. */
const offsets = new Map<string, number>();

/** The zone's UTC offset in ms at an instant; offsets change on hour boundaries (DST). */
function offsetAt(timeZone: string, t: number): number {
  const key = `${timeZone}|${Math.floor(t / HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = tzOffset(timeZone, new Date(t)) * 60_000;
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant of a wall-clock time on a day in a zone (a time skipped by DST moves forward). */
function instant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const first = naive - offsetAt(timeZone, naive);
  return new Date(naive - offsetAt(timeZone, first));
}

/** The instant of 'HH:mm' on a day ('yyyy-MM-dd') in a zone: a booked slot's start. */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  return instant(day, minutesOf(time), timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day and time of an instant in a zone. */
export function wallClock(at: Date, timeZone: string): { day: string; time: string } {
  const local = new Date(at.getTime() + offsetAt(timeZone, at.getTime()));
  return {
    day: local.toISOString().slice(0, 10),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

interface Candidate {
  startsAt: Date;
  minutes: number;
}

/** The slots a day's rules and exceptions make, before appointments and the past are removed. */
function daySlots(day: string, input: FreeSlotsInput): Candidate[] {
  const weekday = isoWeekday(day);
  const exceptions = input.exceptions.filter((e) => e.date === day);
  if (exceptions.some((e) => e.kind === 'off' && (e.start === null || e.end === null))) return [];

  // Part of a day off takes time out of the weekly rules; extra hours are the date's own and stay
  // (a date's own hours: the week off 00:00–24:00, and its hours as extra).
  const spans: { from: number; to: number; step: number; weekly: boolean }[] = [];
  for (const rule of input.rules) {
    if (rule.weekday !== weekday || rule.validFrom > day || (rule.validTo !== null && rule.validTo < day))
      continue;
    spans.push({
      from: minutesOf(rule.start),
      to: minutesOf(rule.end),
      step: rule.slotMinutes,
      weekly: true,
    });
  }
  for (const e of exceptions) {
    if (e.kind === 'extra' && e.start && e.end && e.slotMinutes)
      spans.push({ from: minutesOf(e.start), to: minutesOf(e.end), step: e.slotMinutes, weekly: false });
  }
  const offs = exceptions
    .filter((e) => e.kind === 'off' && e.start && e.end)
    .map((e) => ({ from: minutesOf(e.start as string), to: minutesOf(e.end as string) }));

  const out: Candidate[] = [];
  for (const span of spans) {
    if (span.step <= 0) continue;
    for (let start = span.from; start + span.step <= span.to; start += span.step) {
      const end = start + span.step;
      if (span.weekly && offs.some((off) => start < off.to && end > off.from)) continue;
      out.push({ startsAt: instant(day, start, input.timeZone), minutes: span.step });
    }
  }
  return out;
}

function overlapsBusy(c: Candidate, busy: readonly BusyRange[], bufferMs: number): boolean {
  const start = c.startsAt.getTime();
  const end = start + c.minutes * 60_000;
  return busy.some((b) => start < b.endsAt.getTime() + bufferMs && end > b.startsAt.getTime() - bufferMs);
}

/** The instant the clinic's booking horizon ends: the midnight `horizonDays` days after its today. */
function horizonEnd(input: FreeSlotsInput): number {
  if (input.horizonDays === undefined) return Number.POSITIVE_INFINITY;
  const today = wallClock(input.now, input.timeZone).day;
  return instant(addDays(today, input.horizonDays), 0, input.timeZone).getTime();
}

function collect(candidates: Candidate[], input: FreeSlotsInput): SlotsByDay {
  const zone = input.displayZone ?? input.timeZone;
  const opensAt = input.now.getTime() + (input.minNoticeMinutes ?? 0) * 60_000;
  const bufferMs = (input.bufferMinutes ?? 0) * 60_000;
  const closesAt = horizonEnd(input);
  const free = candidates
    .filter(
      (c) =>
        c.startsAt.getTime() > opensAt &&
        c.startsAt.getTime() < closesAt &&
        !overlapsBusy(c, input.busy, bufferMs) &&
        !(input.blocks && overlapsBusy(c, input.blocks, 0)),
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const out: SlotsByDay = {};
  let previous = Number.NaN;
  for (const c of free) {
    // Overlapping rules give one start twice; the sort put the twins side by side.
    if (c.startsAt.getTime() === previous) continue;
    previous = c.startsAt.getTime();
    const { day, time } = wallClock(c.startsAt, zone);
    const list = out[day];
    if (list) list.push({ time, duration: c.minutes });
    else out[day] = [{ time, duration: c.minutes }];
  }
  return out;
}

/**
 * Free slots: weekly rules − dated exceptions − the clinic's blocks − appointments (and the clinic's buffer around
 * them) − the past (and the clinic's minimum notice) − the days past the clinic's horizon, for `days` days from
 * `from`, in the clinic's zone. Pure: the clock and the zones are arguments, so the answer does not
 * depend on the machine's TZ.
 */
export function freeSlots(input: FreeSlotsInput): SlotsByDay {
  const candidates: Candidate[] = [];
  for (let i = 0; i < input.days; i++) candidates.push(...daySlots(addDays(input.from, i), input));
  return collect(candidates, input);
}

/** A clinic's MIS pushed these slots: the same answer shape, minus taken and past ones. */
export function explicitFreeSlots(
  slots: readonly { startsAt: Date; durationMinutes: number }[],
  input: Omit<FreeSlotsInput, 'rules' | 'exceptions'>,
): SlotsByDay {
  const first = instant(input.from, 0, input.timeZone).getTime();
  const last = instant(addDays(input.from, input.days), 0, input.timeZone).getTime();
  const candidates = slots
    .filter((s) => s.startsAt.getTime() >= first && s.startsAt.getTime() < last)
    .map((s) => ({ startsAt: s.startsAt, minutes: s.durationMinutes }));
  return collect(candidates, { ...input, rules: [], exceptions: [] });
}

/** A fixed offset in hours ('Etc/GMT' zones have the opposite sign) for a user's timedelta. */
export function offsetZone(hours: number): string {
  if (!Number.isInteger(hours) || hours < -12 || hours > 14) throw new RangeError(`bad UTC offset ${hours}`);
  return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/**
 * Whether a name is an IANA time zone Intl knows ('Asia/Novosibirsk', 'UTC'; not
 * 'Europe/Nowhere'). Offset strings ('+07:00') are refused: newer runtimes (Node 24's ICU) accept
 * them as zones, but the calls take zone names only.
 */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64 || !/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  return Number.isFinite(tzOffset(name, new Date(0)));
}

/**
 * Slots keyed by day in one zone, re-keyed into another, keeping the `days` days from `from`
 * there (an online visit is shown in the patient's zone). E.g. Monday 09:00 in Europe/Moscow
 * is Monday 13:00 in Asia/Novosibirsk, and Monday 22:00 in Moscow is Tuesday 02:00 there.
 */
export function rezoneSlots<S extends Slot>(
  slots: Readonly<Record<string, readonly S[]>>,
  fromZone: string,
  toZone: string,
  window: { from: string; days: number },
): Record<string, S[]> {
  const last = addDays(window.from, window.days);
  const moved: { at: number; day: string; slot: S }[] = [];
  for (const [day, list] of Object.entries(slots)) {
    for (const slot of list) {
      const at = zonedInstant(day, slot.time, fromZone);
      const local = wallClock(at, toZone);
      if (local.day < window.from || local.day >= last) continue;
      moved.push({ at: at.getTime(), day: local.day, slot: { ...slot, time: local.time } });
    }
  }
  moved.sort((a, b) => a.at - b.at);
  const out: Record<string, S[]> = {};
  for (const m of moved) {
    const list = out[m.day];
    if (list) list.push(m.slot);
    else out[m.day] = [m.slot];
  }
  return out;
}
