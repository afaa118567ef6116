import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CardRequestStatusReply } from '../../../core/club/contracts';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { refuseForeignSocket } from '../../security/csrf';
import type { ClubService } from './service';

/** How often an open socket reads its patient's newest request itself besides listening on the bus. */
export const CLUB_SOCKET_CHECK_MS = 2000;

/**
 * `/ws/club_card_request?subscribe-user`: tells the return page the moment its card request
 * changes status. Like the call-in socket (server/modules/auth/call-socket.ts) it listens on
 * the event bus (the process that applied the payment publishes) and also checks the database
 * itself, which is the truth: a bus message reaches only the processes connected at that moment.
 * The patient is the session's; work accounts and anonymous visitors are refused before the upgrade.
 */
export async function clubSocketRoutes(
  app: FastifyInstance,
  {
    club,
    bus,
    publicUrl,
    checkEveryMs = CLUB_SOCKET_CHECK_MS,
  }: { club: ClubService; bus: EventBus; publicUrl: string; checkEveryMs?: number },
) {
  const refuseForeign = refuseForeignSocket(publicUrl);
  const admit = async (request: FastifyRequest) => {
    refuseForeign(request);
    club.socketUser(await request.viewer());
  };
  app.get('/ws/club_card_request', { websocket: true, preValidation: admit }, async (socket, request) => {
    const userId = club.socketUser(await request.viewer());
    let timer: NodeJS.Timeout | null = null;
    let closed = false;
    let last = '';
    const send = (status: CardRequestStatusReply) => {
      const text = JSON.stringify(status);
      if (closed || text === last) return;
      last = text;
      socket.send(text);
    };
    const subscription = bus.subscribe(TOPICS.clubCardRequest(userId), (message) => {
      send(message as CardRequestStatusReply);
    });
    const stop = () => {
      closed = true;
      subscription.unsubscribe();
      if (timer) clearTimeout(timer);
    };
    socket.on('close', stop);
    socket.on('error', stop);
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
    const check = async () => {
      if (closed) return;
      try {
        const status = await club.latestRequestStatus(userId);
        if (status) send(status);
      } catch (err) {
        request.log.warn({ err, userId }, 'club card request check failed');
      }
      if (!closed) timer = setTimeout(check, checkEveryMs);
    };
    // Listening first, then reading the state: a change published in between is not missed.
    void subscription.ready.then(check);
  });
}
