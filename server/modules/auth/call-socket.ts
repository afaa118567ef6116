import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors';
import type { AuthService } from './service';

/** How often an open socket asks whether its call came (the browser also polls every 5 s). */
const CHECK_EVERY_MS = 2000;

/**
 * `/ws/phone_confirmation/call/{uuid}?subscribe-broadcast` (docs/product/sign-in.md): tells the waiting
 * page the moment the patient's call arrived, so it can finish the request without waiting for
 * its next poll. Each socket checks its own request, so any app process can serve it.
 *
 * Browsers send the page's `Origin` with every websocket handshake and apply no same-origin
 * rule to websockets, so a handshake from another site's page is refused (403) before the
 * upgrade. A client without an Origin is no browser, so no visitor's cookies ride on it.
 */
export async function callSocketRoutes(
  app: FastifyInstance,
  { auth, publicUrl }: { auth: AuthService; publicUrl: string },
) {
  const publicOrigin = new URL(publicUrl).origin;
  const refuseForeignOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin)
      throw forbidden('Подключение с другого сайта запрещено');
  };
  app.get<{ Params: { uuid: string } }>(
    '/ws/phone_confirmation/call/:uuid',
    { websocket: true, onRequest: refuseForeignOrigin },
    (socket, request) => {
      const { uuid } = request.params;
      let timer: NodeJS.Timeout | null = null;
      let closed = false;
      const stop = () => {
        closed = true;
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
          if (state === 'confirmed') {
            socket.send(JSON.stringify({ status: 'confirmed' }));
            socket.close(1000);
            return;
          }
          if (state !== 'waiting') {
            socket.send(JSON.stringify({ status: 'expired' }));
            socket.close(1000);
            return;
          }
        } catch (err) {
          request.log.warn({ err, uuid }, 'call state check failed');
        }
        timer = setTimeout(check, CHECK_EVERY_MS);
      };
      void check();
    },
  );
}
