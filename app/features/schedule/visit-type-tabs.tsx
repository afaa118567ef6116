import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import type { DoctorSlots } from '../../../core/schedule/contracts';

/** The price chips' words (features/directory), kept here: features do not import each other. */
export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  clinic: 'В клинике',
  home: 'На дому',
  telemed: 'Онлайн',
};

const NEXT_KEYS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Appointment type tabs over a workplace's calendar: choosing a type asks for that type's slots and
 * draws the calendar anew (a new key: the day starts over), so entering or leaving telemedicine
 * recalculates it. ARIA tabs with automatic activation: arrows move and choose, Home and End go to
 * the ends. Part of the lazy schedule chunk.
 */
export function VisitTypeSchedule({
  types,
  initialType,
  initialAnswer,
  load,
  children,
}: {
  /** At least two, in the order shown. */
  types: readonly VisitType[];
  initialType: VisitType;
  initialAnswer: DoctorSlots | null;
  /** The slots of a type (the page's batcher keeps each type's answer). */
  load: (type: VisitType) => Promise<DoctorSlots | null>;
  children: (type: VisitType, answer: DoctorSlots | null) => ReactNode;
}) {
  const [shown, setShown] = useState({ type: initialType, answer: initialAnswer, loading: false });
  const wanted = useRef(initialType);
  const tabs = useRef(new Map<VisitType, HTMLButtonElement>());
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (type: VisitType) => `${baseId}-${type}`;

  function choose(type: VisitType) {
    tabs.current.get(type)?.focus();
    if (type === wanted.current) return;
    wanted.current = type;
    setShown((s) => ({ ...s, type, loading: true }));
    void load(type).then((answer) => {
      // A quicker later click wins over a slow earlier answer.
      if (wanted.current === type) setShown({ type, answer, loading: false });
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = types.indexOf(shown.type);
    let next: number | null = null;
    if (event.key in NEXT_KEYS) next = (at + NEXT_KEYS[event.key] + types.length) % types.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = types.length - 1;
    if (next === null) return;
    event.preventDefault();
    choose(types[next]);
  }

  return (
    <div className="flex flex-1 flex-col gap-2">
      <div role="tablist" aria-label="Тип приёма" className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {types.map((type) => {
          const selected = type === shown.type;
          return (
            <button
              key={type}
              ref={(el) => {
                if (el) tabs.current.set(type, el);
                else tabs.current.delete(type);
              }}
              type="button"
              role="tab"
              id={tabId(type)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(type)}
              className={`rounded-full border px-3 py-1 text-xs font-medium ${
                selected
                  ? 'border-brand bg-brand text-white'
                  : 'border-line bg-surface text-ink-soft hover:border-brand'
              }`}
            >
              {VISIT_TYPE_LABELS[type]}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(shown.type)}
        aria-busy={shown.loading}
        className="flex flex-1 flex-col"
      >
        {shown.loading ? (
          <p className="flex-1 animate-pulse rounded-lg bg-canvas">
            <span className="sr-only">Загружаем расписание…</span>
          </p>
        ) : (
          <div key={shown.type} className="flex flex-1 flex-col">
            {children(shown.type, shown.answer)}
          </div>
        )}
      </div>
    </div>
  );
}
