import { maskBirthDate } from '../../../core/booking/form';
import { Field, INPUT } from '../../components/ui/field';

/** The patient's details as the booking form holds them. */
export type PatientFields = {
  last_name: string;
  first_name: string;
  patronymic: string;
  no_patronymic: boolean;
  /** As typed: 'дд.мм.гггг'. */
  birth_date: string;
};

export const NO_PATIENT: PatientFields = {
  last_name: '',
  first_name: '',
  patronymic: '',
  no_patronymic: false,
  birth_date: '',
};

/** One text box of the patient's details; a masked one shows digits only on phones' keyboards. */
function TextField({
  label,
  name,
  value,
  error,
  disabled,
  autoComplete,
  placeholder,
  numeric = false,
  onChange,
}: {
  label: string;
  name: keyof PatientFields;
  value: string;
  error?: string;
  disabled?: boolean;
  autoComplete: string;
  placeholder?: string;
  numeric?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode={numeric ? 'numeric' : undefined}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} scroll-mt-28 text-base`}
        />
      )}
    </Field>
  );
}

/** Surname, name, patronymic (or 'Нет отчества') and the birth date, with their messages. */
export function PatientFieldsGrid({
  fields,
  errors,
  set,
}: {
  fields: PatientFields;
  errors: Record<string, string>;
  set: <K extends keyof PatientFields>(key: K, value: PatientFields[K]) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Фамилия"
        name="last_name"
        autoComplete="family-name"
        value={fields.last_name}
        error={errors.last_name}
        onChange={(v) => set('last_name', v)}
      />
      <TextField
        label="Имя"
        name="first_name"
        autoComplete="given-name"
        value={fields.first_name}
        error={errors.first_name}
        onChange={(v) => set('first_name', v)}
      />
      <div className="flex flex-col gap-2">
        <TextField
          label="Отчество"
          name="patronymic"
          autoComplete="additional-name"
          value={fields.no_patronymic ? '' : fields.patronymic}
          disabled={fields.no_patronymic}
          error={errors.patronymic}
          onChange={(v) => set('patronymic', v)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={fields.no_patronymic}
            onChange={(e) => set('no_patronymic', e.target.checked)}
            className="size-4 accent-brand"
          />
          Нет отчества
        </label>
      </div>
      <TextField
        label="Дата рождения"
        name="birth_date"
        placeholder="дд.мм.гггг"
        numeric
        autoComplete="bday"
        value={fields.birth_date}
        error={errors.birth_date}
        onChange={(v) => set('birth_date', maskBirthDate(v))}
      />
    </div>
  );
}
