/**
 * The calendar's URL filters (date_from, date_to, daytimes) and the initial day they choose
 * (docs/product/schedule-and-booking.md).
 */
import { type DaySlots, hasSlots } from './day-tabs';

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Parts of a day: morning 06:00–11:00, afternoon 11:00–17:00, evening 17:00–24:00 (end excluded). */
export const DAY_PART_MINUTES: Readonly<Record<DayPart, { from: number; to: number }>> = {
  morning: { from: 6 * 60, to: 11 * 60 },
  afternoon: { from: 11 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 24 * 60 },
};

export interface SlotFilters {
  /** 'yyyy-MM-dd', inclusive; null when absent or invalid. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Chosen day parts, in DAY_PARTS order, no repeats; empty means any time. */
  daytimes: DayPart[];
}

export const NO_SLOT_FILTERS: SlotFilters = { dateFrom: null, dateTo: null, daytimes: [] };

type QueryLike = URLSearchParams | Readonly<Record<string, string | null | undefined>>;

function read(query: QueryLike, key: string): string | null {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(key);
    return all.length ? all.join(',') : null;
  }
  return query[key] ?? null;
}

/** A real calendar date written YYYY-MM-DD ('2026-02-30' is not one), else null. */
function validDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  const day = value.trim();
  const [y, m, d] = day.split('-').map(Number);
  const check = new Date(Date.UTC(y, m - 1, d));
  const same = check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
  return same ? day : null;
}

/** Reads the filters from a query; anything invalid is ignored rather than refused. */
export function parseSlotFilters(query: QueryLike): SlotFilters {
  const parts = new Set(
    (read(query, 'daytimes') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return {
    dateFrom: validDay(read(query, 'date_from')),
    dateTo: validDay(read(query, 'date_to')),
    daytimes: DAY_PARTS.filter((part) => parts.has(part)),
  };
}

/** The day part a slot time ('HH:mm') falls in; night slots before 06:00 are in none. */
export function dayPartOf(time: string): DayPart | null {
  const [h, m] = time.split(':').map(Number);
  const minutes = h * 60 + m;
  return (
    DAY_PARTS.find((p) => minutes >= DAY_PART_MINUTES[p].from && minutes < DAY_PART_MINUTES[p].to) ?? null
  );
}

/** The day has a slot inside the date range and, when day parts are chosen, in one of them. */
export function dayMatchesFilters(day: string, slots: DaySlots, filters: SlotFilters): boolean {
  // 'yyyy-MM-dd' strings compare as dates.
  if (filters.dateFrom && day < filters.dateFrom) return false;
  if (filters.dateTo && day > filters.dateTo) return false;
  const list = slots[day] ?? [];
  if (!filters.daytimes.length) return list.length > 0;
  return list.some((slot) => {
    const part = dayPartOf(slot.time);
    return part !== null && filters.daytimes.includes(part);
  });
}

/**
 * The calendar's first active day: initDay when it is one of the days and has slots; else the
 * first day with slots that matches the URL filters; else the first day with slots; null when
 * no day has any (the placeholder calendar).
 */
export function pickInitialDay({
  days,
  slots,
  initDay,
  filters = NO_SLOT_FILTERS,
}: {
  days: readonly string[];
  slots: DaySlots;
  initDay?: string | null;
  filters?: SlotFilters;
}): string | null {
  if (initDay && days.includes(initDay) && hasSlots(slots, initDay)) return initDay;
  return (
    days.find((day) => dayMatchesFilters(day, slots, filters)) ??
    days.find((day) => hasSlots(slots, day)) ??
    null
  );
}
