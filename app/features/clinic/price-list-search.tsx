import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { matchingCategories } from '../../../core/clinic/price-list';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The price list's search box (placeholder 'Найти услугу', free text or a category
 * chosen from suggestions). An ARIA 1.2 combobox: arrows move through the clinic's matching
 * categories, Enter picks one (or searches the typed text), Escape closes the list.
 */
export function PriceListSearch({
  value,
  categories,
  onType,
  onCategory,
  onSubmit,
  inputRef,
}: {
  value: string;
  categories: readonly string[];
  onType: (text: string) => void;
  onCategory: (category: string) => void;
  /** Enter without a highlighted suggestion: search now instead of after the debounce. */
  onSubmit: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  // A text box, not a button: typed before hydration, the text would be lost to the search.
  const disabled = !useHydrated();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? matchingCategories(categories, value) : [];
  const expanded = options.length > 0;

  const choose = (category: string) => {
    setOpen(false);
    setActive(-1);
    onCategory(category);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const all = matchingCategories(categories, value);
      if (!all.length) return;
      const n = all.length;
      setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0 && active < options.length) choose(options[active]);
      else {
        setOpen(false);
        onSubmit();
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Найти услугу
      </label>
      <input
        ref={inputRef}
        id={id}
        // A text input: HTML does not allow the combobox role (nor aria-expanded) on type="search".
        type="text"
        inputMode="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder="Найти услугу"
        value={value}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onType(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-11 w-full scroll-mt-36 rounded-lg sm:scroll-mt-24 border border-line bg-surface px-3 text-base outline-none placeholder:text-muted focus:border-brand"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Категории услуг"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
      >
        {options.map((category, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options of an activedescendant listbox
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox
          <div
            key={category}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // Keep the focus in the input, so blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(category)}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-soft text-brand' : 'hover:bg-canvas'}`}
          >
            {category}
          </div>
        ))}
      </div>
    </div>
  );
}
