import { CLUB_CARD_REQUEST_SOCKET, clubCardRequestStatus } from '../../../core/club/calls';
import type { CardRequestStatusReply } from '../../../core/club/contracts';
import { api, isAborted, isRefusal } from '../../lib/api';

/** The status call's own timeout and the pause between polls. */
export const CLUB_POLL_MS = 5000;

/**
 * Listens to a card request's status after the provider sends the patient back: the websocket
 * tells at once, the polling every 5 s covers a socket the proxy dropped. Every status is handed
 * on (the widget's rules decide what ends the wait); a failed poll is tried again.
 */
export function watchCardRequest(
  id: number,
  onStatus: (reply: CardRequestStatusReply) => void,
  /** A refusal (not the patient's request, signed out): waiting longer cannot help. */
  onRefused: (error: unknown) => void,
): () => void {
  const controller = new AbortController();
  let timer: number | undefined;
  let stopped = false;

  const poll = async () => {
    try {
      const reply = await api.send(clubCardRequestStatus, {
        params: { id },
        signal: controller.signal,
        timeoutMs: CLUB_POLL_MS,
      });
      if (!stopped) onStatus(reply);
    } catch (error) {
      if (isAborted(error)) return;
      if (isRefusal(clubCardRequestStatus, error) && error.status < 500) {
        stopped = true;
        onRefused(error);
        return;
      }
    }
    if (!stopped) timer = window.setTimeout(poll, CLUB_POLL_MS);
  };
  void poll();

  let socket: WebSocket | null = null;
  if (typeof WebSocket !== 'undefined') {
    try {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${CLUB_CARD_REQUEST_SOCKET}`);
      socket.onmessage = (event) => {
        const reply = parse(event.data);
        if (reply && reply.id === id && !stopped) onStatus(reply);
      };
      // Polling alone is enough when the socket cannot connect.
      socket.onerror = () => undefined;
    } catch {
      socket = null;
    }
  }

  return () => {
    stopped = true;
    controller.abort();
    window.clearTimeout(timer);
    if (socket) {
      socket.onmessage = null;
      socket.close();
    }
  };
}

function parse(data: unknown): CardRequestStatusReply | null {
  try {
    const value = JSON.parse(String(data)) as Partial<CardRequestStatusReply>;
    return typeof value?.id === 'number' && typeof value.status === 'string'
      ? (value as CardRequestStatusReply)
      : null;
  } catch {
    return null;
  }
}
