import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  buildDayTabs,
  CALENDAR_UNAVAILABLE,
  type DaySlots,
  type DayTab,
  hasSlots,
  type SlotChoice,
} from '../../../core/schedule/day-tabs';
import { NO_SLOT_FILTERS, pickInitialDay, type SlotFilters } from '../../../core/schedule/slot-filters';
import { SlotGrid } from './slot-grid';

export interface AppointmentCalendarProps {
  /** Consecutive days 'yyyy-MM-dd' in the clinic's zone (14 for doctors and clinics, 30 for services). */
  days: readonly string[];
  /** The slot call's answer for this doctor-at-clinic or service: day → slots. */
  slots: DaySlots;
  /** 'yyyy-MM-dd' in the clinic's zone, for the 'Сегодня' / 'Завтра' labels. */
  today: string;
  /** The day to open on, when it has slots. */
  initDay?: string | null;
  /** date_from / date_to / daytimes of the page URL (parseSlotFilters), choosing the first day. */
  urlFilters?: SlotFilters;
  onSelect: (choice: SlotChoice) => void;
  /** The tab list's accessible name. */
  label?: string;
  className?: string;
}

/**
 * The appointment calendar (docs/product/schedule-and-booking.md): day tabs over a grid of slot
 * buttons. Tabs follow the ARIA tabs pattern with automatic activation: arrows, Home and End move
 * between days that have slots; an empty (or merged empty) day is shown but does nothing. When no
 * day has slots it is the placeholder calendar 'Запись недоступна'.
 */
export function AppointmentCalendar({
  days,
  slots,
  today,
  initDay,
  urlFilters = NO_SLOT_FILTERS,
  onSelect,
  label = 'Дни для записи',
  className = '',
}: AppointmentCalendarProps) {
  const { tabs, placeholder } = buildDayTabs({ days, slots, today });
  const [chosen, setChosen] = useState<string | null>(null);
  // New slots (another appointment type, a refetch) may take the chosen day away: start over then.
  const active =
    chosen && days.includes(chosen) && hasSlots(slots, chosen)
      ? chosen
      : pickInitialDay({ days, slots, initDay, filters: urlFilters });
  const baseId = useId();
  const strip = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  // The desktop arrows: shown when the strip overflows, each disabled at its end.
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = () => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the days change.
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [days.length, slots]);
  const scrollBy = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * Math.max(160, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  // Keep the active tab in view inside the scrolling strip, without scrolling the page.
  useEffect(() => {
    const el = strip.current;
    const tab = active ? tabRefs.current.get(active) : undefined;
    if (!el || !tab) return;
    const left = tab.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left < el.scrollLeft) el.scrollLeft = left;
    else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
  }, [active]);

  if (placeholder || !active) return <PlaceholderCalendar tabs={tabs} className={className} />;

  const enabled = tabs.filter((t) => !t.disabled);
  const tabId = (t: DayTab) => `${baseId}-tab-${t.date}`;
  const panelId = `${baseId}-panel`;

  function choose(day: string) {
    setChosen(day);
    tabRefs.current.get(day)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = enabled.findIndex((t) => t.date === active);
    const target = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    choose(target.date);
  }

  const activeTab = tabs.find((t) => t.date === active)!;
  const overflowing = edges.left || edges.right;
  return (
    <div className={className}>
      <div className="flex items-center gap-1">
        {overflowing && <StripArrow direction={-1} disabled={!edges.left} onClick={() => scrollBy(-1)} />}
        <div
          ref={strip}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          onScroll={measure}
          className="relative -mx-1 flex min-w-0 flex-1 gap-2 overflow-x-auto px-1 pt-1 pb-2 [scrollbar-width:none]"
        >
          {tabs.map((tab) => {
            const selected = tab.date === active;
            return (
              <button
                key={tab.date}
                ref={(el) => {
                  if (el) tabRefs.current.set(tab.date, el);
                  else tabRefs.current.delete(tab.date);
                }}
                type="button"
                role="tab"
                id={tabId(tab)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                aria-disabled={tab.disabled || undefined}
                tabIndex={selected ? 0 : -1}
                onClick={tab.disabled ? undefined : () => setChosen(tab.date)}
                className={`flex min-w-16 shrink-0 flex-col items-center rounded-lg border px-2 py-1.5 text-center ${tabTone(tab, selected)}`}
              >
                <DayTabContent tab={tab} selected={selected} />
              </button>
            );
          })}
        </div>
        {overflowing && <StripArrow direction={1} disabled={!edges.right} onClick={() => scrollBy(1)} />}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeTab)} className="mt-2">
        <SlotGrid key={active} day={active} slots={slots[active] ?? []} onSelect={onSelect} />
      </div>
    </div>
  );
}

/**
 * '‹' / '›' beside the day strip on desktops (phones swipe it): a mouse reaches the later days.
 * Out of the tab order, as the tabs' own arrow keys move between days.
 */
function StripArrow({
  direction,
  disabled,
  onClick,
}: {
  direction: 1 | -1;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={direction === 1 ? 'Следующие дни' : 'Предыдущие дни'}
      disabled={disabled}
      onClick={onClick}
      className="hidden size-8 shrink-0 items-center justify-center rounded-full border border-line bg-surface pb-1 text-lg leading-none text-ink hover:border-brand disabled:opacity-30 sm:flex"
    >
      {direction === 1 ? '›' : '‹'}
    </button>
  );
}

function tabTone(tab: DayTab, selected: boolean): string {
  if (selected) return 'border-brand bg-brand text-white';
  if (tab.disabled) return 'cursor-default border-transparent bg-canvas text-muted';
  return 'border-line bg-surface hover:border-brand';
}

function DayTabContent({ tab, selected }: { tab: DayTab; selected: boolean }) {
  // Weekend subtitles take the error colour, but not on a disabled or the active tab.
  const subtitleTone =
    tab.weekend && !tab.disabled && !selected ? 'text-error' : selected ? 'text-white' : 'text-ink-soft';
  return (
    <>
      <span className={`min-h-4 text-[11px] leading-4 ${selected ? 'text-white' : 'text-muted'}`}>
        {tab.label}
      </span>
      <span className="text-sm font-semibold whitespace-nowrap">{tab.title}</span>
      <span data-weekday className={`text-xs ${tab.disabled ? '' : subtitleTone}`}>
        {tab.subtitle}
      </span>
      {tab.disabled && <span className="sr-only">, записи нет</span>}
    </>
  );
}

/** No day has slots: the same strip of days, greyed and inert, under 'Запись недоступна'. */
function PlaceholderCalendar({ tabs, className }: { tabs: DayTab[]; className: string }) {
  return (
    <div className={className} data-placeholder>
      <ul aria-hidden="true" className="relative flex gap-2 overflow-hidden pt-1 pb-2">
        {tabs.map((tab) => (
          <li
            key={tab.date}
            className="flex min-w-16 shrink-0 flex-col items-center rounded-lg bg-canvas px-2 py-1.5 text-center text-muted"
          >
            <DayTabContent tab={tab} selected={false} />
          </li>
        ))}
      </ul>
      <p className="mt-2 rounded-lg bg-canvas px-4 py-3 text-center text-sm text-ink-soft">
        {CALENDAR_UNAVAILABLE}
      </p>
    </div>
  );
}

/** The placeholder calendar of `days` (none has slots): the strip greyed under 'Запись недоступна'. */
export function UnavailableCalendar({
  days,
  className = '',
}: {
  days: readonly string[];
  className?: string;
}) {
  return (
    <PlaceholderCalendar
      tabs={buildDayTabs({ days, slots: {}, today: days[0] ?? '' }).tabs}
      className={className}
    />
  );
}

/** A list card's stub when the slot call failed. */
export function ScheduleUnavailable() {
  return (
    <p className="flex flex-1 items-center justify-center rounded-lg bg-canvas px-4 text-center text-sm text-ink-soft">
      Расписание недоступно
    </p>
  );
}
