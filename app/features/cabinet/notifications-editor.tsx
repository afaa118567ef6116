import { type FormEvent, useId, useState } from 'react';
import {
  type ClinicNotifications,
  cabinetSetNotifications,
  NOTIFY_TEXTS as T,
} from '../../../core/cabinet/notifications';
import { formatPhone } from '../../../core/phone/format';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

type Field = 'phone' | 'email';

/**
 * 'Уведомления клинике' on the schedule page: the clinic's mobile for SMS and its e-mail for the
 * site's new bookings and patients' cancels, with a switch for each; saved by 'Сохранить', the
 * server checks both fields and says which is wrong.
 */
export function ClinicNotificationsEditor({ initial }: { initial: ClinicNotifications }) {
  const [phone, setPhone] = useState(initial.phone ? formatPhone(initial.phone) : '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [switches, setSwitches] = useState({
    new_booking: initial.new_booking,
    patient_cancel: initial.patient_cancel,
  });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const ids = { phone: useId(), email: useId(), phoneError: useId(), emailError: useId() };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote('');
    setErrors({});
    setFailure('');
    try {
      const kept = await api.send(cabinetSetNotifications, { body: { phone, email, ...switches } });
      setPhone(kept.phone ? formatPhone(kept.phone) : '');
      setEmail(kept.email ?? '');
      setSwitches({ new_booking: kept.new_booking, patient_cancel: kept.patient_cancel });
      setNote(T.saved);
    } catch (e) {
      const fields = isApiError(e, 400)
        ? (e.body as { errors?: Partial<Record<Field, string>> }).errors
        : undefined;
      if (fields) setErrors(fields);
      else setFailure(isApiError(e) ? e.detail : SERVER_ERROR);
    }
    setBusy(false);
  }

  const input =
    'w-full rounded-lg border border-line bg-surface px-3 py-2 outline-none focus:border-brand aria-[invalid=true]:border-error';

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="notify-h">
      <h2 id="notify-h" className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{T.lead}</p>
      <form onSubmit={save} noValidate className="mt-3 flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['phone', T.phone, phone, setPhone, 'tel', 'tel', ids.phone, ids.phoneError],
              ['email', T.email, email, setEmail, 'email', 'email', ids.email, ids.emailError],
            ] as const
          ).map(([field, label, value, set, type, mode, id, errorId]) => (
            <div key={field} className="flex flex-col gap-1 text-sm">
              <label htmlFor={id} className="font-medium">
                {label}
              </label>
              <input
                id={id}
                type={type}
                inputMode={mode}
                autoComplete="off"
                maxLength={field === 'phone' ? 40 : 254}
                value={value}
                disabled={busy}
                onChange={(e) => set(e.target.value)}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? errorId : undefined}
                className={input}
              />
              {errors[field] && (
                <p id={errorId} role="alert" className="text-error">
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-2">
          {(
            [
              ['new_booking', T.newBooking],
              ['patient_cancel', T.patientCancel],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={switches[key]}
                disabled={busy}
                onChange={(e) => setSwitches({ ...switches, [key]: e.target.checked })}
                className="size-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {T.save}
          </button>
          {note && (
            <p role="status" className="text-sm text-success">
              {note}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}
