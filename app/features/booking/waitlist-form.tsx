import { useId, useState } from 'react';
import { joinWaitlist, stopWaitlist } from '../../../core/booking/calls';
import type { WaitlistRequest } from '../../../core/booking/contracts';
import type { VisitType } from '../../../core/booking/urls';
import { formatDayWithWeekday } from '../../../core/booking/visit';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { daysFrom } from '../../../core/schedule/free-slots';
import { DAY_PARTS, type DayPart } from '../../../core/schedule/slot-filters';
import { BUTTON_VARIANTS, Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
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

/** The join call and the request it made, as both of the waitlist's buttons use them. */
function useJoin() {
  const join = useCall(joinWaitlist);
  const [joined, setJoined] = useState<number | null>(null);
  async function ask(body: WaitlistRequest) {
    const outcome = await join.run({ body });
    if (outcome.ok) setJoined(outcome.reply.id);
  }
  return { join, joined, ask };
}

/** After joining: the promise, and 'Больше не присылать'. */
function Joined({ id, text }: { id: number; text: string }) {
  const stop = useCall(stopWaitlist);
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="font-medium" data-testid="waitlist-done">
        {stop.done ? WAITLIST_TEXTS.stopped : text}
      </p>
      <FormStatus call={stop} className="text-sm" />
      {!stop.done && (
        <Button
          variant="bare"
          busy={stop.busy}
          onClick={() => void stop.run({ params: { id }, body: {} })}
          className="self-start text-sm text-ink-soft underline disabled:opacity-60"
        >
          {WAITLIST_TEXTS.stop}
        </Button>
      )}
    </div>
  );
}

/** 'С' and 'По': the days of the form; a 'По' before the 'С' is not offered. */
function DayRange({
  days,
  from,
  to,
  setFrom,
  setTo,
}: {
  days: string[];
  from: string;
  to: string;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
}) {
  const ends = [
    [WAITLIST_TEXTS.from, from, setFrom],
    [WAITLIST_TEXTS.to, to, setTo],
  ] as const;
  return (
    <div className="flex flex-wrap gap-3">
      {ends.map(([label, value, set]) => (
        <Field key={label} label={label}>
          {(control) => (
            <select
              {...control}
              value={value}
              onChange={(e) => set(e.target.value)}
              className={`${INPUT} w-auto`}
            >
              {days.map((d) => (
                <option key={d} value={d} disabled={label === WAITLIST_TEXTS.to && d < from}>
                  {formatDayWithWeekday(d)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </div>
  );
}

/** A signed-out visitor signs in first; a work account is told why not. */
function Gate({ target }: { target: WaitlistTarget }) {
  if (target.account === 'work')
    return <WorkAccountNotice title={target.workAccountText} loginHref={target.loginHref} />;
  return (
    <SignInGate
      loginHref={target.loginHref}
      className={`${BUTTON_VARIANTS.secondary} inline-block self-start`}
    >
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
  const { join, joined, ask } = useJoin();
  // The form's own check: at least one part of the day.
  const [unpicked, setUnpicked] = useState(false);
  const id = useId();

  function submit() {
    setUnpicked(times.length === 0);
    if (times.length === 0) {
      join.reset();
      return;
    }
    void ask({
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
        <Button
          variant="link"
          id={`${id}-h`}
          onClick={() => setOpen(true)}
          aria-expanded={false}
          className="text-left font-medium"
        >
          {WAITLIST_TEXTS.open}
        </Button>
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
              <Form
                call={join}
                onSubmit={submit}
                className="flex flex-col gap-4"
                aria-label={WAITLIST_TEXTS.title}
              >
                <DayRange days={days} from={from} to={to} setFrom={setFrom} setTo={setTo} />
                <DayPartChecks legend={WAITLIST_TEXTS.parts} value={times} onChange={setTimes} />
                {unpicked && (
                  <p role="alert" className="text-sm text-error">
                    {WAITLIST_TEXTS.parts_required}
                  </p>
                )}
                <FormStatus call={join} className="text-sm" />
                <Button type="submit" variant="secondary" busy={join.busy} className="self-start">
                  {WAITLIST_TEXTS.submit}
                </Button>
              </Form>
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
  const { join, joined, ask } = useJoin();
  if (joined !== null) return <Joined id={joined} text={WAITLIST_TEXTS.doneEarlier} />;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        busy={join.busy}
        className="self-start"
        onClick={() =>
          void ask({
            doctor_id: target.doctorId,
            lpu_id: target.lpuId,
            type: target.type,
            date_from: target.today,
            date_to: until,
            times: [...DAY_PARTS],
            appointment_id: appointmentId,
          })
        }
      >
        {WAITLIST_TEXTS.openEarlier}
      </Button>
      <FormStatus call={join} className="text-sm" />
    </div>
  );
}
