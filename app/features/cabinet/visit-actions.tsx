import { useId, useState } from 'react';
import { cabinetVisitStatus } from '../../../core/cabinet/calls';
import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  CANCEL_REASON_MAX,
  STATUS_CHANGE_TEXTS,
  statusRefusal,
  type VisitMark,
} from '../../../core/cabinet/reception';
import { Modal, ModalClose } from '../../components/ui/modal';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

const BUTTON = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';
const DANGER = 'rounded-lg bg-error px-4 py-2 font-medium text-white hover:opacity-90 disabled:opacity-50';

/**
 * A visit's marks in the cabinet: 'Пришёл' / 'Не пришёл' once it has begun, 'Отменить запись'
 * (with a reason the patient gets by SMS) until it ends. The server decides; the buttons only
 * offer what it would accept as of the page's `now`. The changed visit replaces the row.
 */
export function VisitActions({
  visit,
  now,
  onChanged,
}: {
  visit: ReceptionVisit;
  now: string;
  onChanged: (visit: ReceptionVisit, note: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const at = new Date(now);
  const offer = (mark: VisitMark) => statusRefusal(visit, mark, at) === null;

  async function send(status: VisitMark, reason?: string): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      const changed = await api.send(cabinetVisitStatus, {
        params: { id: visit.id },
        body: { status, reason },
      });
      const note =
        status === 'done'
          ? STATUS_CHANGE_TEXTS.done
          : status === 'no_show'
            ? STATUS_CHANGE_TEXTS.noShow
            : STATUS_CHANGE_TEXTS.canceledByClinic;
      onChanged(changed, note);
      return true;
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const marks = (['done', 'no_show'] as const).filter(offer);
  if (marks.length === 0 && !offer('canceled')) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {marks.map((mark) => (
          <button key={mark} type="button" className={BUTTON} disabled={busy} onClick={() => void send(mark)}>
            {mark === 'done' ? 'Пришёл' : 'Не пришёл'}
          </button>
        ))}
        {offer('canceled') && (
          <button type="button" className={BUTTON} disabled={busy} onClick={() => setCancelling(true)}>
            Отменить запись
          </button>
        )}
      </div>
      {error && !cancelling && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {cancelling && (
        <CancelDialog
          busy={busy}
          error={error}
          onClose={() => {
            setCancelling(false);
            setError('');
          }}
          onConfirm={async (reason) => {
            if (await send('canceled', reason)) setCancelling(false);
          }}
        />
      )}
    </div>
  );
}

function CancelDialog({
  busy,
  error,
  onClose,
  onConfirm,
}: {
  busy: boolean;
  error: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = { reason: useId(), hint: useId() };
  const short = reason.trim().length < 3;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Отменить запись?"
      mobile="sheet"
      footer={
        <>
          <ModalClose className="rounded-lg px-4 py-2 font-medium text-brand hover:bg-brand-soft">
            Не отменять
          </ModalClose>
          <button type="submit" form={ids.reason} className={DANGER} disabled={busy}>
            Отменить запись
          </button>
        </>
      }
    >
      <form
        id={ids.reason}
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!short) void onConfirm(reason.trim());
        }}
      >
        <label htmlFor={`${ids.reason}-text`} className="text-sm font-medium">
          Причина
        </label>
        <textarea
          id={`${ids.reason}-text`}
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          rows={3}
          aria-describedby={ids.hint}
          aria-invalid={touched && short}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
        />
        <p id={ids.hint} className={`text-sm ${touched && short ? 'text-error' : 'text-ink-soft'}`}>
          {touched && short
            ? STATUS_CHANGE_TEXTS.reasonRequired
            : 'Пациент получит SMS с причиной, время станет свободным.'}
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
