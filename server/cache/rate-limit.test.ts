import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  UNTRACKED_COUNT,
} from './rate-limit';

let now = Date.parse('2026-11-22T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };

function behavesAsFixedWindow(
  name: string,
  make: () => RateLimitStore,
  sleep: (ms: number) => Promise<void>,
) {
  describe(name, () => {
    const store = make();
    const key = `k${Date.now()}${Math.random()}`;
    afterAll(() => store.close());

    it('counts hits in a window and reports the time left', async () => {
      expect(await store.peek(key)).toEqual({ count: 0, resetMs: 0 });
      expect((await store.hit(key, 200)).count).toBe(1);
      const second = await store.hit(key, 200);
      expect(second.count).toBe(2);
      expect(second.resetMs).toBeGreaterThan(0);
      expect(second.resetMs).toBeLessThanOrEqual(200);
      expect((await store.peek(key)).count).toBe(2);
      expect((await store.hit(key, 200, 5)).count).toBe(7);
    });

    it('starts a new window once the old one ends', async () => {
      const k = `${key}:window`;
      expect((await store.hit(k, 200, 3)).count).toBe(3);
      await sleep(250);
      expect((await store.peek(k)).count).toBe(0);
      expect((await store.hit(k, 200)).count).toBe(1);
    });

    it('counts concurrent hits exactly', async () => {
      const k = `${key}:burst`;
      const results = await Promise.all(Array.from({ length: 50 }, () => store.hit(k, 10_000)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });
  });
}

behavesAsFixedWindow(
  'memory store',
  () => createMemoryRateLimitStore(clock),
  async (ms) => {
    now += ms;
  },
);

// CI's PostgreSQL pass sets REDIS_URL (the machine's Redis), so the shared store is tested there.
describe.skipIf(!process.env.REDIS_URL)('redis', () => {
  behavesAsFixedWindow(
    'redis store',
    () => createRedisRateLimitStore(new Redis(process.env.REDIS_URL ?? ''), `test:${process.pid}:`),
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  );
});

describe('memory store bounds', () => {
  it('keeps a live lock when flooded with new keys: new keys answer limited instead', async () => {
    const store = createMemoryRateLimitStore(clock, 100);
    const lock = await store.hit('wrong:79161234567', 24 * 3600_000, 15);
    expect(lock.count).toBe(15);
    const flood: number[] = [];
    for (let i = 0; i < 1000; i++)
      flood.push((await store.hit(`req-ip:203.0.${i >> 8}.${i & 255}`, 3600_000)).count);
    // 99 new keys fit beside the lock; every later one is refused as limited, never tracked.
    expect(flood.slice(0, 99).every((c) => c === 1)).toBe(true);
    expect(flood.slice(99).every((c) => c === UNTRACKED_COUNT)).toBe(true);
    expect((await store.peek('wrong:79161234567')).count).toBe(15);
    expect((await store.peek('req-ip:203.0.3.231')).count).toBe(0);
    // A tracked key keeps counting while the store is full.
    expect((await store.hit('req-ip:203.0.0.0', 3600_000)).count).toBe(2);

    // Once the hour's windows end their keys leave, and new keys are tracked again; the lock stays.
    now += 3600_000;
    expect((await store.hit('req-ip:198.51.100.1', 3600_000)).count).toBe(1);
    expect((await store.peek('wrong:79161234567')).count).toBe(15);
  });

  it('a key that starts a new window is not dropped by the end of its old one', async () => {
    const store = createMemoryRateLimitStore(clock, 10);
    await store.hit('k', 1000);
    now += 1000;
    await store.hit('k', 60_000, 3);
    now += 1000;
    await store.hit('other', 60_000);
    expect((await store.peek('k')).count).toBe(3);
  });
});
