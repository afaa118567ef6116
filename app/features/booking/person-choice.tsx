import { useEffect, useId, useState } from 'react';
import type { BookingViewer } from '../../../core/booking/contracts';
import { maskOfBirthDate } from '../../../core/booking/form';
import { relativesList } from '../../../core/profile/calls';
import type { Relative } from '../../../core/profile/contracts';
import { RELATION_LABELS } from '../../../core/profile/rules';
import { api } from '../../lib/api';
import { NO_PATIENT, type PatientFields } from './patient-fields';

/** Who the visit is for: the patient, one of their relatives (by id), or someone typed in. */
export type PersonChoiceValue = 'self' | 'other' | number;

/**
 * The patient's relatives from their profile, read once the form is in the browser (a patient's
 * own form only, not the desk's): until they come, or if they do not, the form is the usual one.
 */
export function useRelatives(enabled: boolean): Relative[] {
  const [relatives, setRelatives] = useState<Relative[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api
      .send(relativesList, { signal: controller.signal })
      .then(setRelatives)
      .catch(() => {
        // No list (signed out meanwhile, a network hiccup): the patient types the person in.
      });
    return () => controller.abort();
  }, [enabled]);
  return relatives;
}

/** The form's fields for a choice: the patient's own (last booking's), a relative's, or empty. */
export function fieldsFor(
  choice: PersonChoiceValue,
  prefill: BookingViewer['prefill'],
  relatives: Relative[],
): PatientFields {
  if (choice === 'other') return NO_PATIENT;
  if (choice === 'self')
    return prefill ? { ...prefill, birth_date: maskOfBirthDate(prefill.birth_date) } : NO_PATIENT;
  const r = relatives.find((x) => x.id === choice);
  if (!r) return NO_PATIENT;
  return {
    last_name: r.last_name,
    first_name: r.first_name,
    patronymic: r.patronymic,
    no_patronymic: r.patronymic === '',
    birth_date: maskOfBirthDate(r.birth_date),
  };
}

/**
 * 'Кого записываете': 'Для себя' first and chosen (booking for oneself stays two taps), then the
 * relatives from the profile, then 'Другого человека'. A relative's name and birth date come from
 * the profile, so the form shows them instead of asking.
 */
export function PersonChoice({
  relatives,
  value,
  onChange,
  error,
}: {
  relatives: Relative[];
  value: PersonChoiceValue;
  onChange: (value: PersonChoiceValue) => void;
  /** The booking's refusal of the chosen relative (the doctor's age rule): their fields are not shown. */
  error?: string;
}) {
  const name = useId();
  const chosen = typeof value === 'number' ? relatives.find((r) => r.id === value) : undefined;
  const option = (key: string, v: PersonChoiceValue, label: string) => (
    <label
      key={key}
      className="flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
    >
      <input
        type="radio"
        name={name}
        checked={value === v}
        onChange={() => onChange(v)}
        className="size-4 accent-brand"
      />
      {label}
    </label>
  );
  return (
    <fieldset data-testid="person-choice">
      <legend className="text-sm font-medium">Кого записываете</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {option('self', 'self', 'Для себя')}
        {relatives.map((r) =>
          option(String(r.id), r.id, `${r.first_name} ${r.last_name} · ${RELATION_LABELS[r.relation]}`),
        )}
        {option('other', 'other', 'Другого человека')}
      </div>
      {chosen && (
        <p className="mt-3 rounded-lg bg-canvas p-3 text-sm" role="status">
          Пациент:{' '}
          <span className="font-medium">
            {[chosen.last_name, chosen.first_name, chosen.patronymic].filter(Boolean).join(' ')}
          </span>
          , дата рождения {maskOfBirthDate(chosen.birth_date)}.{' '}
          <a href="/profile/" className="text-brand underline">
            Изменить в профиле
          </a>
        </p>
      )}
      {chosen && error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
