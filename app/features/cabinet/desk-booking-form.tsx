import { useId, useState } from 'react';
import { slotOfLocal, DESK_TEXTS as T } from '../../../core/cabinet/desk';
import { cabinetDeskBook } from '../../../core/cabinet/desk-calls';
import type { DeskVisit } from '../../../core/cabinet/desk-contracts';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

const EMPTY = {
  phone: '',
  lastName: '',
  firstName: '',
  patronymic: '',
  birthDate: '',
  doctor: '',
  time: '',
  overbook: false,
  reason: '',
};

/**
 * 'Записать пациента' on the reception list (a clinic's): a caller or a walk-in, found or
 * created by phone, booked for any future time of one of the clinic's doctors
 * (docs/product/front-desk.md). `onBooked` hears of the visit made.
 */
export function DeskBookingForm({
  clinicId,
  doctors,
  initialTime = '',
  onBooked,
}: {
  clinicId: number;
  doctors: { id: number; name: string }[];
  /** The time to start from ('yyyy-MM-ddTHH:mm', the clinic's clock): a free time chosen in the calendar. */
  initialTime?: string;
  onBooked?: (visit: DeskVisit) => void;
}) {
  const id = useId();
  const [form, setForm] = useState({
    ...EMPTY,
    doctor: doctors[0] ? String(doctors[0].id) : '',
    time: initialTime,
  });
  const book = useCall(cabinetDeskBook);
  const set = (change: Partial<typeof EMPTY>) => {
    setForm((f) => ({ ...f, ...change }));
    book.reset();
  };

  async function submit() {
    const outcome = await book.run({
      body: {
        doctor_id: Number(form.doctor),
        lpu_id: clinicId,
        slot: slotOfLocal(form.time) ?? '',
        patient_phone: form.phone.replace(/\D/g, '').replace(/^[78](?=9\d{9}$)/, ''),
        last_name: form.lastName,
        first_name: form.firstName,
        patronymic: form.patronymic,
        birth_date: form.birthDate,
        ...(form.overbook ? { overbook: true, overbook_reason: form.reason } : {}),
      },
    });
    if (outcome.ok) {
      setForm((f) => ({ ...EMPTY, doctor: f.doctor }));
      onBooked?.(outcome.reply.visit);
    }
  }

  const errors = book.fieldErrors;
  const text = (
    key: 'phone' | 'lastName' | 'firstName' | 'patronymic',
    label: string,
    error: string | undefined,
    extra: { hint?: string; inputMode?: 'tel' } = {},
  ) => (
    <Field label={label} hint={extra.hint} error={error}>
      {(control) => (
        <input
          {...control}
          className={INPUT}
          inputMode={extra.inputMode}
          value={form[key]}
          onChange={(event) => set({ [key]: event.currentTarget.value })}
        />
      )}
    </Field>
  );

  return (
    <Form
      call={book}
      onSubmit={submit}
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.bookTitle}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('phone', T.phone, errors.patient_phone, { hint: T.phoneHint, inputMode: 'tel' })}
        <Field label={T.doctor} error={errors.doctor_id}>
          {(control) => (
            <select
              {...control}
              className={INPUT}
              value={form.doctor}
              onChange={(event) => set({ doctor: event.currentTarget.value })}
            >
              {doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('lastName', 'Фамилия', errors.last_name)}
        {text('firstName', 'Имя', errors.first_name)}
        {text('patronymic', 'Отчество', errors.patronymic)}
        <Field label="Дата рождения" error={errors.birth_date}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={INPUT}
              value={form.birthDate}
              onChange={(event) => set({ birthDate: event.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={T.time} hint={T.timeHint} error={errors.slot}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={INPUT}
              value={form.time}
              onChange={(event) => set({ time: event.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.overbook}
          onChange={(event) => set({ overbook: event.currentTarget.checked })}
        />
        {T.overbook}
      </label>
      {form.overbook && (
        <Field label={T.overbookReason} error={errors.overbook_reason}>
          {(control) => (
            <textarea
              {...control}
              className={`${INPUT} min-h-20`}
              value={form.reason}
              onChange={(event) => set({ reason: event.currentTarget.value })}
            />
          )}
        </Field>
      )}
      <SaveRow call={book} save={T.bookButton} saved={T.booked} />
    </Form>
  );
}
