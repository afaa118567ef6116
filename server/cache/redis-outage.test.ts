/** Redis down: sign-in fails fast with 503 and the product's text, pages keep working, /readyz tells. */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createClinic, createTown } from '../db/seed/factories';
import { MAP_CALLS_PER_MINUTE } from '../modules/map/routes';
import { injectWithCsrf } from '../testing/csrf';
import { openTestDatabase } from '../testing/database';
import { signedInAs } from '../testing/session';
import { createRedisRateLimitStore } from './rate-limit';
import { createRedisClient } from './redis';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function appWithRedis(url: string) {
  const log = { warn: vi.fn(), info: vi.fn() };
  const redis = createRedisClient(url, log);
  const emit = vi.spyOn(redis, 'emit');
  const app = await buildApp({
    db: database.db,
    clock: { now: () => new Date() },
    auth: { limits: createRedisRateLimitStore(redis, `test:${process.pid}:`) },
  });
  const errorsEmitted = () => emit.mock.calls.filter(([event]) => event === 'error').length;
  return { app, redis, log, errorsEmitted };
}

const requestCode = (app: FastifyInstance, phone: string) =>
  injectWithCsrf(app, { url: '/services/sso/confirmation/request/', payload: { phone } });

describe('Redis at a closed port', () => {
  let app: FastifyInstance;
  let redis: Redis;
  let log: { warn: ReturnType<typeof vi.fn>; info: ReturnType<typeof vi.fn> };
  let errorsEmitted: () => number;
  const consoleError = vi.spyOn(console, 'error');

  beforeAll(async () => {
    ({ app, redis, log, errorsEmitted } = await appWithRedis('redis://127.0.0.1:1'));
  });
  afterAll(async () => {
    redis.disconnect();
    await app.close();
    consoleError.mockRestore();
  });

  it('a code request answers 503 with the reload text at once', async () => {
    const started = performance.now();
    const res = await requestCode(app, '79161234567');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'service_unavailable',
      detail: 'Произошла ошибка. Обновите страницу и попробуйте еще раз.',
    });
  });

  it('a code check answers 503 too', async () => {
    const res = await injectWithCsrf(app, {
      url: '/services/sso/confirmation/confirm/?client_id=portal',
      payload: { phone: '79161234567', code: '1234', service_id: null },
    });
    expect(res.statusCode).toBe(503);
  });

  it('handles every connection error, logging the outage once', async () => {
    await vi.waitFor(() => expect(errorsEmitted()).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(redis.listenerCount('error')).toBeGreaterThan(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatch(/^Redis unavailable/);
    const unhandled = consoleError.mock.calls.filter((args) => String(args[0]).includes('Unhandled error'));
    expect(unhandled).toEqual([]);
  });

  it('/readyz answers 503 naming Redis; /healthz and pages keep answering 200', async () => {
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, failed: ['redis'] });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/towns/' })).statusCode).toBe(200);
  });
});

describe('Redis at a dead port: the map and the MIS API keep working', () => {
  let app: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    // The port 0 trick: a port the system just gave out and that nothing listens on any more.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    ({ app, redis } = await appWithRedis(`redis://127.0.0.1:${port}`));
  });
  afterAll(async () => {
    redis.disconnect();
    await app.close();
  });

  it('the map answers, its per-address limit counted in this process meanwhile', async () => {
    const town = await createTown(database.db, { lat: 55.75, lon: 37.62 });
    const url = `/api/map/suggest/?town=${town.slug}&q=${encodeURIComponent('тверская')}`;
    expect((await app.inject({ url: `/api/map/towns/${town.slug}/` })).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < MAP_CALLS_PER_MINUTE + 1; i++) answers.push((await app.inject({ url })).statusCode);
    expect(answers.slice(0, MAP_CALLS_PER_MINUTE)).toEqual(Array(MAP_CALLS_PER_MINUTE).fill(200));
    expect(answers.at(-1)).toBe(429);
  }, 60_000);

  it('a clinic’s software reads its doctors with its key, limited per key in this process', async () => {
    const town = await createTown(database.db);
    const clinic = await createClinic(database.db, { townId: town.id, softwareVersion: 'PRO' });
    const account = await signedInAs(app, database.db, { role: 'clinic', clinicId: clinic.id });
    const key = await account.inject({
      url: '/cabinet/ajax/mis-keys/',
      payload: { label: 'МИС', scopes: ['slots', 'doctors', 'appointments:read', 'appointments:write'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const headers = { authorization: `Bearer ${key.json().secret}` };
    const doctors = await app.inject({ url: '/api/mis/v1/doctors/', headers });
    expect(doctors.statusCode, doctors.body).toBe(200);
  }, 60_000);

  it('sign-in still stops (503): it never runs without its shared limits', async () => {
    expect((await requestCode(app, '79161234568')).statusCode).toBe(503);
  });
});

// CI's PostgreSQL pass sets REDIS_URL (the machine's Redis).
describe.skipIf(!process.env.REDIS_URL)('Redis answering', () => {
  it('/readyz answers 200 and a code is sent', async () => {
    const { app, redis, log } = await appWithRedis(process.env.REDIS_URL ?? '');
    try {
      await vi.waitFor(() => expect(redis.status).toBe('ready'), { timeout: 5000 });
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });
      expect((await requestCode(app, `7916${String(Date.now()).slice(-7)}`)).statusCode).toBe(200);
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});
