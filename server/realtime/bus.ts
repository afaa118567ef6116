import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS_TIMEOUTS, type RedisLog } from '../cache/redis';

/** What a handler receives: the message as published (JSON-safe), and whether this process sent it. */
export type BusHandler = (message: unknown, meta: { own: boolean }) => void;

/**
 * A subscription: `ready` settles once messages to the topic reach this process (over Redis,
 * when the server confirmed SUBSCRIBE; at once in memory). It also settles when subscribing
 * failed or Redis did not confirm within a second (logged), so a listener never waits on an
 * outage: it reads the state and falls back to its own checks. Reading the state after `ready`
 * and then trusting the messages misses no change while Redis is up.
 */
export interface Subscription {
  ready: Promise<void>;
  unsubscribe(): void;
}

/**
 * Events between app processes: the call-in websocket's "the call came", page cache
 * invalidations, the club payment-status socket and the cabinet's live reception list. A
 * process publishes to a topic; every process subscribed to it (this one included) gets the
 * message. Delivery is at most once and only to processes connected at that moment: a
 * subscriber that must not miss a change also reads the truth from the database (ADR 010).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** Never throws: a message that cannot be sent is logged and dropped. */
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): Subscription;
  close(): Promise<void>;
}

/** Topic names, one place for every sender and listener. */
export const TOPICS = {
  callIn: (uuid: string) => `call-in:${uuid}`,
  pageCache: 'page-cache',
  /** A patient's club card requests' statuses (the return page's socket). */
  clubCardRequest: (userId: number) => `club-card-request:${userId}`,
  /** A clinic's or a doctor's visits changed (booked, cancelled, marked): the cabinet's live list. */
  visits: (side: 'clinic' | 'doctor', id: number) => `visits:${side}:${id}`,
  /** A clinic network's account switched branch: its open live lists reconnect to the new one. */
  branchSwitched: (userId: number) => `branch-switched:${userId}`,
  /** An online visit's consultation room: its two sides' signalling, relayed and never kept. */
  onlineRoom: (appointmentId: number) => `online-room:${appointmentId}`,
} as const;

/** Handlers by topic with the bookkeeping both buses share. */
function handlerRegistry(onFirst: (topic: string) => Promise<void>, onLast: (topic: string) => void) {
  const handlers = new Map<string, { set: Set<BusHandler>; ready: Promise<void> }>();
  return {
    add(topic: string, handler: BusHandler): Subscription {
      let entry = handlers.get(topic);
      if (!entry) {
        entry = { set: new Set(), ready: Promise.resolve() };
        handlers.set(topic, entry);
        entry.ready = onFirst(topic);
      }
      const { set, ready } = entry;
      set.add(handler);
      return {
        ready,
        unsubscribe: () => {
          if (!set.delete(handler) || set.size > 0) return;
          handlers.delete(topic);
          onLast(topic);
        },
      };
    },
    deliver(topic: string, message: unknown, own: boolean, onError: (err: unknown) => void) {
      for (const handler of [...(handlers.get(topic)?.set ?? [])]) {
        try {
          handler(message, { own });
        } catch (err) {
          onError(err);
        }
      }
    },
    clear: () => handlers.clear(),
  };
}

/** One process: messages go straight to this process's handlers (tests, PGlite, no REDIS_URL). */
export function createMemoryBus(log?: { warn(obj: object, msg: string): void }): EventBus {
  const registry = handlerRegistry(
    async () => {},
    () => {},
  );
  return {
    kind: 'memory',
    async publish(topic, message) {
      // Asynchronous as over Redis, so no caller depends on a handler running inside publish.
      queueMicrotask(() =>
        registry.deliver(topic, message, true, (err) => log?.warn({ err, topic }, 'bus handler failed')),
      );
    },
    subscribe: (topic, handler) => registry.add(topic, handler),
    async close() {
      registry.clear();
    },
  };
}

const PREFIX = 'portal:bus:';

/**
 * Redis pub/sub. Publishing uses the shared fail-fast client (server/cache/redis.ts): during
 * an outage a message is dropped and logged, never waited for. Receiving needs a connection of
 * its own (a subscribed connection runs no other commands); it reconnects by itself and
 * subscribes again to every topic. An outage is logged once and never crashes the process.
 */
export function createRedisBus(url: string, publisher: Redis, log: RedisLog): EventBus {
  const origin = randomUUID();
  const subscriber = new Redis(url, {
    connectTimeout: 1000,
    // SUBSCRIBE sent while disconnected waits for the connection instead of failing.
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  subscriber.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`Redis subscriber unavailable (${error.message}); events from other processes wait for it`);
  });
  subscriber.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis subscriber available again');
  });
  const warnFailure = (what: string) => (err: unknown) =>
    log.warn(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  const registry = handlerRegistry(
    (topic) => {
      let timer: NodeJS.Timeout | undefined;
      const confirmed = subscriber.subscribe(PREFIX + topic).then(
        () => {},
        (err) => warnFailure(`subscribe ${topic}`)(err),
      );
      // Still subscribed later, when Redis comes back (ioredis queues the command).
      const givenUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, REDIS_TIMEOUTS.connectMs);
      });
      return Promise.race([confirmed, givenUp]).finally(() => clearTimeout(timer));
    },
    (topic) => void subscriber.unsubscribe(PREFIX + topic).catch(warnFailure(`unsubscribe ${topic}`)),
  );
  subscriber.on('message', (channel: string, raw: string) => {
    if (!channel.startsWith(PREFIX)) return;
    let envelope: { from?: string; message?: unknown };
    try {
      envelope = JSON.parse(raw);
    } catch {
      return;
    }
    registry.deliver(
      channel.slice(PREFIX.length),
      envelope.message,
      envelope.from === origin,
      warnFailure('bus handler failed'),
    );
  });
  return {
    kind: 'redis',
    async publish(topic, message) {
      try {
        await publisher.publish(PREFIX + topic, JSON.stringify({ from: origin, message }));
      } catch (err) {
        warnFailure(`publish ${topic} dropped`)(err);
      }
    },
    subscribe: (topic, handler) => registry.add(topic, handler),
    async close() {
      registry.clear();
      subscriber.disconnect();
    },
  };
}
