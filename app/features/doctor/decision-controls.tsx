import { useId, useState } from 'react';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, type FormCall } from '../../components/ui/form';

/**
 * The decision buttons of a queue item: the approving one, and 'Отклонить', which opens the form
 * asking for a reason (typed, or one of the usual ones), and the refusal of the last decision.
 * Profile changes and document scans share it.
 */
export function DecisionControls({
  approveLabel,
  reasons,
  call,
  onApprove,
  onReject,
}: {
  approveLabel: string;
  /** The usual reasons, offered as the field's suggestions. */
  reasons: readonly string[];
  /** The decision's call (`useCall`): under way, and its refusal's text. */
  call: FormCall;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const uid = useId();
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        <Button busy={call.busy} onClick={onApprove} className="text-sm">
          {approveLabel}
        </Button>
        <Button
          variant="bare"
          busy={call.busy}
          aria-expanded={rejecting}
          onClick={() => setRejecting((r) => !r)}
          className="rounded-lg border border-error px-4 py-2 text-sm font-medium text-error hover:bg-error/10 disabled:opacity-60"
        >
          {PROFILE_TEXTS.reject}
        </Button>
      </div>
      {rejecting && (
        <Form
          call={call}
          onSubmit={() => onReject(reason)}
          className="mt-3 flex flex-col gap-2 rounded-lg bg-canvas p-3"
        >
          <Field label="Причина отказа">
            {(control) => (
              <input
                {...control}
                list={`${uid}-reasons`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={INPUT}
              />
            )}
          </Field>
          <datalist id={`${uid}-reasons`}>
            {reasons.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <Button type="submit" variant="danger" busy={call.busy} className="self-start text-sm">
            Отклонить с этой причиной
          </Button>
        </Form>
      )}
      {call.error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {call.error}
        </p>
      )}
    </div>
  );
}
