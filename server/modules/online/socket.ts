import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ROOM_CLOSE,
  ROOM_MESSAGE_MAX_BYTES,
  type RoomClientMessage,
  RoomClientMessageSchema,
  type RoomServerMessage,
} from '../../../core/online/contracts';
import type { RoomRole } from '../../../core/online/room';
import { ROOM_TEXTS } from '../../../core/online/texts';
import type { Clock } from '../../clock';
import { notFound } from '../../http/errors';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { refuseForeignSocket } from '../../security/csrf';
import { PERMISSIONS_POLICY } from '../../security/headers';
import type { OnlineRoomService } from './service';

/** How often an open room's socket reads its visit again (a cancelled visit's room closes). */
export const ROOM_CHECK_MS = 30_000;

/**
 * A socket's message budget: a token bucket of `burst` messages refilled at `perSecond`. ICE
 * gathering sends a few dozen candidates at once; a person types far fewer text lines.
 */
export const ROOM_LIMITS = {
  signal: { burst: 120, perSecond: 20 },
  text: { burst: 5, perSecond: 1 },
} as const;

/**
 * The room's page may use the camera and the microphone (our origin only); every other page
 * keeps them off (server/security/headers.ts).
 */
export const ROOM_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)').replace(
  'microphone=()',
  'microphone=(self)',
);
const ROOM_PAGE = /^\/appointment\/\d{1,9}\/online(\/|\?|$)/;

/** What one side publishes to the room's topic: who sent it, and the message. */
interface Envelope {
  /** The sending socket (a random id): a socket never hears itself. */
  from: string;
  role: RoomRole;
  /** 'join': a socket of `role` entered; an older socket of the same side closes. */
  message: RoomClientMessage | { type: 'join' };
}

function bucket({ burst, perSecond }: { burst: number; perSecond: number }, now: () => number) {
  let tokens: number = burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * `/ws/online/{appointmentId}`: the signalling of an online visit's consultation room
 * (docs/product/online-room.md, ADR 043). Only the visit's patient and its doctor get in, from
 * our own origin, while the room is open; anyone else is refused before the upgrade with the
 * error handler's JSON `{detail}` (401, 403, 404).
 *
 * The socket relays between the two sides through the event bus (server/realtime/bus.ts), so
 * the patient and the doctor may be connected to different app processes. Nothing is stored:
 * the offers, answers and candidates of WebRTC, the camera and microphone switches and the text
 * line pass through memory and the bus only. Media never touch the server (peer to peer, or
 * through the TURN relay).
 */
export async function onlineRoomSocketRoutes(
  app: FastifyInstance,
  {
    online,
    bus,
    publicUrl,
    clockOf,
    checkEveryMs = ROOM_CHECK_MS,
  }: {
    online: OnlineRoomService;
    bus: EventBus;
    publicUrl: string;
    /** The request's clock: the app's, or an end-to-end test's `test_now` (CLOCK_OVERRIDE). */
    clockOf: (request: FastifyRequest) => Clock;
    checkEveryMs?: number;
  },
) {
  // After the security headers' hook (registered first): the room's page gets its own policy.
  app.addHook('onRequest', (request, reply, done) => {
    if (ROOM_PAGE.test(request.url)) reply.header('permissions-policy', ROOM_PERMISSIONS_POLICY);
    done();
  });
  const refuseForeign = refuseForeignSocket(publicUrl);
  const admitted = new WeakMap<
    FastifyRequest,
    Awaited<ReturnType<OnlineRoomService['admit']>> & { id: number }
  >();
  const admit = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    refuseForeign(request);
    const { id: raw } = request.params;
    if (!/^\d{1,9}$/.test(raw)) throw notFound(ROOM_TEXTS.notFound);
    const id = Number(raw);
    admitted.set(request, {
      id,
      ...(await online.admit(await request.viewer(), id, clockOf(request).now())),
    });
  };

  app.get<{ Params: { id: string } }>(
    '/ws/online/:id',
    { websocket: true, preValidation: admit },
    (socket, request) => {
      const entry = admitted.get(request);
      if (!entry) return socket.close(ROOM_CLOSE.closed);
      const { id, role, closesAt, iceServers } = entry;
      const clock = clockOf(request);
      const me = randomUUID();
      const topic = TOPICS.onlineRoom(id);
      let closed = false;
      const send = (message: RoomServerMessage) => {
        if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const close = (code: number, reason: string) => {
        if (closed) return;
        stop();
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      const publish = (message: Envelope['message']) =>
        bus.publish(topic, { from: me, role, message } satisfies Envelope);

      const subscription = bus.subscribe(topic, (raw) => {
        const envelope = raw as Envelope;
        if (!envelope || envelope.from === me) return;
        if (envelope.role === role) {
          // The same side entered again (another tab, a reloaded page): the newest stays.
          if (envelope.message.type === 'join') close(ROOM_CLOSE.replaced, 'replaced');
          return;
        }
        if (envelope.message.type === 'join') return;
        send({ ...envelope.message, from: envelope.role });
      });

      const untilClosing = setTimeout(
        () => close(ROOM_CLOSE.closed, 'room closed'),
        Math.max(0, new Date(closesAt).getTime() - clock.now().getTime()),
      );
      const check = setInterval(() => {
        online.stillOpen(id, clock.now()).then(
          (open) => {
            if (!open) close(ROOM_CLOSE.closed, 'room closed');
          },
          (err) => request.log.warn({ err, id }, 'online room check failed'),
        );
      }, checkEveryMs);
      function stop() {
        closed = true;
        subscription.unsubscribe();
        clearTimeout(untilClosing);
        clearInterval(check);
      }
      socket.on('close', stop);
      socket.on('error', stop);

      const now = () => Date.now();
      const signalBudget = bucket(ROOM_LIMITS.signal, now);
      const textBudget = bucket(ROOM_LIMITS.text, now);
      socket.on('message', (data, isBinary) => {
        if (closed) return;
        const size = Array.isArray(data)
          ? data.reduce((n, b) => n + b.length, 0)
          : (data as Buffer).byteLength;
        if (isBinary || size > ROOM_MESSAGE_MAX_BYTES) return close(ROOM_CLOSE.abuse, 'message too large');
        if (!signalBudget()) return close(ROOM_CLOSE.abuse, 'too many messages');
        const text = String(data);
        if (text === 'ping') return socket.send('pong');
        let parsed: ReturnType<typeof RoomClientMessageSchema.safeParse>;
        try {
          parsed = RoomClientMessageSchema.safeParse(JSON.parse(text));
        } catch {
          return send({ type: 'error', detail: 'Непонятное сообщение' });
        }
        if (!parsed.success) return send({ type: 'error', detail: 'Непонятное сообщение' });
        const message = parsed.data;
        if (message.type === 'text' && !textBudget())
          return send({ type: 'error', detail: ROOM_TEXTS.tooFast });
        void publish(message);
      });

      // Listening first, then telling the other side (and an older tab of ours) we are here.
      void subscription.ready.then(async () => {
        if (closed) return;
        send({ type: 'welcome', role, iceServers, closesAt });
        await publish({ type: 'join' });
      });
    },
  );
}
