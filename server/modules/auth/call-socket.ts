import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { refuseForeignSocket } from '../../security/csrf';
import type { AuthService } from './service';

/** How often an open socket asks whether its call came (the browser also polls every 5 s). */
export const CALL_SOCKET_CHECK_MS = 2000;

/**
 * `/ws/phone_confirmation/call/{uuid}?subscribe-broadcast` (docs/product/sign-in.md): tells the waiting
 * page the moment the patient's call arrived, so it can finish the request without waiting for
 * its next poll.
 *
 * The socket listens on the event bus for its request's outcome (server/realtime/bus.ts): the
 * process that learns of the call (the provider's callback, a poll of the page) publishes it,
 * and whichever process holds the socket passes it on (ADR 010). Bus messages reach only the
 * processes connected at that moment, so the socket also checks its request itself every
 * `checkEveryMs`: the database is the truth, the bus only makes it quick.
 *
 * Browsers send the page's `Origin` with every websocket handshake and apply no same-origin
 * rule to websockets, so a handshake from another site's page is refused (403) before the
 * upgrade. A client without an Origin is no browser, so no visitor's cookies ride on it.
 */
export async function callSocketRoutes(
  app: FastifyInstance,
  {
    auth,
    publicUrl,
    bus,
    checkEveryMs = CALL_SOCKET_CHECK_MS,
  }: { auth: AuthService; publicUrl: string; bus: EventBus; checkEveryMs?: number },
) {
  const refuseForeign = refuseForeignSocket(publicUrl);
  const refuseForeignOrigin = async (request: FastifyRequest) => refuseForeign(request);
  app.get<{ Params: { uuid: string } }>(
    '/ws/phone_confirmation/call/:uuid',
    { websocket: true, onRequest: refuseForeignOrigin },
    (socket, request) => {
      const { uuid } = request.params;
      let timer: NodeJS.Timeout | null = null;
      let closed = false;
      const finish = (status: 'confirmed' | 'expired') => {
        if (closed) return;
        stop();
        socket.send(JSON.stringify({ status }));
        socket.close(1000);
      };
      const subscription = bus.subscribe(TOPICS.callIn(uuid), (message) => {
        const status = (message as { status?: unknown } | null)?.status;
        if (status === 'confirmed' || status === 'expired') finish(status);
      });
      const stop = () => {
        closed = true;
        subscription.unsubscribe();
        if (timer) clearTimeout(timer);
      };
      socket.on('close', stop);
      socket.on('error', stop);
      // The heartbeat: the browser pings; answer so it does not count a lost beat.
      socket.on('message', (data) => {
        if (String(data) === 'ping') socket.send('pong');
      });

      const check = async () => {
        if (closed) return;
        try {
          const state = await auth.callState(uuid);
          if (closed) return;
          if (state === 'confirmed') return finish('confirmed');
          if (state !== 'waiting') return finish('expired');
        } catch (err) {
          request.log.warn({ err, uuid }, 'call state check failed');
        }
        timer = setTimeout(check, checkEveryMs);
      };
      // Listening first, then reading the state: an outcome published in between is not missed.
      void subscription.ready.then(check);
    },
  );
}
