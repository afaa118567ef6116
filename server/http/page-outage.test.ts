/**
 * A page whose loader meets a database out of reach answers as the calls do
 * (database-outage.test.ts): 503 with Retry-After and the page's 'Обновите страницу' text,
 * never cached, and the log says so once per cause, not once per page.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { createClinic, createTown } from '../db/seed/factories';
import { openTestDatabase } from '../testing/database';
import { testPages } from '../testing/pages';
import { OUTAGE_RETRY_AFTER_S } from './page-errors';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
let townSlug = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db);
  townSlug = town.slug;
  await createClinic(database.db, { townId: town.id });
  const built = await testPages();
  closePages = built.close;
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z'), pages: built.pages });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  await closePages?.();
  await database?.close().catch(() => {});
});

describe('a page during a database outage', () => {
  it('answers 503 with Retry-After and the reload text, logged once', { timeout: 120_000 }, async () => {
    const url = `/${townSlug}/lpu/`;
    expect((await app.inject({ url })).statusCode).toBe(200);
    await database.close();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ url: `${url}?page=${i + 2}` });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_S));
        expect(res.body).toContain('Обновите страницу и попробуйте еще раз.');
      }
      const outageLines = logged.mock.calls.filter((args) =>
        String(args[0]).startsWith('database unavailable'),
      );
      expect(outageLines).toHaveLength(1);
      expect(logged.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      logged.mockRestore();
    }
  });
});
