import type { Ref } from 'react';
import {
  buttonLabel,
  type ConfirmationState,
  codeLabel,
  formatCountdown,
  vkAlternativeLabel,
} from '../../../core/auth/confirmation';
import { Button } from '../../components/ui/button';
import { CodeField } from './code-field';

/**
 * The code step of the phone confirmation: the code once it is on its way (with its message or
 * 'Пожалуйста, подождите' while it is checked), the request button (with a call or an SMS beside
 * VK's) and the resend countdown.
 */
export function CodeStep({
  state,
  seconds,
  blocked,
  ids,
  codeRef,
  onCodeChange,
  onSkipVk,
}: {
  state: ConfirmationState;
  /** Seconds until a code may be asked again. */
  seconds: number;
  /** The request button is off (a request under way, a countdown, a block). */
  blocked: boolean;
  ids: { code: string; codeError: string };
  codeRef: Ref<HTMLInputElement>;
  onCodeChange: (value: string) => void;
  /** A call or an SMS instead of VK (shown while VK is on offer). */
  onSkipVk: () => void;
}) {
  const alternative = vkAlternativeLabel(state);
  return (
    <>
      {state.isRequested && (
        <div>
          <CodeField
            id={ids.code}
            label={codeLabel(state.method)}
            value={state.code}
            onChange={onCodeChange}
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
      <Button type="submit" disabled={blocked}>
        {buttonLabel(state)}
      </Button>
      {alternative && (
        <Button type="button" variant="secondary" disabled={blocked} onClick={onSkipVk}>
          {alternative}
        </Button>
      )}
      {/* Read out once a ten-second step, not every tick. */}
      <p className="-mt-2 text-sm text-ink-soft empty:hidden" role="timer" aria-live="off">
        {seconds > 0 ? `Запросить код повторно можно через ${formatCountdown(seconds)}` : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {seconds > 0 && seconds % 10 === 0 ? `Запросить код повторно можно через ${seconds} секунд` : ''}
      </p>
    </>
  );
}
