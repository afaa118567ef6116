import type { CallFailure } from '../../../core/auth/confirmation';
import { isApiError } from '../../lib/api';

/**
 * A failed sign-in call as the confirmation form reads it: no answer at all is `network` (the
 * offline dialog); a refusal keeps its status, its code (flow B puts it at the top, flow A
 * under the field), its text and `waiting_time`. Anything but a failed call is rethrown.
 */
export function callFailureOf(error: unknown): CallFailure {
  if (!isApiError(error)) throw error;
  if (error.status === 0) return { kind: 'network' };
  const body = error.body as {
    code?: unknown;
    detail?: unknown;
    waiting_time?: unknown;
    phone?: { code?: unknown };
    secret_code?: { code?: unknown };
  };
  const code = body.code ?? body.phone?.code ?? body.secret_code?.code;
  return {
    kind: 'http',
    status: error.status,
    code: typeof code === 'string' ? code : undefined,
    detail: typeof body.detail === 'string' ? body.detail : undefined,
    waitingTime: typeof body.waiting_time === 'number' ? body.waiting_time : undefined,
  };
}
