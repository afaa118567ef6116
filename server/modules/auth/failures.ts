/**
 * How phone confirmation refuses (docs/product/sign-in.md): every refusal is a DomainError
 * whose code is a key of the catalogue in core/auth/errors.ts.
 *
 * - The sign-in service (flow B, `/services/sso/…`) answers `{code, detail, waiting_time?}`,
 *   the text worded by the confirmation method in use ('Неверные цифры' for a call).
 * - The site's own forms (flow A) put the key under the field it concerns, `phone` or
 *   `secret_code`, with their own texts: `asFlowA` rewords a flow B refusal for them.
 */
import {
  type ConfirmationMethod,
  FLOW_A_CONFIRM_ERRORS,
  FLOW_A_REQUEST_ERRORS,
  type FlowAConfirmError,
  type FlowARequestError,
  type FlowBError,
  flowBMessage,
  isFlowBError,
} from '../../../core/auth/errors';
import { DomainError, isDomainError } from '../../http/errors';

export const SIGN_IN_REQUIRED = 'Необходимо войти в личный кабинет';

/**
 * A flow B refusal: the catalogue's code and its text for the method of the code in question
 * (an SMS's wording when none is known); `waitingTime` (seconds) comes with error_limit when
 * the wait is known.
 */
export function authFailure(
  status: number,
  code: FlowBError,
  options: { method?: ConfirmationMethod | null; waitingTime?: number } = {},
): DomainError {
  const extra = options.waitingTime === undefined ? {} : { waiting_time: options.waitingTime };
  return new DomainError(code, flowBMessage(code, options.method ?? undefined), status, extra);
}

const FLOW_A_REQUEST_CODE: Partial<Record<FlowBError, FlowARequestError>> = {
  invalid: 'invalid',
  error_limit: 'error_limit',
  error_limit_total: 'error_limit_total',
  too_many_requests: 'error_limit_total',
};
const FLOW_A_CONFIRM_CODE: Partial<Record<FlowBError, FlowAConfirmError>> = {
  error_fields: 'invalid',
  error_code: 'error_code',
  obsolete: 'code_expired',
  attempts_out: 'code_expired',
  too_many_requests: 'code_expired',
  user_has_phone: 'user_has_phone',
};

/**
 * A flow B refusal reworded for the site's forms, same status: a refused request (or a bad
 * phone at any stage) under `phone`, a refused code under `secret_code`. Anything else passes
 * unchanged.
 */
export function asFlowA(error: unknown, stage: 'request' | 'confirm'): unknown {
  if (!isDomainError(error) || !isFlowBError(error.code)) return error;
  const phoneCode =
    stage === 'request' || error.code === 'invalid' ? FLOW_A_REQUEST_CODE[error.code] : undefined;
  if (phoneCode) {
    const waiting = error.extra.waiting_time === undefined ? {} : { waiting_time: error.extra.waiting_time };
    return new DomainError(phoneCode, FLOW_A_REQUEST_ERRORS[phoneCode], error.status, {
      phone: { code: phoneCode },
      ...waiting,
    });
  }
  const codeKey = FLOW_A_CONFIRM_CODE[error.code] ?? 'error_code';
  return new DomainError(codeKey, FLOW_A_CONFIRM_ERRORS[codeKey], error.status, {
    secret_code: { code: codeKey },
  });
}
