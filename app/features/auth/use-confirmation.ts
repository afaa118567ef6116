import { useEffect, useReducer, useRef, useState } from 'react';
import {
  type ConfirmationAction,
  type ConfirmationFlow,
  type ConfirmationState,
  confirmationReducer,
  initialConfirmation,
} from '../../../core/auth/confirmation';

/**
 * The confirmation's state (core/auth/confirmation.ts) for a form's handlers: `dispatch` returns
 * the new state at once (a request starts in the same click that changed it), and the resend
 * timer and the waiting-time block tick once a second while they run (`now`).
 */
export function useConfirmation(flow: ConfirmationFlow, vkEnabled: boolean) {
  const [now, setNow] = useState(() => Date.now());
  const [state, rawDispatch] = useReducer(confirmationReducer, undefined, () =>
    initialConfirmation({ flow, vkEnabled }),
  );
  const latest = useRef<ConfirmationState>(state);
  latest.current = state;
  const dispatch = (action: ConfirmationAction): ConfirmationState => {
    const nextState = confirmationReducer(latest.current, action);
    latest.current = nextState;
    rawDispatch(action);
    return nextState;
  };

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

  return { state, latest, dispatch, now };
}
