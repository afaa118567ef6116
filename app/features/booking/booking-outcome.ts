import type { TimeGone } from '../../../core/booking/calls';
import type { ErrorBody } from '../../../core/http/contracts';

/** A refusal because the time is gone: what the form shows, the nearest free times to choose. */
export type TimeGoneOutcome = TimeGone & { detail: string };

/**
 * A booking's, a hold's or a move's refusal read as 'the time is gone' (a 409 with the reason and
 * the nearest free times, or the patient's own visit in the way), or null for any other refusal (a field's message, a work account…).
 */
export function timeGoneOf(refusal: (ErrorBody & Partial<TimeGone>) | null): TimeGoneOutcome | null {
  if (!refusal || typeof refusal.reason !== 'string') return null;
  return {
    title: refusal.title ?? '',
    reason: refusal.reason,
    detail: refusal.detail,
    alternatives: refusal.alternatives ?? [],
    clash: refusal.clash ?? null,
  };
}
