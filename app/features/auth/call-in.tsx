import { useEffect, useRef, useState } from 'react';
import { callRequestFinish } from '../../../core/auth/calls';
import { CALL_POLL_MS, type CallFailure, callInExpired } from '../../../core/auth/confirmation';
import { flowBMessage, isFlowBError } from '../../../core/auth/errors';
import { formatPhoneDigits } from '../../../core/auth/phone';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { callFailureOf } from './call-failure';

/** '88005553535' → '8 800 555-35-35'; other numbers are shown as they come. */
export function formatTollFree(digits: string): string {
  const m = /^8(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `8 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : digits;
}

/** The websocket that announces the call-in call; null where WebSocket is unavailable. */
function callSocketUrl(uuid: string): string | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/phone_confirmation/call/${encodeURIComponent(uuid)}?subscribe-broadcast`;
}

/** A created call-in request (from calls/create_request). */
export interface CallInRequest {
  uuid: string;
  callPhone: string;
  startedAt: number;
}

/**
 * Call-in sign-in (docs/product/sign-in.md): the patient calls a toll-free
 * number from the phone being confirmed. The page learns of the call by polling finish_request
 * every 5 s and, when it connects, by the websocket; after 15 minutes it gives up and the form
 * resets keeping the phone. The request is created by the form's click handler, not here: an
 * effect may run twice, and a second request would trip the resend limit.
 */
export function CallInPanel({
  phone,
  request,
  clientId,
  onAuthorized,
  onGiveUp,
  onDialog,
  onBack,
}: {
  phone: string;
  request: CallInRequest;
  clientId: string;
  onAuthorized: (authorizationCode: string) => void;
  onGiveUp: () => void;
  onDialog: (failure: CallFailure) => void;
  onBack: () => void;
}) {
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const busy = useRef(false);
  const done = useRef(false);
  // Callbacks change identity on every render of the form; the effect below must not restart.
  const handlers = useRef({ onAuthorized, onGiveUp, onDialog });
  handlers.current = { onAuthorized, onGiveUp, onDialog };
  const checkNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    const { uuid, startedAt } = request;

    const finish = async (source: 'timer' | 'ws', manual = false) => {
      if (busy.current || done.current) return;
      busy.current = true;
      if (manual) setChecking(true);
      let failure: CallFailure | null = null;
      let authorizationCode: string | null = null;
      try {
        const result = await api.send(callRequestFinish, {
          query: { client_id: clientId, source, time: String(Math.round(Date.now() - startedAt)) },
          body: { phone, uuid },
        });
        if ('authorization_code' in result) authorizationCode = result.authorization_code;
      } catch (error) {
        failure = callFailureOf(callRequestFinish, error);
      }
      busy.current = false;
      setChecking(false);
      if (done.current) return;
      if (authorizationCode) {
        done.current = true;
        stop();
        handlers.current.onAuthorized(authorizationCode);
        return;
      }
      if (!failure) return;
      if (failure.kind === 'http' && failure.status === 404) {
        giveUp();
      } else if (manual || failure.kind === 'http') {
        // Background polls ride out a dropped connection; a press of 'Подтвердить' reports it.
        if (failure.kind === 'http' && isFlowBError(failure.code))
          setError(flowBMessage(failure.code, 'call'));
        else if (manual) handlers.current.onDialog(failure);
      }
    };

    const timer = window.setInterval(() => {
      if (callInExpired(startedAt, Date.now())) giveUp();
      else void finish('timer');
    }, CALL_POLL_MS);

    let socket: WebSocket | null = null;
    const url = callSocketUrl(uuid);
    if (url) {
      try {
        socket = new WebSocket(url);
        socket.onmessage = (event) => {
          const status = (() => {
            try {
              return (JSON.parse(String(event.data)) as { status?: string }).status;
            } catch {
              return undefined;
            }
          })();
          if (status === 'confirmed') void finish('ws');
        };
        // Polling alone is enough (the dev server may not pass websockets through).
        socket.onerror = () => undefined;
      } catch {
        socket = null;
      }
    }

    function stop() {
      window.clearInterval(timer);
      if (socket) {
        socket.onmessage = null;
        socket.close();
      }
    }
    function giveUp() {
      done.current = true;
      stop();
      handlers.current.onGiveUp();
    }
    checkNow.current = () => void finish('timer', true);
    return stop;
  }, [request, phone, clientId]);

  const { callPhone } = request;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">Для подтверждения позвоните нам...</p>
      {callPhone && (
        <a href={`tel:${callPhone}`} className="text-2xl font-bold text-brand hover:underline">
          {formatTollFree(callPhone)}
        </a>
      )}
      <p className="text-sm text-ink-soft">
        Звонок бесплатный. Позвоните с номера {formatPhoneDigits(phone)}, мы узнаем его и сбросим вызов.
      </p>
      <p aria-live="polite" className="text-sm text-ink-soft">
        {checking ? 'Проверяем звонок…' : ''}
      </p>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button busy={checking} onClick={() => checkNow.current()}>
        Подтвердить
      </Button>
      <Button variant="link" onClick={onBack} className="self-start text-sm">
        Изменить номер или получить код
      </Button>
    </div>
  );
}
