/** The event bus: one process's, and Redis pub/sub between two buses (when REDIS_URL is set). */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from '../cache/page-cache';
import { shareInvalidations } from '../cache/page-cache-sync';
import { freePort } from '../testing/free-port';
import { type BusHandler, createMemoryBus, createRedisBus, type EventBus } from './bus';

const quiet = { warn: () => {}, info: () => {} };
const clock = { now: () => new Date('2026-03-01T10:00:00Z') };

/** Resolves with the first message a topic receives. */
function nextMessage(bus: EventBus, topic: string) {
  return new Promise<{ message: unknown; own: boolean }>((resolve) => {
    const sub = bus.subscribe(topic, ((message, { own }) => {
      sub.unsubscribe();
      resolve({ message, own });
    }) as BusHandler);
  });
}

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('memory bus', () => {
  it('delivers to this process’s subscribers and stops after unsubscribe', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    const sub = bus.subscribe('t', (m) => got.push(m));
    await sub.ready;
    await bus.publish('t', { a: 1 });
    await until(() => got.length === 1);
    sub.unsubscribe();
    await bus.publish('t', { a: 2 });
    await bus.publish('other', { a: 3 });
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual([{ a: 1 }]);
  });

  it('a failing handler does not stop the others', async () => {
    const bus = createMemoryBus({ warn: () => {} });
    bus.subscribe('t', () => {
      throw new Error('boom');
    });
    const message = nextMessage(bus, 't');
    await bus.publish('t', 'x');
    await expect(message).resolves.toEqual({ message: 'x', own: true });
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('Redis bus (REDIS_URL)', () => {
  const opened: { bus: EventBus; client: Redis }[] = [];
  const open = () => {
    const client = new Redis(redisUrl ?? '', { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const bus = createRedisBus(redisUrl ?? '', client, quiet);
    opened.push({ bus, client });
    return bus;
  };
  afterEach(async () => {
    for (const { bus, client } of opened.splice(0)) {
      await bus.close();
      client.disconnect();
    }
  });

  /** Publishes until the other side is subscribed (SUBSCRIBE is asynchronous), then resolves. */
  async function publishUntilHeard(from: EventBus, to: Promise<unknown>, topic: string, message: unknown) {
    let heard = false;
    void to.then(() => {
      heard = true;
    });
    const deadline = Date.now() + 5000;
    while (!heard) {
      if (Date.now() > deadline) throw new Error('never heard');
      await from.publish(topic, message);
      await new Promise((r) => setTimeout(r, 50));
    }
    return to;
  }

  it('carries a message from one process’s bus to another’s, marked as not its own', async () => {
    const a = open();
    const b = open();
    const topic = `test-${Math.random()}`;
    const onA = nextMessage(a, topic);
    await expect(publishUntilHeard(b, onA, topic, { status: 'confirmed' })).resolves.toEqual({
      message: { status: 'confirmed' },
      own: false,
    });
  });

  it('drops a page cache entry on the other process when a writer invalidates its tag', async () => {
    const a = open();
    const b = open();
    const cacheA = shareInvalidations(createPageCache({ clock, ttlMs: 60_000, maxBytes: 1e6 }), a);
    const cacheB = shareInvalidations(createPageCache({ clock, ttlMs: 60_000, maxBytes: 1e6 }), b);
    const page = { status: 200, headers: [], body: Buffer.from('x') };
    // Both processes subscribe to the same topic; wait for A's subscription with a probe.
    const probeTopic = 'page-cache';
    const heard = nextMessage(a, probeTopic);
    await publishUntilHeard(b, heard, probeTopic, { tags: [] });
    cacheA.set('/doctor/1/', page, ['doctor:1']);
    cacheB.set('/doctor/1/', page, ['doctor:1']);
    cacheB.invalidate(['doctor:1']);
    expect(cacheB.get('/doctor/1/')).toBeNull();
    await until(() => cacheA.stats().pages === 0);
    expect(cacheA.get('/doctor/1/')).toBeNull();
  });

  it('publishing while Redis is unreachable is dropped and logged, not thrown', async () => {
    const warnings: string[] = [];
    // A port found free: nothing listens there.
    const unreachable = `redis://127.0.0.1:${await freePort()}`;
    const client = new Redis(unreachable, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    client.on('error', () => {});
    const bus = createRedisBus(unreachable, client, {
      warn: (m) => warnings.push(m),
      info: () => {},
    });
    opened.push({ bus, client });
    await expect(bus.publish('t', 1)).resolves.toBeUndefined();
    await until(() => warnings.some((w) => w.includes('publish t dropped')));
    // A subscription does not keep its listener waiting for Redis to come back.
    const sub = bus.subscribe('t', () => {});
    await expect(sub.ready).resolves.toBeUndefined();
    sub.unsubscribe();
  });
});
