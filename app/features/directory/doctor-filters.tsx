import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type DoctorSort,
  doctorListSearch,
  type DoctorFilters as Filters,
  FLAG_LABELS,
  FLAG_PARAMS,
  FREE_LABELS,
  FREE_PARAM,
  FREE_WINDOWS,
  type FreeWindow,
  type ListOptions,
  parseDoctorListParams,
  SORT_LABELS,
} from '../../../core/directory/list-filters';
import { Button } from '../../components/ui/button';

const PANEL_ID = 'doctor-filters';

/**
 * Sort and filters of a doctor list: a plain GET form, so it works before (and without)
 * JavaScript; with it, every change navigates at once to the list's canonical query string.
 * On phones the checkboxes fold behind a 'Фильтры' button.
 */
export function DoctorFilters({
  path,
  options,
  sort,
  filters,
  free = null,
  keep = {},
}: {
  /** The list's path, e.g. '/moskva/vrach/terapevt/'. */
  path: string;
  options: ListOptions;
  sort: DoctorSort;
  filters: Filters;
  /** The first-free-time filter (?free=). */
  free?: FreeWindow | null;
  /** Other query parameters the list keeps (a name search, the 'nearby' point). */
  keep?: Record<string, string>;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  // The controls show a choice at once, while its page loads; the URL's state wins again
  // whenever it changes (the next page arrived, or back/forward).
  const current = doctorListSearch({ sort, filters, free });
  const [shown, setShown] = useState({ sort, filters, free, from: current });
  if (shown.from !== current) setShown({ sort, filters, free, from: current });
  const active = options.flags.filter((f) => shown.filters[f]).length;

  const apply = (form: HTMLFormElement) => {
    const data = new URLSearchParams();
    for (const [key, value] of new FormData(form)) data.append(key, String(value));
    const next = parseDoctorListParams(data, options);
    setShown({ sort: next.sort, filters: next.filters, free: next.free, from: current });
    // A new filter or sort starts again from page 1.
    navigate(
      `${path}${doctorListSearch({ sort: next.sort, filters: next.filters, free: next.free }, keep)}`,
      {
        preventScrollReset: true,
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const onChange = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };

  return (
    <form
      method="get"
      action={path}
      onSubmit={onSubmit}
      aria-label="Сортировка и фильтры"
      className="card mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 p-3 sm:p-4"
    >
      {/* Without JavaScript the panel is always open and the form has a submit button. */}
      <noscript>
        <style>{`#${PANEL_ID}{display:flex}.filters-toggle{display:none}`}</style>
      </noscript>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {options.sorts.length <= 1 && (
        <p className="text-sm text-ink-soft">{options.defaultLabel ?? 'Сначала ближайшие'}</p>
      )}
      {options.sorts.length > 1 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only text-ink-soft md:not-sr-only">Сортировка</span>
          <select
            name="sort"
            value={shown.sort}
            onChange={onChange}
            className="rounded-lg border border-line bg-surface px-2 py-2 text-sm text-ink focus:border-brand"
          >
            {options.sorts.map((s) => (
              <option key={s} value={s}>
                {s === options.sorts[0] && options.defaultLabel ? options.defaultLabel : SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Свободное время</legend>
        {([null, ...FREE_WINDOWS] as const).map((w) => (
          <label
            key={w ?? 'any'}
            className={`flex min-h-10 cursor-pointer items-center rounded-full border px-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
              shown.free === w ? 'border-brand bg-brand text-white' : 'border-line bg-surface text-ink'
            }`}
          >
            <input
              type="radio"
              name={FREE_PARAM}
              value={w ?? ''}
              checked={shown.free === w}
              onChange={onChange}
              className="sr-only"
            />
            {w ? FREE_LABELS[w] : 'Любое время'}
          </label>
        ))}
      </fieldset>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((o) => !o)}
        className="filters-toggle ml-auto text-sm md:hidden"
      >
        Фильтры{active > 0 && ` (${active})`}
      </Button>
      <fieldset
        id={PANEL_ID}
        className={`${open ? 'flex' : 'hidden'} w-full flex-wrap gap-x-4 gap-y-2 md:flex md:w-auto`}
      >
        <legend className="sr-only">Фильтры</legend>
        {options.flags.map((flag) => (
          <label key={flag} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={FLAG_PARAMS[flag]}
              value="1"
              checked={shown.filters[flag]}
              onChange={onChange}
              className="h-4 w-4 accent-brand"
            />
            {FLAG_LABELS[flag]}
          </label>
        ))}
      </fieldset>
      <noscript>
        <Button type="submit" worksWithoutScript className="text-sm">
          Показать
        </Button>
      </noscript>
    </form>
  );
}
