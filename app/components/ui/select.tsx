import { useEffect, useId, useRef, useState } from 'react';
import { emptyTypeahead, SELECT_CHUNK, type TypeaheadState, typeahead } from '../../../core/ui/typeahead';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  /** Visible label; pass `hideLabel` to keep it for screen readers only. */
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  placeholder?: string;
  /** A disabled select cannot open. */
  disabled?: boolean;
  className?: string;
}

/** The menu is at most 304 px tall; 20 more options render 200 px before its end. */
const MENU_MAX_HEIGHT = 304;
const LOAD_MORE_PX = 200;

/**
 * The site's custom select (docs/product/directory.md, 'Shared page widgets'), following the WAI-ARIA
 * select-only combobox pattern: arrows, Home/End, Enter/Space, Escape, and typing letters to
 * jump to an option. The chosen option is marked and cannot be chosen again. Long lists
 * render 20 options at a time.
 */
export function Select<V extends string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder = 'Выберите',
  disabled = false,
  className = '',
}: SelectProps<V>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [rendered, setRendered] = useState(SELECT_CHUNK);
  const lookup = useRef<TypeaheadState>(emptyTypeahead);
  const list = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const selectedIndex = options.findIndex((o) => o.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : null;
  const unavailable = (i: number) => Boolean(options[i]?.disabled) || i === selectedIndex;

  useEffect(() => {
    if (!open || active < 0) return;
    if (active >= rendered) setRendered(Math.ceil((active + 1) / SELECT_CHUNK) * SELECT_CHUNK);
    list.current
      ?.querySelector(`#${CSS.escape(`${id}-opt-${active}`)}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [open, active, rendered, id]);

  function openMenu() {
    if (disabled) return;
    setOpen(true);
    setActive(selectedIndex >= 0 ? selectedIndex : firstEnabled(0, 1));
  }

  function close() {
    setOpen(false);
    setRendered(SELECT_CHUNK);
  }

  function choose(i: number) {
    if (unavailable(i)) return;
    onChange(options[i].value);
    close();
    button.current?.focus();
  }

  function firstEnabled(from: number, step: 1 | -1): number {
    for (let i = from; i >= 0 && i < options.length; i += step) if (!unavailable(i)) return i;
    return -1;
  }

  function move(from: number, step: 1 | -1) {
    const next = firstEnabled(from, step);
    if (next >= 0) setActive(next);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (disabled) return;
    const key = e.key;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        e.preventDefault();
        openMenu();
      }
      return;
    }
    if (key === 'ArrowDown') move(active + 1, 1);
    else if (key === 'ArrowUp') move(active - 1, -1);
    else if (key === 'Home') move(0, 1);
    else if (key === 'End') move(options.length - 1, -1);
    else if (key === 'Enter' || key === ' ') {
      if (active >= 0) choose(active);
    } else if (key === 'Escape' || key === 'Tab') {
      if (key === 'Escape') e.stopPropagation();
      close();
      if (key === 'Tab') return;
    } else if (key.length === 1 && /\S/.test(key)) {
      const r = typeahead(
        lookup.current,
        key,
        performance.now(),
        options.map((o) => o.label),
        active,
        unavailable,
      );
      lookup.current = r.state;
      setActive(r.index);
    } else return;
    e.preventDefault();
  }

  return (
    <div className={`relative ${className}`}>
      <span id={`${id}-label`} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm text-ink-soft'}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        role="combobox"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (open ? close() : openMenu())}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget)) close();
        }}
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-left text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      >
        <span id={`${id}-value`} className={selected ? '' : 'text-muted'}>
          {selected?.label ?? placeholder}
        </span>
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-muted" aria-hidden="true">
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        tabIndex={-1}
        hidden={!open}
        style={{ maxHeight: MENU_MAX_HEIGHT }}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX && rendered < options.length)
            setRendered((n) => n + SELECT_CHUNK);
        }}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
      >
        {open &&
          options.slice(0, rendered).map((o, i) => (
            // Focus stays on the combobox (aria-activedescendant); the keyboard is handled there.
            // biome-ignore lint/a11y/useFocusableInteractive: options of an activedescendant listbox
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox
            <div
              key={o.value}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === selectedIndex}
              aria-disabled={unavailable(i) || undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
              onMouseEnter={() => !unavailable(i) && setActive(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-soft text-brand' : ''} ${i === selectedIndex ? 'font-semibold' : ''} aria-disabled:cursor-default aria-disabled:text-muted`}
            >
              {o.label}
            </div>
          ))}
      </div>
    </div>
  );
}
