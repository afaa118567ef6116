import type { BookingRefusal } from '../../../core/booking/contracts';
import { isApiError, SERVER_ERROR } from '../../lib/api';

/** What the booking form shows after a press that did not book. */
export type BookingOutcome =
  | ({ kind: 'failed' } & Pick<BookingRefusal, 'title' | 'reason' | 'detail' | 'alternatives'>)
  | { kind: 'invalid'; detail: string; errors: Record<string, string> }
  | { kind: 'error'; detail: string };

/** A booking or a hold refused because the time is gone (409 with the nearest free times), or null. */
export function refusalOf(error: unknown): BookingRefusal | null {
  return isApiError(error, 409) && typeof error.body.reason === 'string'
    ? (error.body as BookingRefusal)
    : null;
}

/** A refusal as the form shows it: the title, the reason and the nearest free times to choose. */
export const failed = ({ title, reason, detail, alternatives }: BookingRefusal): BookingOutcome => ({
  kind: 'failed',
  title,
  reason,
  detail,
  alternatives,
});

/** A failed booking call as the form shows it: the refusal, the fields' messages, or the reason. */
export function outcomeOf(error: unknown): BookingOutcome {
  const refusal = refusalOf(error);
  if (refusal) return failed(refusal);
  if (isApiError(error, 400))
    return { kind: 'invalid', detail: error.detail, errors: error.body.errors ?? {} };
  return { kind: 'error', detail: isApiError(error) ? error.detail : SERVER_ERROR };
}
