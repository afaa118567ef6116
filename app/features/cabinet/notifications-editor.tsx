import { useState } from 'react';
import {
  type ClinicNotifications,
  cabinetSetNotifications,
  NOTIFY_TEXTS as T,
} from '../../../core/cabinet/notifications';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const SWITCHES = [
  ['new_booking', T.newBooking],
  ['patient_cancel', T.patientCancel],
  ['new_review', T.newReview],
  ['callback_request', T.callbackRequest],
] as const;

/**
 * 'Уведомления клинике' on the schedule page: the clinic's mobile for SMS and its e-mail for the
 * site's new bookings, patients' cancels, published reviews and callback requests, with a switch for each; saved by 'Сохранить', the
 * server checks both fields and says which is wrong.
 */
export function ClinicNotificationsEditor({ initial }: { initial: ClinicNotifications }) {
  const [phone, setPhone] = useState(initial.phone ? formatPhone(initial.phone) : '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [switches, setSwitches] = useState({
    new_booking: initial.new_booking,
    patient_cancel: initial.patient_cancel,
    new_review: initial.new_review,
    callback_request: initial.callback_request,
  });
  const save = useCall(cabinetSetNotifications);

  async function submit() {
    const outcome = await save.run({ body: { phone, email, ...switches } });
    if (!outcome.ok) return;
    const kept = outcome.reply;
    setPhone(kept.phone ? formatPhone(kept.phone) : '');
    setEmail(kept.email ?? '');
    setSwitches({
      new_booking: kept.new_booking,
      patient_cancel: kept.patient_cancel,
      new_review: kept.new_review,
      callback_request: kept.callback_request,
    });
  }

  const contacts = [
    ['phone', T.phone, phone, setPhone, 'tel', 40],
    ['email', T.email, email, setEmail, 'email', 254],
  ] as const;

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="notify-h">
      <h2 id="notify-h" className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{T.lead}</p>
      <Form call={save} onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {contacts.map(([field, label, value, set, type, max]) => (
            <Field key={field} label={label} error={save.fieldErrors[field]} className="text-sm">
              {(control) => (
                <input
                  {...control}
                  type={type}
                  inputMode={type}
                  autoComplete="off"
                  maxLength={max}
                  value={value}
                  disabled={save.busy}
                  onChange={(e) => set(e.target.value)}
                  className={INPUT}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="flex flex-col gap-2">
          {SWITCHES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={switches[key]}
                disabled={save.busy}
                onChange={(e) => setSwitches({ ...switches, [key]: e.target.checked })}
                className="size-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={save.busy} className="text-sm">
            {T.save}
          </Button>
          <FormStatus call={save} done={T.saved} className="text-sm" />
        </div>
      </Form>
    </section>
  );
}
