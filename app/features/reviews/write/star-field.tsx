const STAR_TITLES = ['Ужасно', 'Плохо', 'Нормально', 'Хорошо', 'Отлично'];

/** One criterion: five stars as a radio group (arrows move, Space picks), plus 'Не оценивать'. */
export function StarField({
  index,
  label,
  value,
  onChange,
}: {
  index: number;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const name = `stars-${index}`;
  return (
    <fieldset className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <legend className="float-left font-medium">{label}</legend>
      <span className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative cursor-pointer text-2xl leading-none" title={STAR_TITLES[n - 1]}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${
                value !== null && n <= value ? 'text-star' : 'text-line'
              }`}
            >
              ★
            </span>
            <span className="sr-only">
              {n} из 5 — {STAR_TITLES[n - 1]}
            </span>
          </label>
        ))}
        <label className="ml-2 cursor-pointer text-sm text-ink-soft">
          <input
            type="radio"
            name={name}
            value=""
            checked={value === null}
            onChange={() => onChange(null)}
            className="mr-1 align-middle"
          />
          Не оценивать
        </label>
      </span>
    </fieldset>
  );
}
