import { type FormEvent, useId, useState } from 'react';
import { joinWaitlist, stopWaitlist } from '../../../core/booking/calls';
import type { WaitlistRequest } from '../../../core/booking/contracts';
import type { VisitType } from '../../../core/booking/urls';
import { formatDayWithWeekday } from '../../../core/booking/visit';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { daysFrom } from '../../../core/schedule/free-slots';
import { DAY_PARTS, type DayPart } from '../../../core/schedule/slot-filters';
import { api, CONNECTION_ERROR, isApiError } from '../../lib/api';
import { SignInGate } from '../auth/sign-in-gate';
import { DayPartChecks } from './day-part-checks';
import { WorkAccountNotice } from './work-account-notice';

/** Days the form offers, from the clinic's today. */
const FORM_DAYS = 30;

/** What the waitlist form asks for: the doctor at the clinic, and who looks. */
export interface WaitlistTarget {
  doctorId: number;
  lpuId: number;
  type: VisitType;
  /** 'yyyy-MM-dd' on the clinic's clock. */
  today: string;
  account: 'anonymous' | 'patient' | 'work';
  loginHref: string;
  workAccountText: string;
}

const buttonClass =
  'rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft disabled:opacity-60';

/** The join call, its outcome and its error, as both of the waitlist's buttons use it. */
function useJoin() {
  const [joined, setJoined] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function join(body: WaitlistRequest) {
    setBusy(true);
    setError('');
    try {
      setJoined((await api.send(joinWaitlist, { body })).id);
    } catch (e) {
      setError(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
    setBusy(false);
  }
  return { joined, error, setError, busy, join };
}

/** After joining: the promise, and 'Больше не присылать'. */
function Joined({ id, text }: { id: number; text: string }) {
  const [stopped, setStopped] = useState(false);
  const [error, setError] = useState('');
  async function stop() {
    try {
      await api.send(stopWaitlist, { params: { id }, body: {} });
      setStopped(true);
    } catch (e) {
      setError(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="font-medium" data-testid="waitlist-done">
        {stopped ? WAITLIST_TEXTS.stopped : text}
      </p>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {!stopped && (
        <button type="button" onClick={stop} className="self-start text-sm text-ink-soft underline">
          {WAITLIST_TEXTS.stop}
        </button>
      )}
    </div>
  );
}

/** A signed-out visitor signs in first; a work account is told why not. */
function Gate({ target }: { target: WaitlistTarget }) {
  if (target.account === 'work')
    return <WorkAccountNotice title={target.workAccountText} loginHref={target.loginHref} />;
  return (
    <SignInGate loginHref={target.loginHref} className={`${buttonClass} inline-block self-start`}>
      Войти и подписаться
    </SignInGate>
  );
}

/**
 * 'Нет подходящего времени? Сообщим, когда освободится': the waitlist form under the booking
 * calendar. Days (from–to) and parts of them; when a time frees up the patient gets an SMS link
 * that holds it for them.
 */
export function WaitlistSection({ target }: { target: WaitlistTarget }) {
  const days = daysFrom(target.today, FORM_DAYS);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(days[0]);
  const [to, setTo] = useState(days[6]);
  const [times, setTimes] = useState<DayPart[]>([...DAY_PARTS]);
  const { joined, error, setError, busy, join } = useJoin();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (times.length === 0) {
      setError(WAITLIST_TEXTS.parts_required);
      return;
    }
    void join({
      doctor_id: target.doctorId,
      lpu_id: target.lpuId,
      type: target.type,
      date_from: from,
      // A 'По' day before the 'С' day means that one day.
      date_to: [from, to].sort()[1],
      times,
    });
  }

  return (
    <section className="card mt-4 p-4 sm:p-5" aria-labelledby={`${id}-h`} data-testid="waitlist">
      {!open ? (
        <button
          type="button"
          id={`${id}-h`}
          onClick={() => setOpen(true)}
          aria-expanded={false}
          className="text-left font-medium text-brand hover:underline"
        >
          {WAITLIST_TEXTS.open}
        </button>
      ) : (
        <>
          <h2 id={`${id}-h`} className="text-lg font-semibold">
            {WAITLIST_TEXTS.title}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{WAITLIST_TEXTS.lead}</p>
          <div className="mt-4">
            {joined !== null ? (
              <Joined id={joined} text={WAITLIST_TEXTS.done} />
            ) : target.account !== 'patient' ? (
              <Gate target={target} />
            ) : (
              <form
                onSubmit={submit}
                noValidate
                className="flex flex-col gap-4"
                aria-label={WAITLIST_TEXTS.title}
              >
                <div className="flex flex-wrap gap-3">
                  {(
                    [
                      [WAITLIST_TEXTS.from, from, setFrom],
                      [WAITLIST_TEXTS.to, to, setTo],
                    ] as const
                  ).map(([label, value, set]) => (
                    <div key={label} className="flex flex-col gap-1 text-sm font-medium">
                      <label htmlFor={`${id}-${label}`}>{label}</label>
                      <select
                        id={`${id}-${label}`}
                        value={value}
                        onChange={(e) => set(e.target.value)}
                        className="rounded-lg border border-line bg-white px-3 py-2 font-normal"
                      >
                        {days.map((d) => (
                          <option key={d} value={d} disabled={label === WAITLIST_TEXTS.to && d < from}>
                            {formatDayWithWeekday(d)}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </div>
                <DayPartChecks legend={WAITLIST_TEXTS.parts} value={times} onChange={setTimes} />
                {error && (
                  <p role="alert" className="text-sm text-error">
                    {error}
                  </p>
                )}
                <button type="submit" disabled={busy} className={`${buttonClass} self-start`}>
                  {WAITLIST_TEXTS.submit}
                </button>
              </form>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * 'Хотите раньше?' on a booked visit's page: one press asks to be told of an earlier time with
 * the same doctor at the same clinic (any part of any day until the visit); the link moves the visit.
 */
export function EarlierTimeButton({
  appointmentId,
  target,
  until,
}: {
  appointmentId: number;
  target: Pick<WaitlistTarget, 'doctorId' | 'lpuId' | 'type' | 'today'>;
  /** The visit's day ('yyyy-MM-dd', the clinic's). */
  until: string;
}) {
  const { joined, error, busy, join } = useJoin();
  const ask = () =>
    join({
      doctor_id: target.doctorId,
      lpu_id: target.lpuId,
      type: target.type,
      date_from: target.today,
      date_to: until,
      times: [...DAY_PARTS],
      appointment_id: appointmentId,
    });
  if (joined !== null) return <Joined id={joined} text={WAITLIST_TEXTS.doneEarlier} />;
  return (
    <div className="flex flex-col gap-2">
      <button type="button" onClick={ask} disabled={busy} className={`${buttonClass} self-start`}>
        {WAITLIST_TEXTS.openEarlier}
      </button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
