import type { ReactNode } from 'react';
import type { AffectedVisits } from '../../../core/cabinet/affected-visits';
import { Form, type FormCall, FormStatus } from '../../components/ui/form';

/** A call's text for the form's status line: none when its refusal names visits (they are shown instead). */
export const problemOf = (call: { error: string | null; refusal: Partial<AffectedVisits> | null }) =>
  call.refusal?.visits ? null : call.error;

/**
 * A schedule form's one status line: its own check or a failed call's text (a 400's too: these
 * forms mark no field), else the note of what was done.
 */
export const statusOf = (busy: boolean, error: string | null, note: string): FormCall => ({
  busy,
  done: note !== '',
  error,
  fieldErrors: {},
});

/**
 * A schedule form (weekly hours, a date's own hours, days off): a card titled by its heading,
 * its fields, and below them one status line for all its calls.
 */
export function ScheduleForm({
  headingId,
  title,
  className,
  busy,
  error,
  note,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  /** The card's top margin. */
  className: string;
  busy: boolean;
  error: string | null;
  /** What was done, for the status line ('' while nothing is to tell). */
  note: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const status = statusOf(busy, error, note);
  return (
    <Form
      call={status}
      onSubmit={onSubmit}
      className={`card flex flex-col gap-3 p-4 sm:p-5 ${className}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      <FormStatus call={status} done={note} className="text-sm" />
    </Form>
  );
}
