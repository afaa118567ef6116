import { useId, useState } from 'react';
import type { ClinicDoctorFilterOptions } from '../../../core/clinic/contracts';
import {
  DOCTOR_GENDERS,
  type DoctorFilters,
  EXPERIENCE_OPTIONS,
  GENDER_LABELS,
  toggleGender,
  withFilter,
} from '../../../core/clinic/doctor-filters';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';
import { DoctorsSpecialityPicker } from './doctors-speciality-picker';

const pill =
  'flex h-10 items-center rounded-lg border px-3 text-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand';

/**
 * The clinic doctors filters: speciality (picker 'Специалист'),
 * experience, gender (clicking the chosen one again turns it off) and home call. Every change
 * starts again from page 1; where it goes (the hash, or the doctors page) is the caller's.
 */
export function DoctorsFilters({
  options,
  filters,
  onChange,
}: {
  options: ClinicDoctorFilterOptions;
  filters: DoctorFilters;
  onChange: (next: DoctorFilters) => void;
}) {
  const id = useId();
  // The radio and check boxes (not Buttons) would change nothing before hydration.
  const disabled = !useHydrated();
  const [pickerOpen, setPickerOpen] = useState(false);
  const change = (patch: Parameters<typeof withFilter>[1]) => onChange(withFilter(filters, patch));
  const speciality = options.specialities.find((s) => s.id === filters.speciality);

  return (
    <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-end md:gap-x-6">
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-spec`} className="text-sm text-muted">
          Специальность
        </span>
        <Button
          variant="bare"
          aria-labelledby={`${id}-spec ${id}-spec-value`}
          aria-haspopup="dialog"
          onClick={() => setPickerOpen(true)}
          className="flex h-10 min-w-56 items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 text-left hover:border-brand disabled:opacity-50"
        >
          <span id={`${id}-spec-value`}>{speciality?.name ?? 'Все специальности'}</span>
          <span aria-hidden="true" className="text-muted">
            ›
          </span>
        </Button>
      </div>

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm text-muted">Стаж</legend>
        <div className="flex gap-2">
          {EXPERIENCE_OPTIONS.map((o) => (
            <label key={o.name} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-staj`}
                className="peer sr-only"
                disabled={disabled}
                checked={filters.staj === o.value}
                onChange={() => change({ staj: o.value })}
              />
              <span
                className={`${pill} ${filters.staj === o.value ? 'border-brand bg-brand text-white' : 'border-line bg-surface hover:border-brand'}`}
              >
                {o.name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <span id={`${id}-gender`} className="text-sm text-muted">
          Пол
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not a fieldset of inputs */}
        <div role="group" aria-labelledby={`${id}-gender`} className="flex gap-2">
          {DOCTOR_GENDERS.map((g) => (
            <Button
              key={g}
              variant="bare"
              aria-pressed={filters.gender === g}
              onClick={() => change({ gender: toggleGender(filters.gender, g) })}
              className={`flex h-10 items-center rounded-lg border px-3 text-sm ${filters.gender === g ? 'border-brand bg-brand text-white' : 'border-line bg-surface hover:border-brand'}`}
            >
              {GENDER_LABELS[g]}
            </Button>
          ))}
        </div>
      </div>

      {options.isHomeCall && (
        <label className="flex h-10 cursor-pointer items-center gap-2 self-start md:self-end">
          <input
            type="checkbox"
            checked={filters.naDom}
            disabled={disabled}
            onChange={(event) => change({ naDom: event.target.checked })}
            className="h-5 w-5 accent-brand"
          />
          <span>На дом</span>
        </label>
      )}

      <DoctorsSpecialityPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        specialities={options.specialities}
        selected={filters.speciality}
        onSelect={(speciality) => change({ speciality })}
      />
    </div>
  );
}
