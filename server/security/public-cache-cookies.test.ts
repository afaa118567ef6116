/**
 * No Set-Cookie on an answer shared caches may keep (issue 48): a CDN or proxy that stores a
 * `Cache-Control: public` answer with its `csrftoken` cookie hands that one token to everyone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIS_API } from '../../core/mis/calls';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { clinicLicences } from '../db/schema/clinics';
import { createClinic, createTown } from '../db/seed/factories';
import { openTestDatabase } from '../testing/database';

let database: Database;
let app: FastifyInstance;
let town: string;
let licence: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const created = await createTown(database.db);
  town = created.slug;
  const clinic = await createClinic(database.db, { townId: created.id });
  const [row] = await database.db
    .insert(clinicLicences)
    .values({
      clinicId: clinic.id,
      number: 'ЛО-77-01-000001',
      issuedAt: '2020-01-01',
      authority: 'Росздравнадзор',
    })
    .returning();
  licence = row.id;
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('publicly cacheable answers', () => {
  it('carry no Set-Cookie for an anonymous visitor', async () => {
    const urls = [
      `/ajax/search/?q=${encodeURIComponent('тера')}&town=${town}`,
      '/ajax/towns/list/',
      `/media/licences/${licence}.svg`,
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-towns.xml',
      '/sitemap-lists.xml',
      `${MIS_API}openapi.json`,
    ];
    for (const url of urls) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/\bpublic\b/);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('while a private answer still gives the visitor a CSRF token', async () => {
    const res = await app.inject({ url: '/api/auth/pull/' });
    expect(res.headers['cache-control'] ?? '').not.toMatch(/\bpublic\b/);
    expect(String(res.headers['set-cookie'])).toMatch(/^csrftoken=/);
  });
});
