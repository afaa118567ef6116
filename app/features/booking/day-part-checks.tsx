import { DAY_PART_LABELS } from '../../../core/booking/callback';
import { DAY_PARTS, type DayPart } from '../../../core/schedule/slot-filters';

/**
 * 'Утро, 6–11', 'День, 11–17', 'Вечер, 17–24' as checkboxes (the callback and waitlist forms);
 * a part not in `open` is shown but cannot be ticked.
 */
export function DayPartChecks({
  legend,
  value,
  onChange,
  open = DAY_PARTS,
}: {
  legend: string;
  value: readonly DayPart[];
  onChange: (parts: DayPart[]) => void;
  open?: readonly DayPart[];
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {DAY_PARTS.map((part) => {
          const enabled = open.includes(part);
          return (
            <label key={part} className={`flex items-center gap-2 text-sm ${enabled ? '' : 'text-muted'}`}>
              <input
                type="checkbox"
                disabled={!enabled}
                checked={enabled && value.includes(part)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, part] : value.filter((t) => t !== part))
                }
                className="size-4 accent-brand"
              />
              {DAY_PART_LABELS[part]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
