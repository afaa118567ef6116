/**
 * The award banner as anonymous visitors get it through the page cache: a visitor who hid it
 * gets pages without it, and nobody else gets that copy; the test clock is off unless the app
 * was built with it, and its pages are never cached.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs } from '../../testing/session';
import { defaultAwardYear } from './award-defaults';
import { addDefaultAwardYears } from './service';

const LIST = '/moskva/lpu/';
const PHASE = /data-award-phase="([a-z_]+)"/;

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  await createClinic(database.db, { townId: town.id });
  await addDefaultAwardYears(database.db, new Date('2026-11-05T09:00:00Z'));
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

const view = async (cookies: Record<string, string> = {}) => {
  const res = await app.inject({ url: LIST, cookies });
  expect(res.statusCode).toBe(200);
  return { phase: PHASE.exec(res.body)?.[1] ?? null, cache: res.headers['x-page-cache'], body: res.body };
};

describe('the award banner through the anonymous page cache', () => {
  it('keeps a hidden copy apart from the visible one', async () => {
    expect(await view()).toMatchObject({ phase: 'results', cache: 'miss' });
    expect(await view()).toMatchObject({ phase: 'results', cache: 'hit' });
    expect(await view({ award_banner: 'hidden' })).toMatchObject({ phase: null, cache: 'miss' });
    expect(await view({ award_banner: 'hidden' })).toMatchObject({ phase: null, cache: 'hit' });
    expect(await view()).toMatchObject({ phase: 'results', cache: 'hit' });
    // Any other value is no dismissal and shares the visible copy.
    expect(await view({ award_banner: 'shown-please' })).toMatchObject({ phase: 'results', cache: 'hit' });
  }, 60_000);

  it("never gives a query that spells a variant's key that variant's copy", async () => {
    const url = `${LIST}?sort=rating`;
    const hidden = await app.inject({ url, cookies: { award_banner: 'hidden' } });
    expect([hidden.headers['x-page-cache'], PHASE.exec(hidden.body)?.[1] ?? null]).toEqual(['miss', null]);
    // The key of that copy is the URL and the variant: a visitor may not reach it by writing
    // the variant into the query.
    const spelled = await app.inject({ url: `${url}|award-hidden` });
    expect(spelled.statusCode).toBe(200);
    expect(spelled.headers['x-page-cache']).toBe('miss');
    expect(PHASE.exec(spelled.body)?.[1]).toBe('results');
  }, 60_000);

  it('ignores the test clock cookie unless the app was built with it', async () => {
    const res = await view({ test_now: '2026-11-16T20:00:00+03:00' });
    expect(res.phase).toBe('results');
  });

  it("drops the cached pages when staff save the year's content", async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const year = defaultAwardYear(2026);
    const results = { ...year.content.results, title: 'Лауреаты премии 2026 объявлены' };
    const saved = await staff.inject({
      method: 'PUT',
      url: '/ajax/promo/award/2026/',
      payload: { ...year, content: { ...year.content, results } },
    });
    expect(saved.statusCode).toBe(200);
    const after = await view();
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Лауреаты премии 2026 объявлены');
  });
});

describe('the staff form /staff/promo/', () => {
  it('refuses anonymous visitors and patients', async () => {
    const anonymous = await app.inject({ url: '/staff/promo/' });
    expect(anonymous.body).toContain('Раздел только для сотрудников ПроДокторов');
    expect(anonymous.body).not.toContain('datetime-local');
    const patient = await signedInAs(app, database.db, { role: 'patient' });
    const res = await patient.inject({ method: 'GET', url: '/staff/promo/' });
    expect(res.body).toContain('Раздел только для сотрудников ПроДокторов');
  });

  it("shows a year's phases in Moscow time, the defaults for a year not saved yet", async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const res = await staff.inject({ method: 'GET', url: '/staff/promo/?year=2028' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('value="2028-11-16T19:00"');
    expect(res.body).toContain('Год ещё не сохранён');
  });
});

describe('with CLOCK_OVERRIDE (end-to-end tests)', () => {
  it("renders a page on the cookie's instant and never caches it", async () => {
    const e2e = await buildApp({
      db: database.db,
      clock: fixedClock('2026-11-05T09:00:00Z'),
      pages: { build: pages.build, mode: 'test' },
      pageCacheTtlMs: 60_000,
      clockOverride: true,
    });
    try {
      for (const _ of [1, 2]) {
        const res = await e2e.inject({ url: LIST, cookies: { test_now: '2026-11-16T19:00:00+03:00' } });
        expect(PHASE.exec(res.body)?.[1]).toBe('grand_prix_broadcast');
        expect(res.headers['x-page-cache']).toBeUndefined();
      }
    } finally {
      await e2e.close();
    }
  }, 60_000);
});
