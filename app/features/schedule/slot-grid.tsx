import { useId, useRef, useState } from 'react';
import {
  type DaySlot,
  SLOT_COLUMNS_DESKTOP,
  SLOT_COLUMNS_MOBILE,
  SLOT_GRID_ROWS,
  type SlotChoice,
  slotChoice,
  slotGridLayout,
} from '../../../core/schedule/day-tabs';
import { useSlotColumns } from './use-slot-columns';

const MOBILE_ROWS_END = SLOT_COLUMNS_MOBILE * SLOT_GRID_ROWS;
const DESKTOP_ROWS_END = SLOT_COLUMNS_DESKTOP * SLOT_GRID_ROWS;

/**
 * One day's slot buttons in a grid of two rows, with 'Ещё' / 'Свернуть' only when the slots need
 * more rows. Columns are measured after hydration; before that CSS breakpoints give the same 4 / 5
 * columns, so the server's HTML does not jump. Give it `key={day}` so a new day starts collapsed.
 */
export function SlotGrid({
  day,
  slots,
  onSelect,
}: {
  day: string;
  slots: readonly DaySlot[];
  onSelect: (choice: SlotChoice) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const columns = useSlotColumns(container);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  // Before measuring, which slots hide depends on the breakpoint, so it is said in CSS.
  const hiddenClass = (i: number): string => {
    if (expanded) return '';
    if (columns !== null) return i >= slotGridLayout(slots.length, columns).visible ? 'hidden' : '';
    if (i >= DESKTOP_ROWS_END) return 'hidden';
    return i >= MOBILE_ROWS_END ? 'hidden md:block' : '';
  };
  let toggleClass: string | null;
  if (columns !== null) toggleClass = slotGridLayout(slots.length, columns).collapsible ? '' : null;
  else if (slots.length > DESKTOP_ROWS_END) toggleClass = '';
  else toggleClass = slots.length > MOBILE_ROWS_END ? 'md:hidden' : null;

  return (
    <div ref={container}>
      <ul
        id={listId}
        className="grid grid-cols-4 gap-2 md:grid-cols-5"
        style={columns === null ? undefined : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {slots.map((slot, i) => (
          <li key={slot.time} className={hiddenClass(i)}>
            <button
              type="button"
              onClick={() => onSelect(slotChoice(day, slot))}
              className="h-10 w-full rounded-lg bg-brand-soft text-sm font-medium text-brand tabular-nums transition-colors hover:bg-brand hover:text-white"
            >
              {slot.time.slice(0, 5)}
            </button>
          </li>
        ))}
      </ul>
      {toggleClass !== null && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
          className={`mt-2 text-sm font-medium text-brand hover:underline ${toggleClass}`}
        >
          {expanded ? 'Свернуть' : 'Ещё'}
        </button>
      )}
    </div>
  );
}
