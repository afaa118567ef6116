/**
 * The appointment calendar's rules (docs/product/schedule-and-booking.md): day tabs, the slot
 * grid's size and the slot-choice event. Days are plain 'yyyy-MM-dd' strings already in the
 * clinic's zone and `today` is passed in, so nothing here reads the clock or shifts a zone.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { getISODay } from 'date-fns/getISODay';
import { isSameMonth } from 'date-fns/isSameMonth';
import { ru } from 'date-fns/locale/ru';

/** One free slot as the slot calls answer it ('HH:mm', minutes). */
export interface DaySlot {
  time: string;
  duration: number;
}

/** Slots keyed by 'yyyy-MM-dd' (a missing or empty day has no slots). */
export type DaySlots = Readonly<Record<string, readonly DaySlot[] | undefined>>;

export const TODAY_LABEL = 'Сегодня';
export const TOMORROW_LABEL = 'Завтра';
export const CALENDAR_UNAVAILABLE = 'Запись недоступна';

/** A day tab (date, title, subtitle, label, disabled) plus what merging needs. */
export interface DayTab {
  /** The first day the tab covers; also its key. */
  date: string;
  /** Every day the tab covers: one, or a run of empty days merged into one tab. */
  days: string[];
  /** '5 мая'; a merged run '5–7 мая' or '30 апр. – 2 мая'. */
  title: string;
  /** Short weekday 'вт'; a merged run 'вт–чт'. */
  subtitle: string;
  /** 'Сегодня' / 'Завтра' on a single-day tab, else null. */
  label: string | null;
  /** No slots on any of its days: the tab cannot be chosen. */
  disabled: boolean;
  /** Every day of the tab is a Saturday or Sunday (the subtitle takes the error colour). */
  weekend: boolean;
}

export interface DayTabsResult {
  tabs: DayTab[];
  /**
   * No day has slots: the placeholder calendar 'Запись недоступна'. Its tabs are then the
   * single disabled days, unmerged, so the placeholder still looks like the days it stands for.
   */
  placeholder: boolean;
}

/** A calendar day as a local Date at noon: formatting gives the same day in any process TZ. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

function nextDay(day: string): string {
  return format(addDays(dayDate(day), 1), 'yyyy-MM-dd');
}

/** 'd MMM' in Russian: '5 мая', '30 апр.', '1 янв.'. */
export function dayTitle(day: string): string {
  return format(dayDate(day), 'd MMM', { locale: ru });
}

/** Short Russian weekday: 'пн' … 'вс'. */
export function weekdayShort(day: string): string {
  return format(dayDate(day), 'EEEEEE', { locale: ru });
}

/** 'чт, 26 нояб., 14:00': an offered time as the calendar's day tabs name it. */
export function formatSlotShort(day: string, time: string): string {
  return `${weekdayShort(day)}, ${dayTitle(day)}, ${time}`;
}

export function isWeekend(day: string): boolean {
  return getISODay(dayDate(day)) >= 6;
}

export function hasSlots(slots: DaySlots, day: string): boolean {
  return (slots[day]?.length ?? 0) > 0;
}

/**
 * A run of days as one title: '5–7 мая' within a month, '30 апр. – 2 мая' across months (the
 * spaced dash because the parts have spaces of their own, as Russian typography wants).
 */
export function rangeTitle(first: string, last: string): string {
  const a = dayDate(first);
  const b = dayDate(last);
  if (isSameMonth(a, b)) return `${format(a, 'd')}–${dayTitle(last)}`;
  return `${dayTitle(first)} – ${dayTitle(last)}`;
}

function singleTab(day: string, slots: DaySlots, today: string): DayTab {
  return {
    date: day,
    days: [day],
    title: dayTitle(day),
    subtitle: weekdayShort(day),
    label: day === today ? TODAY_LABEL : day === nextDay(today) ? TOMORROW_LABEL : null,
    disabled: !hasSlots(slots, day),
    weekend: isWeekend(day),
  };
}

function mergedTab(run: string[]): DayTab {
  const first = run[0];
  const last = run[run.length - 1];
  return {
    date: first,
    days: run,
    title: rangeTitle(first, last),
    subtitle: `${weekdayShort(first)}–${weekdayShort(last)}`,
    // 'Сегодня' over a range would say the whole range is today.
    label: null,
    disabled: true,
    weekend: run.every(isWeekend),
  };
}

/**
 * Day tabs for consecutive `days`: a day with slots is its own tab; two or more empty days in a
 * row become one disabled tab. Example, today 2026-05-04 and slots on the 4th and 8th only:
 * 'Сегодня 4 мая пн' | '5–7 мая вт–чт' (disabled) | '8 мая пт'.
 */
export function buildDayTabs({
  days,
  slots,
  today,
}: {
  days: readonly string[];
  slots: DaySlots;
  today: string;
}): DayTabsResult {
  const placeholder = !days.some((day) => hasSlots(slots, day));
  if (placeholder) return { tabs: days.map((day) => singleTab(day, slots, today)), placeholder };
  const tabs: DayTab[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 1) tabs.push(singleTab(run[0], slots, today));
    else if (run.length > 1) tabs.push(mergedTab(run));
    run = [];
  };
  for (const day of days) {
    if (hasSlots(slots, day)) {
      flush();
      tabs.push(singleTab(day, slots, today));
    } else {
      run.push(day);
    }
  }
  flush();
  return { tabs, placeholder };
}

// --- Slot grid (two rows; 4 columns on phones, 5 on desktop, width / 100 from 500 px) ---

export const SLOT_GRID_ROWS = 2;
export const SLOT_COLUMNS_MOBILE = 4;
export const SLOT_COLUMNS_DESKTOP = 5;
/** A desktop container at least this wide sizes its columns by width (100 px a column). */
export const SLOT_WIDE_CONTAINER_PX = 500;

/** Columns of the slot grid: 4 on phones; on desktop 5, or round(width / 100) from 500 px. */
export function slotGridColumns({
  desktop,
  containerWidth,
}: {
  desktop: boolean;
  containerWidth: number;
}): number {
  if (!desktop) return SLOT_COLUMNS_MOBILE;
  if (containerWidth >= SLOT_WIDE_CONTAINER_PX) return Math.round(containerWidth / 100);
  return SLOT_COLUMNS_DESKTOP;
}

/** How many slots show while collapsed, and whether the expand control is offered at all. */
export function slotGridLayout(
  slotCount: number,
  columns: number,
): { visible: number; collapsible: boolean } {
  const visible = columns * SLOT_GRID_ROWS;
  return { visible, collapsible: slotCount > visible };
}

// --- Slot-choice event ---

export interface SlotChoice {
  /** 'yyyy-MM-dd'. */
  day: string;
  /** 'HH:mm'. */
  time: string;
  /** Minutes. */
  duration: number;
  /** '5 мая (вт)'. */
  dateName: string;
  /** 'dd.MM.yyyy HH:mm', the form the booking redirect carries. */
  selectedFullDate: string;
}

export function slotChoice(day: string, slot: DaySlot): SlotChoice {
  // The slot calls may answer 'HH:mm:ss'; the event and the redirect want 'HH:mm'.
  const time = slot.time.slice(0, 5);
  return {
    day,
    time,
    duration: slot.duration,
    dateName: `${dayTitle(day)} (${weekdayShort(day)})`,
    selectedFullDate: `${format(dayDate(day), 'dd.MM.yyyy')} ${time}`,
  };
}
