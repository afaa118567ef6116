import { useId, useState } from 'react';
import { CALLBACK_TEXTS } from '../../../core/booking/callback';
import { requestCallback } from '../../../core/booking/calls';
import type { BookingAccount, CallbackChoice } from '../../../core/booking/contracts';
import { LEGAL_URLS } from '../../../core/legal/urls';
import type { DayPart } from '../../../core/schedule/slot-filters';
import { Button } from '../../components/ui/button';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SignInGate } from '../auth/sign-in-gate';
import { DayPartChecks } from './day-part-checks';
import { WorkAccountNotice } from './work-account-notice';

/**
 * 'Перезвоните мне' when the doctor has no free slots: a day and the parts of it that suit the
 * patient; the server checks the clinic still has two hours.
 */
export function CallbackForm({
  doctorId,
  lpuId,
  choices,
}: {
  doctorId: number;
  lpuId: number;
  /** Days with their open parts, and each day's label ('23 ноября, понедельник'). */
  choices: CallbackChoice[];
}) {
  const [date, setDate] = useState(choices[0]?.date ?? '');
  const [times, setTimes] = useState<DayPart[]>([]);
  // The form's own check: at least one open part of the day.
  const [unchosen, setUnchosen] = useState(false);
  const send = useCall(requestCallback);
  const groupId = useId();
  const open = choices.find((c) => c.date === date)?.times ?? [];

  async function submit() {
    const chosen = times.filter((t) => open.includes(t));
    setUnchosen(chosen.length === 0);
    if (chosen.length === 0) {
      send.reset();
      return;
    }
    await send.run({ body: { doctor_id: doctorId, lpu_id: lpuId, date, times: chosen } });
  }

  if (send.done)
    return (
      <p role="status" className="font-medium">
        {CALLBACK_TEXTS.done}
      </p>
    );
  return (
    <Form
      call={send}
      onSubmit={() => void submit()}
      className="flex flex-col gap-4"
      aria-label="Заявка на обратный звонок"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{CALLBACK_TEXTS.date}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((c) => (
            <label
              key={c.date}
              className="cursor-pointer rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name={`${groupId}-date`}
                value={c.date}
                checked={date === c.date}
                onChange={() => setDate(c.date)}
                className="sr-only"
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <DayPartChecks legend={CALLBACK_TEXTS.times} value={times} onChange={setTimes} open={open} />
      {unchosen && (
        <p role="alert" className="text-sm text-error">
          {CALLBACK_TEXTS.times}
        </p>
      )}
      <FormStatus call={send} className="text-sm" />
      <Button type="submit" busy={send.busy} className="sm:self-start">
        {CALLBACK_TEXTS.submit}
      </Button>
      <p className="text-xs text-muted" data-testid="consent-note">
        Отправляя заявку, вы соглашаетесь на{' '}
        <a href={LEGAL_URLS.privacy} className="text-brand underline">
          обработку персональных данных
        </a>
        .
      </p>
    </Form>
  );
}

/**
 * No free time in two weeks: a patient may ask the clinic to call back; a visitor confirms
 * the phone first; a work account is refused.
 */
export function CallbackSection({
  account,
  loginHref,
  workAccountText,
  ...form
}: {
  account: BookingAccount;
  loginHref: string;
  workAccountText: string;
  doctorId: number;
  lpuId: number;
  choices: CallbackChoice[];
}) {
  return (
    <section className="card mt-4 p-4 sm:p-5" aria-labelledby="callback">
      <h2 id="callback" className="text-lg font-semibold">
        {CALLBACK_TEXTS.title}
      </h2>
      <p className="mb-4 mt-1 text-sm text-ink-soft">{CALLBACK_TEXTS.lead}</p>
      {account === 'patient' ? (
        <CallbackForm {...form} />
      ) : account === 'work' ? (
        <WorkAccountNotice title={workAccountText} loginHref={loginHref} />
      ) : (
        <SignInGate
          loginHref={loginHref}
          className="inline-block rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-dark"
        >
          Подтвердить номер
        </SignInGate>
      )}
    </section>
  );
}
