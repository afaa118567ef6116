import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import { CANCEL_REASON_MAX, localDate, localTime } from '../../../core/cabinet/reception';
import { formatDayShort } from '../../../core/dates/zoned';

const FIELD = 'rounded-lg border border-line bg-surface px-3 py-2';
const DANGER = 'rounded-lg bg-error px-4 py-2 font-medium text-white hover:opacity-90 disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

/**
 * A schedule change refused because visits are booked where it would close the time (days off,
 * new weekly hours): the visits, 'Причина отмены' and the choice to cancel them with that reason
 * (each patient gets it by SMS) or to go back and change the request.
 */
export function VisitsToCancel({
  title,
  listLabel,
  visits,
  marker,
  withClinic,
  reasonId,
  reason,
  onReason,
  busy,
  confirm,
  onConfirm,
  back,
  onBack,
}: {
  title: string;
  /** The list's accessible name. */
  listLabel: string;
  visits: ReceptionVisit[];
  /** The data attribute each visit's line carries (tests find them by it). */
  marker: 'data-booked-visit' | 'data-outside-visit';
  /** Name the clinic after each visit (a doctor's list across his clinics). */
  withClinic: boolean;
  reasonId: string;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  confirm: string;
  /** Pressed with a reason of 3 characters or more; the caller checks it and says why not. */
  onConfirm: () => void;
  back: string;
  onBack: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-error bg-error-soft p-3">
      <p className="font-medium">{title}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={listLabel}>
        {visits.map((v) => (
          <li key={v.id} {...{ [marker]: v.id }}>
            {formatDayShort(localDate(v.startsAt, v.tz))}, {localTime(v.startsAt, v.tz)} — {v.patientName}
            {withClinic && v.doctor ? ` (${v.clinicName})` : ''}
          </li>
        ))}
      </ul>
      <label htmlFor={reasonId} className="mt-3 block text-sm font-medium">
        Причина отмены (пациенты получат её в SMS)
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={CANCEL_REASON_MAX}
        rows={2}
        onChange={(e) => onReason(e.target.value)}
        className={`mt-1 w-full ${FIELD}`}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={DANGER} disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className={SMALL} onClick={onBack}>
          {back}
        </button>
      </div>
    </div>
  );
}
