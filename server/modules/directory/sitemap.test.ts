/**
 * The sitemap against the sitemaps.org protocol 0.9 (structural checks: no XSD validator is
 * installed): the index and each file in the protocol's namespace, every <loc> absolute, at most
 * 2,048 characters and entity-escaped, at most 50,000 URLs per file, no URL listed twice; and the
 * doctor and clinic files cut at the file size and read page by page (small limits here).
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openSeededDatabase } from '../../testing/seeded-database';
import { createTownService } from '../towns/service';
import { escapeXml, MAX_LOC_LENGTH, PROTOCOL_MAX_URLS, sitemapRoutes, urlsetStream } from './sitemap';

const ORIGIN = 'https://portal.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

let database: Database;
let app: FastifyInstance;
let doctorCount = 0;
let clinicCount = 0;

/** Small files of 70 URLs read 16 rows at a time, so a file takes several pages and the tiny set several files. */
const limits = { urlsPerFile: 70, pageRows: 16 };

beforeAll(async () => {
  database = await openSeededDatabase({ size: 'tiny', seed: 7, now: new Date('2026-11-22T09:00:00Z') });
  const counts = await database.db.execute<{ doctors: number; clinics: number }>(
    sql`SELECT (SELECT count(*) FROM doctors)::int AS doctors, (SELECT count(*) FROM clinics)::int AS clinics`,
  );
  doctorCount = counts.rows[0].doctors;
  clinicCount = counts.rows[0].clinics;
  app = Fastify();
  const towns = createTownService({ db: database.db });
  await sitemapRoutes(app, { db: database.db, towns, origin: ORIGIN, limits });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface Parsed {
  root: string;
  locs: string[];
}

/** The checks every sitemap document must pass; returns its root element and its <loc>s (unescaped). */
function checkDocument(body: string, root: 'urlset' | 'sitemapindex'): Parsed {
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const item = root === 'urlset' ? 'url' : 'sitemap';
  const open = new RegExp(`^<${root} xmlns="${NS.replaceAll('.', '\\.')}">`);
  const doc = body.slice(body.indexOf('\n') + 1);
  expect(doc).toMatch(open);
  expect(doc.endsWith(`</${root}>`)).toBe(true);
  // Only <item><loc>…</loc>[<lastmod>…</lastmod>]</item> between the root's tags.
  const inner = doc.slice(doc.indexOf('>') + 1, doc.length - `</${root}>`.length);
  const itemRe = new RegExp(`<${item}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${item}>`, 'g');
  expect(inner.replace(itemRe, '')).toBe('');
  const locs: string[] = [];
  for (const m of inner.matchAll(itemRe)) {
    const raw = m[1];
    // Escaped: no bare '&' (only entities), no quotes or angle brackets.
    expect(raw).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(raw).not.toMatch(/["'<>]/);
    const loc = raw.replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
    );
    expect(loc.length).toBeLessThanOrEqual(MAX_LOC_LENGTH);
    expect(new URL(loc).origin).toBe(ORIGIN);
    expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
    // W3C datetime, if present (the protocol's lastmod).
    if (m[2] !== undefined)
      expect(m[2]).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/);
    locs.push(loc);
  }
  expect(locs.length).toBeGreaterThan(0);
  expect(locs.length).toBeLessThanOrEqual(PROTOCOL_MAX_URLS);
  expect(new Set(locs).size).toBe(locs.length);
  return { root, locs };
}

describe('sitemap (sitemaps.org protocol 0.9)', () => {
  it('is an index of files that each pass the protocol, listing every doctor and clinic once', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    const files = checkDocument(index.body, 'sitemapindex').locs;
    const doctorFiles = Math.ceil(doctorCount / limits.urlsPerFile);
    const clinicFiles = Math.ceil(clinicCount / limits.urlsPerFile);
    expect(doctorFiles).toBeGreaterThan(1);
    expect(files).toHaveLength(2 + doctorFiles + clinicFiles);

    const all: string[] = [];
    for (const file of files) {
      const res = await app.inject({ url: new URL(file).pathname });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/xml/);
      const { locs } = checkDocument(res.body, 'urlset');
      if (/sitemap-(doctors|clinics)-/.test(file))
        expect(locs.length).toBeLessThanOrEqual(limits.urlsPerFile);
      all.push(...locs);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((u) => /\/vrach\/\d+-/.test(u))).toHaveLength(doctorCount);
    expect(all.filter((u) => /\/lpu\/\d+-/.test(u))).toHaveLength(clinicCount);
    // The last doctor file holds the rest; the one after it does not exist.
    const last = await app.inject({ url: `/sitemap-doctors-${doctorFiles}.xml` });
    expect(checkDocument(last.body, 'urlset').locs).toHaveLength(
      doctorCount - (doctorFiles - 1) * limits.urlsPerFile,
    );
    expect((await app.inject({ url: `/sitemap-doctors-${doctorFiles + 1}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-doctors-0.xml' })).statusCode).toBe(404);
  });

  it('keeps a full file exactly at the file size, in id order, across pages', async () => {
    const res = await app.inject({ url: '/sitemap-doctors-1.xml' });
    const ids = checkDocument(res.body, 'urlset').locs.map((u) => Number(/\/vrach\/(\d+)-/.exec(u)?.[1]));
    expect(ids).toHaveLength(limits.urlsPerFile);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('urlsetStream', () => {
  it('writes one chunk per page and escapes each <loc>', async () => {
    async function* pages() {
      yield ['/a/', '/b/?x=1&y=<2>'];
      yield ["/c/'q'"];
    }
    const chunks: string[] = [];
    for await (const chunk of urlsetStream(ORIGIN, pages())) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    const { locs } = checkDocument(chunks.join(''), 'urlset');
    expect(locs).toEqual([`${ORIGIN}/a/`, `${ORIGIN}/b/?x=1&y=<2>`, `${ORIGIN}/c/'q'`]);
    expect(escapeXml(`a&b<c>"'`)).toBe('a&amp;b&lt;c&gt;&quot;&apos;');
  });
});
