import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import {
  callRequestCreate,
  codeConfirm,
  codeRequest,
  formCodeRequest,
  login,
  phoneLogin,
  staffPhoneConfirm,
} from '../../../core/auth/calls';
import {
  buttonLabel,
  type CallFailure,
  type ConfirmationAction,
  type ConfirmationFlow,
  type ConfirmationState,
  canRequest,
  codeLabel,
  confirmationReducer,
  formatCountdown,
  initialConfirmation,
  isSmsOnly,
  nationalPhone,
  offersVk,
  requestBody,
  secondsLeft,
} from '../../../core/auth/confirmation';
import type { CodeRequested } from '../../../core/auth/contracts';
import { DELETING_IN_PROGRESS_DETAILS, flowBMessage, isFlowBError } from '../../../core/auth/errors';
import {
  fullPhoneDigits,
  PHONE_COUNTRY_ISOS,
  type PhoneCountryIso,
  validatePhoneInput,
} from '../../../core/auth/phone';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { AuthDialog } from './auth-dialogs';
import { callFailureOf } from './call-failure';
import { CallInPanel, type CallInRequest } from './call-in';
import { CodeField } from './code-field';
import { nationalDigitsOf, PhoneField } from './phone-field';
import { useRootAuth } from './use-root-auth';

/** What the SMS-only flows' code request answers: the site's forms say only 'success'. */
const SMS_SENT: CodeRequested = { code: 'sms', service_id: null, attempts_exceeded: false };

/**
 * Phone confirmation (docs/product/sign-in.md): request a code, type it (checked by itself at 4
 * digits). By `flow`: a patient's or a work account's sign-in logs in with the authorization code
 * and goes to `next` (or call-in: the patient calls a toll-free number); a no-registration
 * visitor does the same by SMS only (phone_login); staff at the desk confirm a patient's phone
 * by SMS only through the staff calls, and `onConfirmed` gets it. The rules live in
 * core/auth/confirmation.ts; this component runs the calls and draws the state.
 */
export function SignInForm({
  next,
  countries = PHONE_COUNTRY_ISOS,
  autoFocus = false,
  flow = 'patient',
  onConfirmed,
}: {
  /** A same-site path to open once signed in (already checked by the caller). */
  next: string;
  countries?: readonly PhoneCountryIso[];
  autoFocus?: boolean;
  flow?: ConfirmationFlow;
  /** The staff flow: the patient's phone (digits with the country code) is confirmed. */
  onConfirmed?: (phone: string) => void;
}) {
  const settings = useRootAuth();
  const smsOnly = isSmsOnly(flow);
  // The SMS-only calls send 10 digits without the country code: Russian numbers only.
  const offered: readonly PhoneCountryIso[] = smsOnly ? ['ru'] : countries;
  // Until React runs, typing would land in an input that hydration then resets.
  const hydrated = useHydrated();
  const [iso, setIso] = useState<PhoneCountryIso>(offered.includes('ru') ? 'ru' : offered[0]);
  const [shown, setShown] = useState('');
  // Call-in sign-in replaces the code step while its request lives.
  const [callIn, setCallIn] = useState<CallInRequest | null>(null);
  const [creatingCallIn, setCreatingCallIn] = useState(false);
  const mode = callIn ? 'callIn' : 'code';
  const [now, setNow] = useState(() => Date.now());
  const [state, rawDispatch] = useReducer(confirmationReducer, undefined, () =>
    initialConfirmation({ flow, vkEnabled: offersVk(flow, settings.vkEnabled, settings.user) }),
  );
  // Handlers read the latest state synchronously (a request starts in the same click).
  const latest = useRef<ConfirmationState>(state);
  latest.current = state;
  const dispatch = (action: ConfirmationAction): ConfirmationState => {
    const nextState = confirmationReducer(latest.current, action);
    latest.current = nextState;
    rawDispatch(action);
    return nextState;
  };

  const ids = {
    phone: useId(),
    phoneError: useId(),
    code: useId(),
    codeError: useId(),
  };
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The resend timer and the waiting-time block tick once a second while they run.
  useEffect(() => {
    if (state.resendAt === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      rawDispatch({ type: 'tick', now: t });
    }, 1000);
    setNow(Date.now());
    return () => window.clearInterval(timer);
  }, [state.resendAt]);

  // Focus follows the flow: to the code once it is on its way.
  useEffect(() => {
    if (state.isRequested && mode === 'code') codeRef.current?.focus();
  }, [state.isRequested, mode]);

  useEffect(() => {
    if (autoFocus && hydrated) phoneRef.current?.focus();
  }, [autoFocus, hydrated]);

  function askForCode(current: ConfirmationState): Promise<CodeRequested> {
    const phone = nationalPhone(current.phone);
    if (flow === 'staff') return api.send(formCodeRequest, { body: { phone } }).then(() => SMS_SENT);
    if (flow === 'noRegistration') return api.send(phoneLogin, { body: { phone } });
    return api.send(codeRequest, { body: requestBody(current) });
  }

  async function sendRequest(current: ConfirmationState) {
    try {
      const reply = await askForCode(current);
      dispatch({ type: 'requestSucceeded', reply, now: Date.now() });
    } catch (error) {
      dispatch({ type: 'requestFailed', failure: callFailureOf(error), now: Date.now() });
    }
  }

  async function finishSignIn(authorizationCode: string) {
    try {
      await api.send(login, {
        body: { authorization_code: authorizationCode, client_id: settings.clientId },
      });
    } catch (error) {
      dispatch({ type: 'loginFailed', failure: callFailureOf(error) });
      return;
    }
    window.location.assign(next);
  }

  async function check(current: ConfirmationState) {
    if (flow === 'staff') {
      try {
        await api.send(staffPhoneConfirm, {
          body: { phone: nationalPhone(current.phone), code: current.code },
        });
      } catch (error) {
        dispatch({ type: 'confirmFailed', failure: callFailureOf(error) });
        return;
      }
      onConfirmed?.(current.phone);
      return;
    }
    let authorizationCode: string;
    try {
      const confirmed = await api.send(codeConfirm, {
        query: { client_id: settings.clientId },
        body: { phone: current.phone, code: current.code, service_id: current.serviceId, mobile_app: false },
      });
      authorizationCode = confirmed.authorization_code;
    } catch (error) {
      dispatch({ type: 'confirmFailed', failure: callFailureOf(error) });
      return;
    }
    await finishSignIn(authorizationCode);
  }

  /** Validates the field; the error goes under it and focus back to it. */
  function phoneIsValid(): boolean {
    const error = validatePhoneInput(nationalDigitsOf(shown, iso), iso);
    if (!error) return true;
    dispatch({ type: 'phoneInvalid', message: error });
    phoneRef.current?.focus();
    return false;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canRequest(latest.current, Date.now()) || !phoneIsValid()) return;
    void sendRequest(dispatch({ type: 'requestStarted', now: Date.now() }));
  }

  function changePhone(value: string, country = iso) {
    setShown(value);
    const national = nationalDigitsOf(value, country);
    dispatch({ type: 'phoneChanged', phone: national ? fullPhoneDigits(country, national) : '' });
  }

  function changeCode(value: string) {
    const before = latest.current;
    const after = dispatch({ type: 'codeChanged', code: value });
    if (after.isChecking && !before.isChecking) void check(after);
  }

  async function openCallIn() {
    if (creatingCallIn || !phoneIsValid()) return;
    setCreatingCallIn(true);
    let failure: CallFailure;
    try {
      const created = await api.send(callRequestCreate, { body: { phone: latest.current.phone } });
      setCallIn({ uuid: created.uuid, callPhone: created.call_phone, startedAt: Date.now() });
      return;
    } catch (error) {
      failure = callFailureOf(error);
    } finally {
      setCreatingCallIn(false);
    }
    if (failure.kind === 'http' && isFlowBError(failure.code) && failure.code !== 'user_has_phone') {
      dispatch({ type: 'phoneInvalid', message: flowBMessage(failure.code, 'call') });
    } else if (failure.kind === 'http' && failure.code === 'user_has_phone') {
      dispatch({ type: 'dialogOpened', dialog: 'alreadySignedIn' });
    } else {
      showFailure(failure);
    }
  }

  function showFailure(failure: CallFailure) {
    dispatch({
      type: 'dialogOpened',
      dialog: failure.kind === 'network' ? 'offline' : failure.status === 403 ? 'confirmFailed' : 'generic',
    });
  }

  const seconds = secondsLeft(state, now);
  const phoneError = state.errorMessage;
  const blocked = !canRequest(state, now);

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PhoneField
          id={ids.phone}
          iso={iso}
          countries={offered}
          onIsoChange={(c) => {
            setIso(c);
            changePhone('', c);
          }}
          value={shown}
          onChange={(v) => changePhone(v)}
          error={phoneError}
          errorId={ids.phoneError}
          disabled={!hydrated || mode === 'callIn' || state.isChecking}
          inputRef={phoneRef}
        />
        <div id={ids.phoneError} aria-live="polite" className="-mt-2 text-sm text-error empty:hidden">
          {phoneError && <p>{phoneError}</p>}
          {state.isDeletingInProgress && (
            <p className="mt-1 text-ink-soft">{state.errorDetails || DELETING_IN_PROGRESS_DETAILS}</p>
          )}
        </div>

        {mode === 'code' && state.isRequested && (
          <div>
            <CodeField
              id={ids.code}
              label={codeLabel(state.method)}
              value={state.code}
              onChange={changeCode}
              error={state.codeError}
              errorId={ids.codeError}
              disabled={state.isChecking}
              inputRef={codeRef}
            />
            <div id={ids.codeError} aria-live="polite" className="mt-1 text-sm empty:hidden">
              {state.codeError && <p className="text-error">{state.codeError}</p>}
              {state.isChecking && <p className="text-ink-soft">Пожалуйста, подождите</p>}
            </div>
          </div>
        )}

        {mode === 'code' && (
          <>
            <button
              type="submit"
              disabled={!hydrated || blocked}
              className="rounded-lg bg-brand px-5 py-3 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {buttonLabel(state)}
            </button>
            {/* Read out once a ten-second step, not every tick. */}
            <p className="-mt-2 text-sm text-ink-soft empty:hidden" role="timer" aria-live="off">
              {seconds > 0 ? `Запросить код повторно можно через ${formatCountdown(seconds)}` : ''}
            </p>
            <p className="sr-only" aria-live="polite">
              {seconds > 0 && seconds % 10 === 0
                ? `Запросить код повторно можно через ${seconds} секунд`
                : ''}
            </p>
          </>
        )}
      </form>

      {mode === 'code' && !state.isRequested && !smsOnly && settings.callInPhone && (
        <button
          type="button"
          onClick={() => void openCallIn()}
          disabled={!hydrated || creatingCallIn || state.isLoading || state.isDeletingInProgress}
          className="self-start text-sm text-brand hover:underline disabled:opacity-60"
        >
          Войти по звонку на бесплатный номер
        </button>
      )}

      {callIn && (
        <CallInPanel
          phone={state.phone}
          request={callIn}
          clientId={settings.clientId}
          onAuthorized={(authorizationCode) => void finishSignIn(authorizationCode)}
          onGiveUp={() => {
            dispatch({ type: 'reset' });
            setCallIn(null);
          }}
          onDialog={showFailure}
          onBack={() => setCallIn(null)}
        />
      )}

      <AuthDialog
        kind={state.dialog}
        onClose={() => dispatch({ type: 'dialogClosed' })}
        onVkConfirm={() => void sendRequest(dispatch({ type: 'vkDialogConfirmed' }))}
      />
    </div>
  );
}
