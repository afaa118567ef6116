/** /readyz: 200 while the database answers; 503 once draining began, while requests are still served. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';

describe('readiness and the drain', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ db: database.db, clock: { now: () => new Date() } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 200, then 503 draining after startDraining(), while other requests still get answers', async () => {
    const before = await app.inject({ url: '/readyz' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ok: true });

    app.startDraining();
    const after = await app.inject({ url: '/readyz' });
    expect(after.statusCode).toBe(503);
    expect(after.json()).toEqual({ ok: false, draining: true });
    expect(after.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/towns/' })).statusCode).not.toBeGreaterThanOrEqual(500);
  });
});
