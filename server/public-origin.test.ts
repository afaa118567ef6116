/**
 * Pages name the site by PUBLIC_URL only: a Host or X-Forwarded-Host/-Proto header of another
 * site changes neither a rendered page nor the copy the page cache keeps for everyone, whether
 * or not the request came through a trusted proxy.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { fixedClock } from './clock';
import type { Database } from './db/client';
import { createClinic, createTown } from './db/seed/factories';
import { openTestDatabase } from './testing/database';
import { openPageBuild } from './testing/pages';

const PUBLIC_URL = 'https://portal.example.ru';
const CLINICS = `${PUBLIC_URL}/moskva/lpu/`;

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  await createClinic(database.db, { townId: town.id });
  await createClinic(database.db, { townId: town.id });
  pages = await openPageBuild();
});

afterAll(async () => {
  await pages?.close();
  await database?.close();
});

/** The page's canonical link and og:url. */
function canonicalUrls(html: string) {
  return {
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    ogUrl: html.match(/<meta property="og:url" content="([^"]*)"/)?.[1],
  };
}

/** The origins of the absolute URLs in the page's JSON-LD, but for the schema.org vocabulary. */
function jsonLdOrigins(html: string): Set<string> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  const urls = scripts.flatMap((s) => [...s[1].matchAll(/https?:\/\/[^"\\]+/g)].map((m) => m[0]));
  return new Set(urls.map((u) => new URL(u).origin).filter((o) => o !== 'https://schema.org'));
}

describe.each([
  { behind: 'no proxy', trustProxy: undefined },
  // Even a proxy whose X-Forwarded-* headers are believed does not choose the site's name.
  { behind: 'a trusted proxy', trustProxy: ['127.0.0.1'] },
])('a clinic list page, behind $behind', ({ trustProxy }) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({
      db: database.db,
      clock: fixedClock('2026-11-22T09:00:00Z'),
      pages: { build: pages.build, mode: 'development' },
      publicUrl: PUBLIC_URL,
      trustProxy,
      pageCacheTtlMs: 60_000,
    });
  });

  afterAll(() => app?.close());

  /** A request naming another site, then a plain one for the same URL from the cache. */
  async function poisonThenVisit(url: string, headers: InjectOptions['headers']) {
    const poisoned = await app.inject({ url, headers });
    const plain = await app.inject({ url });
    return { poisoned, plain };
  }

  function expectOnPublicOrigin(html: string) {
    expect(html).not.toContain('evil.example');
    expect(canonicalUrls(html)).toEqual({ canonical: CLINICS, ogUrl: CLINICS });
    expect(jsonLdOrigins(html)).toEqual(new Set([PUBLIC_URL]));
  }

  it('X-Forwarded-Host and -Proto change neither the page nor its cached copy', async () => {
    const { poisoned, plain } = await poisonThenVisit('/moskva/lpu/?cb=1', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(poisoned.statusCode).toBe(200);
    expect(poisoned.headers['x-page-cache']).toBe('miss');
    expectOnPublicOrigin(poisoned.body);
    expect(plain.headers['x-page-cache']).toBe('hit');
    expectOnPublicOrigin(plain.body);
  });

  it('a Host header of another site changes neither the page nor its cached copy', async () => {
    const { poisoned, plain } = await poisonThenVisit('/moskva/lpu/?cb=2', { host: 'evil.example' });
    expect(poisoned.statusCode).toBe(200);
    expectOnPublicOrigin(poisoned.body);
    expect(plain.headers['x-page-cache']).toBe('hit');
    expectOnPublicOrigin(plain.body);
  });

  it('a target that names another site is a path on this one', async () => {
    const slashes = await app.inject({ url: '//evil.example/moskva/lpu' });
    expect(slashes.statusCode).toBe(301);
    expect(slashes.headers.location).toBe('/evil.example/moskva/lpu/');
  });
});
