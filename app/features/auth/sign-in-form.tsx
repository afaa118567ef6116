import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type CallFailure,
  type ConfirmationFlow,
  type ConfirmationState,
  canRequest,
  isSmsOnly,
  offersVk,
  secondsLeft,
} from '../../../core/auth/confirmation';
import { DELETING_IN_PROGRESS_DETAILS, flowBMessage, isFlowBError } from '../../../core/auth/errors';
import { safeNextPath } from '../../../core/auth/next';
import {
  fullPhoneDigits,
  PHONE_COUNTRY_ISOS,
  type PhoneCountryIso,
  validatePhoneInput,
} from '../../../core/auth/phone';
import { landingAfterSignIn } from '../../../core/cabinet/pages';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';
import { AuthDialog } from './auth-dialogs';
import { CallInPanel, type CallInRequest } from './call-in';
import { CodeStep } from './code-step';
import { nationalDigitsOf, PhoneField } from './phone-field';
import { confirmCode, createCallIn, requestCode, signIn } from './sign-in-calls';
import { useConfirmation } from './use-confirmation';
import { useRootAuth } from './use-root-auth';

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
  // The phone input (not a button) waits for React: typed before, hydration would reset it.
  const hydrated = useHydrated();
  const [iso, setIso] = useState<PhoneCountryIso>(offered.includes('ru') ? 'ru' : offered[0]);
  const [shown, setShown] = useState('');
  // Call-in sign-in replaces the code step while its request lives.
  const [callIn, setCallIn] = useState<CallInRequest | null>(null);
  const [creatingCallIn, setCreatingCallIn] = useState(false);
  const mode = callIn ? 'callIn' : 'code';
  const { state, latest, dispatch, now } = useConfirmation(
    flow,
    offersVk(flow, settings.vkEnabled, settings.user),
  );
  const ids = { phone: useId(), phoneError: useId(), code: useId(), codeError: useId() };
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // Focus follows the flow: to the code once it is on its way.
  useEffect(() => {
    if (state.isRequested && mode === 'code') codeRef.current?.focus();
  }, [state.isRequested, mode]);

  useEffect(() => {
    if (autoFocus && hydrated) phoneRef.current?.focus();
  }, [autoFocus, hydrated]);

  async function sendRequest(current: ConfirmationState) {
    const sent = await requestCode(flow, current);
    if (sent.ok) dispatch({ type: 'requestSucceeded', reply: sent.reply, now: Date.now() });
    else dispatch({ type: 'requestFailed', failure: sent.failure, now: Date.now() });
  }

  async function finishSignIn(authorizationCode: string) {
    const signed = await signIn(authorizationCode, settings.clientId);
    if (!signed.ok) dispatch({ type: 'loginFailed', failure: signed.failure });
    // Checked again here, where the browser goes: no caller's `next` can leave the site. A work
    // account that was sent nowhere in particular lands in its cabinet.
    else window.location.assign(landingAfterSignIn(signed.user, safeNextPath(next)));
  }

  async function check(current: ConfirmationState) {
    const checked = await confirmCode(flow, current, settings.clientId);
    if (!checked.ok) dispatch({ type: 'confirmFailed', failure: checked.failure });
    else if (checked.authorizationCode === null) onConfirmed?.(current.phone);
    else await finishSignIn(checked.authorizationCode);
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

  /** A call or an SMS instead of VK, from the first screen on. */
  function skipVk() {
    if (!canRequest(latest.current, Date.now()) || !phoneIsValid()) return;
    const next = dispatch({ type: 'vkSkipped', now: Date.now() });
    if (next.isLoading) void sendRequest(next);
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
    const created = await createCallIn(latest.current.phone);
    setCreatingCallIn(false);
    if (created.ok) return setCallIn(created.request);
    const { failure } = created;
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

  const phoneError = state.errorMessage;

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
        {mode === 'code' && (
          <CodeStep
            state={state}
            seconds={secondsLeft(state, now)}
            blocked={!canRequest(state, now)}
            ids={ids}
            codeRef={codeRef}
            onCodeChange={changeCode}
            onSkipVk={skipVk}
          />
        )}
      </form>

      {mode === 'code' && !state.isRequested && !smsOnly && settings.callInPhone && (
        <Button
          variant="link"
          onClick={() => void openCallIn()}
          busy={creatingCallIn}
          disabled={state.isLoading || state.isDeletingInProgress}
          className="self-start text-sm"
        >
          Войти по звонку на бесплатный номер
        </Button>
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
