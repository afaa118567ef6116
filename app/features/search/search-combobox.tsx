import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { nextActiveIndex } from '../../../core/search/active-option';
import type { SearchResults } from '../../../core/search/contracts';
import { searchHint, searchPageUrl } from '../../../core/search/query';
import { SearchAdviceLine } from './search-advice';
import { useSearchSuggestions } from './use-search-suggestions';

interface Option {
  name: string;
  subtitle?: string;
  url: string;
}

/** The suggestions as the listbox shows them: each group's items, then 'all results'. */
function optionsOf(results: SearchResults | null, town: string, value: string) {
  if (!results || results.groups.length === 0) return { groups: [], options: [] as Option[] };
  const options: Option[] = [];
  const groups = results.groups.map((g) => ({
    kind: g.kind,
    title: g.title,
    first: options.push(...g.items) - g.items.length,
    items: g.items,
  }));
  options.push({ name: `Все результаты по запросу «${results.query}»`, url: searchPageUrl(town, value) });
  return { groups, options };
}

/**
 * The header's search (WAI-ARIA combobox with a grouped listbox): suggestions of specialities,
 * doctors, clinics, services and treatments from 2 characters. Arrow keys, Home and End move
 * through the options, Enter opens the active one or the full results page, Escape closes the
 * list (a second Escape clears the field). Without scripts it is a plain form that opens the
 * results page.
 */
export function SearchCombobox({
  town,
  initialQuery = '',
  className = 'order-5 flex min-w-0 flex-1 items-center gap-2 sm:relative sm:order-3',
}: {
  town: string;
  initialQuery?: string;
  /** The form's layout: the header's by default; the home page puts it under its heading. */
  className?: string;
}) {
  const [value, setValue] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useSearchSuggestions(town, value, open);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const results =
    state.status === 'ready' ? state.results : state.status === 'loading' ? state.previous : null;
  const { groups, options } = optionsOf(results, town, value);

  // A new page shows its own query (the results page) or none, with the list closed.
  const lastLocation = useRef(location.key);
  useEffect(() => {
    if (lastLocation.current === location.key) return;
    lastLocation.current = location.key;
    setValue(initialQuery);
    setOpen(false);
  }, [location.key, initialQuery]);

  // Fresh suggestions start with none active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets exactly when the shown results change
  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    navigate(option.url);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => nextActiveIndex(i, e.key as 'ArrowDown' | 'ArrowUp', options.length));
        return;
      case 'Home':
      case 'End':
        // In the list they jump to its ends; in the text they move the caret as usual.
        if (open && active >= 0) {
          e.preventDefault();
          setActive(nextActiveIndex(active, e.key, options.length));
        }
        return;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          e.preventDefault();
          choose(options[active]);
        }
        return; // otherwise the form submits: the full results page
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          e.preventDefault();
          setValue('');
        }
        return;
    }
  }

  const activeOption = open && active >= 0 && active < options.length ? optionId(active) : undefined;
  const message =
    state.status === 'hint'
      ? state.hint
      : state.status === 'error'
        ? 'Произошла ошибка. Обновите страницу и попробуйте еще раз.'
        : state.status === 'loading'
          ? 'Загрузка...'
          : options.length === 0
            ? 'Ничего не найдено'
            : null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to older browsers
    <form
      method="get"
      action={`/${town}/search/`}
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        if (searchHint(value)) {
          setOpen(true);
          return;
        }
        setOpen(false);
        navigate(searchPageUrl(town, value));
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Поиск врача, клиники или услуги
      </label>
      <input
        id={`${id}-input`}
        name="q"
        // A text input: HTML does not allow the combobox role (nor aria-expanded) on type="search".
        type="text"
        inputMode="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        minLength={2}
        maxLength={100}
        placeholder="Врач, клиника, услуга"
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-line bg-canvas px-3 py-2 text-sm outline-none focus:border-brand focus:bg-surface"
      />
      <button
        type="submit"
        className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark"
      >
        Найти
      </button>
      {/* Under the field on wider screens; on phones under the whole header (sticky, so it holds
          this box), as wide as the screen. Clicks inside keep the focus in the field, so choosing
          with the mouse does not blur it first. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the field losing focus on a click */}
      <div
        hidden={!open}
        onMouseDown={(e) => e.preventDefault()}
        className="card absolute inset-x-2 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto p-2 sm:inset-x-0 sm:mt-2"
      >
        <p role="status" className={message ? 'px-3 py-2 text-sm text-muted' : 'sr-only'}>
          {open ? (message ?? `Вариантов: ${options.length}`) : ''}
        </p>
        {results?.advice && options.length > 0 && (
          <SearchAdviceLine id={`${id}-advice`} advice={results.advice} />
        )}
        <div
          id={listboxId}
          role="listbox"
          aria-label="Результаты поиска"
          aria-describedby={results?.advice ? `${id}-advice` : undefined}
          hidden={options.length === 0}
          aria-busy={state.status === 'loading'}
        >
          {groups.map((g) => (
            // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox, not a fieldset
            <div key={g.kind} role="group" aria-labelledby={`${id}-${g.kind}`} className="py-1">
              <div
                id={`${id}-${g.kind}`}
                role="presentation"
                className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted"
              >
                {g.title}
              </div>
              {g.items.map((item, j) => (
                <OptionRow
                  key={item.url}
                  id={optionId(g.first + j)}
                  option={item}
                  selected={active === g.first + j}
                  onChoose={choose}
                />
              ))}
            </div>
          ))}
          {options.length > 0 && (
            <OptionRow
              id={optionId(options.length - 1)}
              option={options[options.length - 1]}
              selected={active === options.length - 1}
              onChoose={choose}
              footer
            />
          )}
        </div>
      </div>
    </form>
  );
}

function OptionRow({
  id,
  option,
  selected,
  onChoose,
  footer = false,
}: {
  id: string;
  option: Option;
  selected: boolean;
  onChoose: (option: Option) => void;
  footer?: boolean;
}) {
  return (
    // The listbox is driven from the field (aria-activedescendant); a click chooses too.
    // biome-ignore lint/a11y/useFocusableInteractive: options of an activedescendant listbox
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard choice goes through the combobox field
    <div
      id={id}
      role="option"
      aria-selected={selected}
      onClick={() => onChoose(option)}
      className={`block cursor-pointer rounded-md px-3 py-2 ${selected ? 'bg-brand-soft' : 'hover:bg-canvas'} ${footer ? 'mt-1 border-t border-line text-sm font-medium text-brand' : ''}`}
    >
      <span className={footer ? '' : 'block text-sm font-medium text-ink'}>{option.name}</span>
      {option.subtitle && <span className="block text-xs text-muted">{option.subtitle}</span>}
    </div>
  );
}
