/**
 * Client navigations fetch a page's loader data from its data URL. React Router 8 keeps a page's
 * trailing slash in that URL ('/moskva/lpu/_.data') and hands loaders the raw request, whose URL
 * carries the router's own `_routes` parameter: loaders read the normalized `url` instead, so the
 * query a list page links on with is the visitor's alone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { fixedClock } from './clock';
import type { Database } from './db/client';
import { createClinic, createTown } from './db/seed/factories';
import { openTestDatabase } from './testing/database';
import { openPageBuild } from './testing/pages';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  await createClinic(database.db, { townId: town.id });
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    publicUrl: 'https://portal.example.ru',
    pageCacheTtlMs: 60_000,
  });
});

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

describe("a list page's data request", () => {
  it('answers at the slash-terminated data URL, without a redirect', async () => {
    const reply = await app.inject({ url: '/moskva/lpu/_.data' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/x-script');
    expect(reply.body).toContain('moskva');
  });

  it("gives the loader the visitor's query, not the router's `_routes`", async () => {
    const reply = await app.inject({ url: '/moskva/lpu/_.data?sort=name&_routes=routes%2Fclinics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('"?sort=name"');
    expect(reply.body).not.toContain('_routes=');
  });

  it('is never kept in the page cache, and leaves the page it belongs to uncached', async () => {
    const data = await app.inject({ url: '/moskva/lpu/_.data?cb=1' });
    expect(data.headers['x-page-cache']).toBeUndefined();
    const page = await app.inject({ url: '/moskva/lpu/?cb=1' });
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(page.body).toContain('<!DOCTYPE html>');
  });
});
