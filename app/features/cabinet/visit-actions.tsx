import { useId, useState } from 'react';
import { cabinetVisitStatus } from '../../../core/cabinet/calls';
import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  CANCEL_REASON_MAX,
  STATUS_CHANGE_TEXTS,
  statusRefusal,
  type VisitMark,
} from '../../../core/cabinet/reception';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { Modal, ModalClose } from '../../components/ui/modal';
import { type CallState, useCall } from '../../lib/use-call';

const NOTES: Record<VisitMark, string> = {
  done: STATUS_CHANGE_TEXTS.done,
  no_show: STATUS_CHANGE_TEXTS.noShow,
  canceled: STATUS_CHANGE_TEXTS.canceledByClinic,
};

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
  const mark = useCall(cabinetVisitStatus);
  const [cancelling, setCancelling] = useState(false);
  const at = new Date(now);
  const offer = (status: VisitMark) => statusRefusal(visit, status, at) === null;

  async function send(status: VisitMark, reason?: string) {
    const outcome = await mark.run({ params: { id: visit.id }, body: { status, reason } });
    if (!outcome.ok) return;
    setCancelling(false);
    onChanged(outcome.reply, NOTES[status]);
  }

  const marks = (['done', 'no_show'] as const).filter(offer);
  if (marks.length === 0 && !offer('canceled')) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {marks.map((status) => (
          <Button key={status} variant="small" disabled={mark.busy} onClick={() => void send(status)}>
            {status === 'done' ? 'Пришёл' : 'Не пришёл'}
          </Button>
        ))}
        {offer('canceled') && (
          <Button variant="small" disabled={mark.busy} onClick={() => setCancelling(true)}>
            Отменить запись
          </Button>
        )}
      </div>
      {!cancelling && <FormStatus call={mark} className="text-sm" />}
      {cancelling && (
        <CancelDialog
          call={mark}
          onClose={() => {
            setCancelling(false);
            mark.reset();
          }}
          onConfirm={(reason) => void send('canceled', reason)}
        />
      )}
    </div>
  );
}

/** 'Отменить запись?': the reason the patient will read (3 characters or more). */
function CancelDialog({
  call,
  onClose,
  onConfirm,
}: {
  call: CallState<typeof cabinetVisitStatus>;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const formId = useId();
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
          <Button type="submit" form={formId} variant="danger" busy={call.busy}>
            Отменить запись
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        call={call}
        onSubmit={() => {
          setTouched(true);
          if (!short) onConfirm(reason.trim());
        }}
      >
        <Field
          label="Причина"
          hint={touched && short ? undefined : 'Пациент получит SMS с причиной, время станет свободным.'}
          error={touched && short ? STATUS_CHANGE_TEXTS.reasonRequired : call.fieldErrors.reason}
        >
          {(control) => (
            <textarea
              {...control}
              value={reason}
              maxLength={CANCEL_REASON_MAX}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              className={INPUT}
            />
          )}
        </Field>
        <FormStatus call={call} className="mt-2 text-sm" />
      </Form>
    </Modal>
  );
}
