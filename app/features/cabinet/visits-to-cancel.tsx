import { useState } from 'react';
import type { AffectedVisits } from '../../../core/cabinet/affected-visits';
import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  CANCEL_REASON_MAX,
  localDate,
  localTime,
  STATUS_CHANGE_TEXTS,
} from '../../../core/cabinet/reception';
import { formatDayShort } from '../../../core/dates/zoned';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';

/**
 * The step every schedule change shares (weekly hours, a date's own hours, days off): the server
 * refuses a change that would drop booked visits (its descriptor's `refusal: AffectedVisits`);
 * the visits are shown, and sent again with `cancel_visits` and a reason they are cancelled
 * (each patient gets the reason by SMS).
 */

/** The fields that send a change again, cancelling the visits in its way. */
export interface CancelFields {
  cancel_visits: true;
  reason: string;
}

/** 'Выходные добавлены. Отменено записей: 2, пациентам отправлены SMS.' */
export const canceledNote = (text: string, canceled: readonly number[]) =>
  canceled.length > 0
    ? `${text}. Отменено записей: ${canceled.length}, пациентам отправлены SMS.`
    : `${text}.`;

export interface AffectedVisitsState<Step> {
  /** The visits in the way of a step (which change, which day), or null. */
  held: { step: Step; visits: ReceptionVisit[] } | null;
  /** After a refused run: true, and the visits held, when it was refused for them. */
  hold: (refusal: Partial<AffectedVisits> | null, step: Step) => boolean;
  /** The person goes back to change the request (or it changed). */
  drop: () => void;
  /** The change went through: the visits and the reason are forgotten. */
  done: () => void;
  reason: string;
  setReason: (reason: string) => void;
  /** 'Укажите причину отмены' after a confirmation without one. */
  reasonError: string | undefined;
  /** The fields to send the change again with, or null (and the message) when the reason is too short. */
  confirm: () => CancelFields | null;
}

export function useAffectedVisits<Step>(): AffectedVisitsState<Step> {
  const [held, setHeld] = useState<AffectedVisitsState<Step>['held']>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const drop = () => {
    setHeld(null);
    setReasonError(undefined);
  };
  return {
    held,
    hold: (refusal, step) => {
      if (!refusal?.visits) return false;
      setHeld({ step, visits: refusal.visits });
      return true;
    },
    drop,
    done: () => {
      drop();
      setReason('');
    },
    reason,
    setReason: (text) => {
      setReason(text);
      setReasonError(undefined);
    },
    reasonError,
    confirm: () => {
      const text = reason.trim();
      if (text.length >= 3) return { cancel_visits: true, reason: text };
      setReasonError(STATUS_CHANGE_TEXTS.reasonRequired);
      return null;
    },
  };
}

/**
 * The visits a change would drop, 'Причина отмены' and the choice to cancel them with that
 * reason or to go back and change the request; while no visits are held, the form's `submit`
 * button (when given) stands in their place.
 */
export function VisitsToCancel<Step>({
  affected,
  title,
  listLabel,
  marker,
  withClinic,
  busy,
  confirm,
  onConfirm,
  back,
  submit,
}: {
  affected: AffectedVisitsState<Step>;
  title: string;
  /** The list's accessible name. */
  listLabel: string;
  /** The data attribute each visit's line carries (tests find them by it). */
  marker: 'data-booked-visit' | 'data-outside-visit';
  /** Name the clinic after each visit (a doctor's list across his clinics). */
  withClinic: boolean;
  busy: boolean;
  confirm: string;
  /** Pressed with a reason of 3 characters or more: the step sent again with these fields. */
  onConfirm: (step: Step, fields: CancelFields) => void;
  back: string;
  /** The form's submit button, which the choice replaces while visits are held. */
  submit?: { text: string; disabled?: boolean };
}) {
  const { held } = affected;
  if (!held)
    return submit ? (
      <div>
        <Button type="submit" busy={busy} disabled={submit.disabled}>
          {submit.text}
        </Button>
      </div>
    ) : null;
  return (
    <div role="alert" className="rounded-lg border border-error bg-error-soft p-3">
      <p className="font-medium">{title}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={listLabel}>
        {held.visits.map((v) => (
          <li key={v.id} {...{ [marker]: v.id }}>
            {formatDayShort(localDate(v.startsAt, v.tz))}, {localTime(v.startsAt, v.tz)} — {v.patientName}
            {withClinic && v.doctor ? ` (${v.clinicName})` : ''}
          </li>
        ))}
      </ul>
      <Field label="Причина отмены (пациенты получат её в SMS)" error={affected.reasonError} className="mt-3">
        {(control) => (
          <textarea
            {...control}
            value={affected.reason}
            maxLength={CANCEL_REASON_MAX}
            rows={2}
            onChange={(e) => affected.setReason(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="danger"
          busy={busy}
          onClick={() => {
            const fields = affected.confirm();
            if (fields) onConfirm(held.step, fields);
          }}
        >
          {confirm}
        </Button>
        <Button variant="small" onClick={affected.drop}>
          {back}
        </Button>
      </div>
    </div>
  );
}
