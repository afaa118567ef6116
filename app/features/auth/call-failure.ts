import type {
  callRequestCreate,
  callRequestFinish,
  codeConfirm,
  codeRequest,
  formCodeRequest,
  login,
  phoneLogin,
  staffPhoneConfirm,
} from '../../../core/auth/calls';
import type { CallFailure } from '../../../core/auth/confirmation';
import { isApiError, isRefusal } from '../../lib/api';

/** The calls of signing in and confirming a phone: their refusals say the same things. */
export type SignInCall =
  | typeof codeRequest
  | typeof phoneLogin
  | typeof codeConfirm
  | typeof callRequestCreate
  | typeof callRequestFinish
  | typeof login
  | typeof formCodeRequest
  | typeof staffPhoneConfirm;

/**
 * A failed sign-in call as the confirmation form reads it: no answer at all is `network` (the
 * offline dialog); a refusal keeps its status, its code (flow B puts it at the top, flow A
 * under the field), its text and `waiting_time`. Anything but a failed call is rethrown.
 */
export function callFailureOf(call: SignInCall, error: unknown): CallFailure {
  if (isRefusal(call, error)) {
    const { code, detail, waiting_time, phone, secret_code } = error.body;
    return {
      kind: 'http',
      status: error.status,
      code: code ?? phone?.code ?? secret_code?.code,
      detail,
      waitingTime: waiting_time,
    };
  }
  if (isApiError(error)) return { kind: 'network' };
  throw error;
}
