import { type RefObject, useEffect, useRef, useState } from 'react';
import { holdSlot, releaseHold } from '../../../core/booking/calls';
import type { HoldRequest } from '../../../core/booking/contracts';
import { api, isRefusal } from '../../lib/api';
import { type TimeGoneOutcome, timeGoneOf } from './booking-outcome';

/** Lets the held time go; it still goes out while the page unloads. */
function release(id: number) {
  api.send(releaseHold, { params: { id }, keepalive: true }).catch(() => undefined);
}

/**
 * Keeps the chosen time for the patient while the form is filled, and lets it go on leaving the
 * page or choosing another time (unless it was booked meanwhile). A refused hold (the time is
 * gone) is shown like a refused booking; any other failure is ignored: booking works without a
 * hold. Returns the hold's id once the time is held.
 */
export function useSlotHold(
  ask: HoldRequest,
  booked: RefObject<boolean>,
  onRefused: (refusal: TimeGoneOutcome) => void,
  /** False where no hold is taken: staff booking at the desk (holds are a patient's). */
  enabled = true,
): number | undefined {
  const [hold, setHold] = useState<{ id: number; key: string } | null>(null);
  const key = JSON.stringify(ask);
  const latest = useRef({ ask, onRefused });
  latest.current = { ask, onRefused };

  useEffect(() => {
    if (!enabled) return;
    let current: number | null = null;
    let gone = false;
    const leave = () => {
      if (current !== null && !booked.current) release(current);
      current = null;
    };
    api.send(holdSlot, { body: latest.current.ask }).then(
      (held) => {
        current = held.hold_id;
        if (gone) leave();
        else setHold({ id: held.hold_id, key });
      },
      (error: unknown) => {
        const refusal = isRefusal(holdSlot, error, 409) ? timeGoneOf(error.body) : null;
        if (refusal && !gone) latest.current.onRefused(refusal);
      },
    );
    window.addEventListener('pagehide', leave);
    return () => {
      gone = true;
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [key, booked, enabled]);

  return hold?.key === key ? hold.id : undefined;
}
