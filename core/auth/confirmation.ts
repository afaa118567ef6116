/**
 * The phone-confirmation form as a pure state machine (docs/product/sign-in.md: the phone
 * sign-in, its request state and the sign-in service's refusals). The browser component
 * dispatches what happened (typing, replies, clock ticks) and renders from the state; the
 * requests themselves are the component's side effects, started when `isLoading` or
 * `isChecking` turns on.
 */
import type { CodeRequested } from './contracts';
import {
  type ConfirmationMethod,
  FLOW_A_CONFIRM_ERRORS,
  FLOW_A_REQUEST_ERRORS,
  flowBMessage,
  isFlowBError,
} from './errors';
import type { Viewer } from './viewer';

/** A code has 4 digits; a new one after 30 s; call-in polls every 5 s and gives up after 15 minutes. */
export const CODE_LENGTH = 4;
export const RESEND_WAIT_MS = 30_000;
export const CALL_POLL_MS = 5_000;
export const CALL_TIMEOUT_MS = 900_000;

/**
 * Whose phone is confirmed, and so which calls and methods (docs/product/sign-in.md, 'Sign-in
 * flows'): `patient` is the ordinary sign-in (a call, an SMS, or VK when the site enables it);
 * `work` the doctors' and clinics' sign-in (a call or an SMS); `noRegistration` a visitor booking
 * without an account first (phone_login, SMS only); `staff` a staff member confirming a patient's
 * phone at the desk (/ajax/phone_confirmation/ and /ajax/phone/confirm/, SMS only). The last two
 * send the number without its country code and are Russian numbers only.
 */
export const CONFIRMATION_FLOWS = ['patient', 'work', 'noRegistration', 'staff'] as const;
export type ConfirmationFlow = (typeof CONFIRMATION_FLOWS)[number];

/** The flows that go by SMS only. */
export function isSmsOnly(flow: ConfirmationFlow): boolean {
  return flow === 'noRegistration' || flow === 'staff';
}

/**
 * VK is offered only to an ordinary patient's sign-in when the site enables it; never to staff,
 * on any screen, whatever the flow.
 */
export function offersVk(
  flow: ConfirmationFlow,
  vkEnabled: boolean,
  viewer: Pick<Viewer, 'isStaff'>,
): boolean {
  return flow === 'patient' && vkEnabled && !viewer.isStaff;
}

/** The 10 digits the SMS-only calls send: a Russian number without its '7'. */
export function nationalPhone(phone: string): string {
  return phone.startsWith('7') ? phone.slice(1) : phone;
}

export type AuthDialogKind =
  | 'vkAttemptsOut'
  | 'alreadySignedIn'
  | 'confirmFailed'
  | 'offline'
  | 'loginOffline'
  | 'loginFailed'
  | 'generic';

export interface ConfirmationState {
  flow: ConfirmationFlow;
  /** Full number, digits only. */
  phone: string;
  /** Site setting enable_phone_confirmation_vk. */
  vkEnabled: boolean;
  /** Set once VK attempts ran out and the user chose to continue by call or SMS. */
  isVkIgnored: boolean;
  /** The method in use: the server's answer after a request; before one, what was last used. */
  method: ConfirmationMethod;
  /** A code request is in flight. */
  isLoading: boolean;
  isRequested: boolean;
  serviceId: string | null;
  isAttemptsExceeded: boolean;
  /** error_limit without waiting_time: a code was already sent, counted as success. */
  isRequestExceeded: boolean;
  isDeletingInProgress: boolean;
  /** error_limit with waiting_time: the request button is blocked until `resendAt`. */
  isWaitingTime: boolean;
  /** When the request button unblocks (ms since epoch); null when it is free. */
  resendAt: number | null;
  /** Under the phone field. */
  errorMessage: string;
  /** A second, longer line (deleting_in_progress). */
  errorDetails: string;
  code: string;
  /** Under the code field. */
  codeError: string;
  /** A code check (and then the login) is in flight. */
  isChecking: boolean;
  dialog: AuthDialogKind | null;
}

export function initialConfirmation(
  options: { phone?: string; vkEnabled?: boolean; flow?: ConfirmationFlow } = {},
): ConfirmationState {
  const flow = options.flow ?? 'patient';
  return {
    flow,
    phone: options.phone ?? '',
    // VK only where the flow offers it (the caller also checks who is signed in: offersVk).
    vkEnabled: flow === 'patient' && (options.vkEnabled ?? false),
    isVkIgnored: false,
    method: 'sms',
    isLoading: false,
    isRequested: false,
    serviceId: null,
    isAttemptsExceeded: false,
    isRequestExceeded: false,
    isDeletingInProgress: false,
    isWaitingTime: false,
    resendAt: null,
    errorMessage: '',
    errorDetails: '',
    code: '',
    codeError: '',
    isChecking: false,
    dialog: null,
  };
}

/** What a failed call looked like: no answer at all, or an HTTP error with the reply's fields. */
export type CallFailure =
  | { kind: 'network' }
  | { kind: 'http'; status: number; code?: string; detail?: string; waitingTime?: number };

export type ConfirmationAction =
  | { type: 'phoneChanged'; phone: string }
  | { type: 'phoneInvalid'; message: string }
  | { type: 'requestStarted'; now: number }
  | { type: 'requestSucceeded'; reply: CodeRequested; now: number }
  | { type: 'requestFailed'; failure: CallFailure; now: number }
  | { type: 'tick'; now: number }
  | { type: 'codeChanged'; code: string }
  | { type: 'confirmFailed'; failure: CallFailure }
  | { type: 'loginFailed'; failure: CallFailure }
  | { type: 'vkDialogConfirmed' }
  | { type: 'vkSkipped'; now: number }
  | { type: 'dialogOpened'; dialog: AuthDialogKind }
  | { type: 'dialogClosed' }
  | { type: 'reset' };

/** VK if enabled and not ignored, else call if the server said call, else SMS. */
export function chooseMethod(state: ConfirmationState): ConfirmationMethod {
  if (state.vkEnabled && !state.isVkIgnored) return 'vk';
  return state.method === 'call' ? 'call' : 'sms';
}

function isVkActive(state: ConfirmationState): boolean {
  return state.vkEnabled && !state.isVkIgnored;
}

/** Errors cleared, code step left: the phone (and the VK choice) stays. */
function freshForm(state: ConfirmationState): ConfirmationState {
  return {
    ...initialConfirmation({ phone: state.phone, vkEnabled: state.vkEnabled, flow: state.flow }),
    isVkIgnored: state.isVkIgnored,
    method: state.method,
  };
}

function requestSucceeded(state: ConfirmationState, reply: CodeRequested, now: number): ConfirmationState {
  // VK attempts used up: the server answers 200 with the flag; the user picks call or SMS.
  if (reply.code === 'vk' && reply.attempts_exceeded) {
    return { ...state, isLoading: false, isAttemptsExceeded: true, dialog: 'vkAttemptsOut' };
  }
  return {
    ...state,
    isLoading: false,
    isRequested: true,
    method: reply.code,
    serviceId: reply.service_id,
    isAttemptsExceeded: reply.attempts_exceeded,
    isRequestExceeded: false,
    isWaitingTime: false,
    resendAt: now + RESEND_WAIT_MS,
    errorMessage: '',
    errorDetails: '',
    code: '',
    codeError: '',
  };
}

function requestFailed(state: ConfirmationState, failure: CallFailure, now: number): ConfirmationState {
  const base = { ...state, isLoading: false };
  if (failure.kind === 'network') return { ...base, dialog: 'offline' };
  const code = failure.code;
  if (code === 'error_limit') {
    if (typeof failure.waitingTime === 'number' && failure.waitingTime > 0) {
      // A code was sent moments ago: keep the code step, block re-requests with a countdown.
      return {
        ...base,
        isWaitingTime: true,
        isRequested: true,
        resendAt: now + failure.waitingTime * 1000,
        errorMessage: '',
      };
    }
    if (isVkActive(state)) return { ...base, isRequestExceeded: true, dialog: 'vkAttemptsOut' };
    // Without waiting_time the code is already on its way — treated as success.
    return {
      ...base,
      isRequestExceeded: true,
      isRequested: true,
      resendAt: now + RESEND_WAIT_MS,
      errorMessage: '',
    };
  }
  if (code === 'deleting_in_progress') {
    return {
      ...base,
      isDeletingInProgress: true,
      errorMessage: flowBMessage('deleting_in_progress'),
      errorDetails:
        failure.detail && failure.detail !== flowBMessage('deleting_in_progress') ? failure.detail : '',
    };
  }
  if (code === 'user_has_phone') return { ...base, dialog: 'alreadySignedIn' };
  // The staff calls word their refusals as the site's own forms (flow A), under the phone.
  if (state.flow === 'staff' && code !== undefined && code in FLOW_A_REQUEST_ERRORS)
    return { ...base, errorMessage: FLOW_A_REQUEST_ERRORS[code as keyof typeof FLOW_A_REQUEST_ERRORS] };
  if (isFlowBError(code)) return { ...base, errorMessage: flowBMessage(code, chooseMethod(state)) };
  return { ...base, dialog: 'generic' };
}

function confirmFailed(state: ConfirmationState, failure: CallFailure): ConfirmationState {
  const base = { ...state, isChecking: false };
  if (failure.kind === 'network') return { ...base, dialog: 'offline' };
  const code = failure.code ?? (failure.status === 404 ? 'obsolete' : undefined);
  if (code === 'user_has_phone') return { ...base, dialog: 'alreadySignedIn' };
  // HTTP 403 or a reply without a code → 'Не получилось подтвердить номер'.
  if (failure.status === 403 || code === undefined) return { ...base, dialog: 'confirmFailed' };
  if (state.flow === 'staff') {
    // Flow A: a bad phone under the phone, a refused code under the code.
    if (failure.status === 400 && code === 'invalid' && failure.detail === FLOW_A_REQUEST_ERRORS.invalid)
      return { ...base, errorMessage: FLOW_A_REQUEST_ERRORS.invalid };
    if (code in FLOW_A_CONFIRM_ERRORS)
      return { ...base, codeError: FLOW_A_CONFIRM_ERRORS[code as keyof typeof FLOW_A_CONFIRM_ERRORS] };
  }
  if (isFlowBError(code)) return { ...base, codeError: flowBMessage(code, state.method) };
  return { ...base, dialog: 'generic' };
}

export function confirmationReducer(state: ConfirmationState, action: ConfirmationAction): ConfirmationState {
  switch (action.type) {
    case 'phoneChanged': {
      if (action.phone === state.phone) return state;
      // Editing the phone resets errors; a code sent to the old number is of no use.
      return freshForm({ ...state, phone: action.phone });
    }
    case 'phoneInvalid':
      return { ...state, errorMessage: action.message, errorDetails: '' };
    case 'requestStarted':
      if (!canRequest(state, action.now)) return state;
      return { ...state, isLoading: true, errorMessage: '', errorDetails: '', codeError: '' };
    case 'requestSucceeded':
      return requestSucceeded(state, action.reply, action.now);
    case 'requestFailed':
      return requestFailed(state, action.failure, action.now);
    case 'tick': {
      if (state.resendAt === null || action.now < state.resendAt) return state;
      // When the timer ends and a waiting-time block was active, it and the requested flag clear.
      if (state.isWaitingTime) return { ...state, resendAt: null, isWaitingTime: false, isRequested: false };
      return { ...state, resendAt: null };
    }
    case 'codeChanged': {
      const code = action.code.replace(/\D/g, '').slice(0, CODE_LENGTH);
      if (code === state.code) return state;
      // The error clears when the code changes; the check runs by itself at 4 digits.
      const complete = code.length === CODE_LENGTH && state.isRequested && !state.isChecking;
      return { ...state, code, codeError: '', isChecking: state.isChecking || complete };
    }
    case 'confirmFailed':
      return confirmFailed(state, action.failure);
    case 'loginFailed':
      return {
        ...state,
        isChecking: false,
        dialog: action.failure.kind === 'network' ? 'loginOffline' : 'loginFailed',
      };
    case 'vkDialogConfirmed':
      // Continue by call or SMS: VK is ignored from now on and the form is resubmitted.
      return {
        ...freshForm({ ...state, isVkIgnored: true, method: state.method === 'vk' ? 'sms' : state.method }),
        isLoading: true,
      };
    case 'vkSkipped':
      // The patient without VK asks for a call or an SMS from the first screen, as after the
      // dialog: VK is ignored from now on and the request goes out at once.
      if (!isVkActive(state) || !canRequest(state, action.now)) return state;
      return {
        ...freshForm({ ...state, isVkIgnored: true, method: state.method === 'vk' ? 'sms' : state.method }),
        isLoading: true,
      };
    case 'dialogOpened':
      return { ...state, dialog: action.dialog };
    case 'dialogClosed':
      return { ...state, dialog: null };
    case 'reset':
      return freshForm(state);
  }
}

/** Whether the request button may be pressed at `now`. */
export function canRequest(state: ConfirmationState, now: number): boolean {
  if (state.isLoading || state.isChecking || state.isDeletingInProgress) return false;
  return state.resendAt === null || now >= state.resendAt;
}

/** Whole seconds until the request button unblocks (0 when free). */
export function secondsLeft(state: ConfirmationState, now: number): number {
  if (state.resendAt === null) return 0;
  return Math.max(0, Math.ceil((state.resendAt - now) / 1000));
}

/** '0:27', '1:05:00' for the countdown. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The second button beside 'Получить код ВКонтакте' (docs/product/sign-in.md): a patient without
 * VK gets a call or an SMS from the first screen, and after a VK code that never came. Null when
 * VK is not on offer.
 */
export function vkAlternativeLabel(state: ConfirmationState): string | null {
  return isVkActive(state) ? 'Подтвердить через звонок или СМС' : null;
}

/**
 * The request button's label (all nine of them). Before a request: the VK offer, or
 * the choice left after VK ran out, or a plain 'Подтвердить'. After one: a repeat by the same
 * method, or the other method when the server reports this one's attempts exceeded.
 */
export function buttonLabel(state: ConfirmationState): string {
  if (state.isLoading) return 'Пожалуйста, подождите';
  if (!state.isRequested) {
    if (isVkActive(state)) return 'Получить код ВКонтакте';
    if (state.isVkIgnored) return 'Подтвердить через звонок или СМС';
    return 'Подтвердить';
  }
  switch (state.method) {
    case 'vk':
      return 'Получить код ВКонтакте повторно';
    case 'call':
      return state.isAttemptsExceeded ? 'Подтвердить через СМС' : 'Позвонить повторно';
    case 'sms':
      return state.isAttemptsExceeded ? 'Подтвердить через звонок' : 'Отправить СМС повторно';
  }
}

/** The code field's label: a call's code is the last 4 digits of the calling number. */
export function codeLabel(method: ConfirmationMethod): string {
  switch (method) {
    case 'call':
      return 'Последние 4 цифры номера, с которого мы позвонили';
    case 'vk':
      return 'Код из сообщения ВКонтакте';
    case 'sms':
      return 'Код из СМС';
  }
}

/** Call-in sign-in gives up 15 minutes after the request. */
export function callInExpired(startedAt: number, now: number): boolean {
  return now - startedAt >= CALL_TIMEOUT_MS;
}

/** The body of a confirmation request: VK is asked for explicitly, otherwise the server picks. */
export function requestBody(state: ConfirmationState): { phone: string; confirmation_flow?: 'vk' } {
  return chooseMethod(state) === 'vk'
    ? { phone: state.phone, confirmation_flow: 'vk' }
    : { phone: state.phone };
}

export { needsReconfirmation } from './viewer';

/** Why a code is sent: to sign in, or for staff booking a patient at the desk (the patient reads it out). */
export type CodeTextPurpose = 'sign_in' | 'desk';

/**
 * The SMS (or VK message) carrying a code. The desk's code confirms the patient's phone for the
 * booking staff make for them, and the patient tells it to the staff member: it says so, not 'вход'.
 */
export function codeText(code: string, purpose: CodeTextPurpose = 'sign_in'): string {
  return purpose === 'desk'
    ? `Код для подтверждения записи: ${code}. Назовите его сотруднику, который вас записывает.`
    : `Код для входа на ПроДокторов: ${code}. Никому его не сообщайте.`;
}
