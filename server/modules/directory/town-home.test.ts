/**
 * A town's own address (/{town}/) is its home: the search, the specialities, the nearest free
 * times (the doctors' list sorted by them), the best clinics; cached for anonymous visitors like
 * the other directory pages; an unknown town is a 404. Also the legal pages of a start without
 * the operator's settings (the demo operator, marked).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR_NOTE } from '../../../core/legal/document';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
const town = { slug: '', nameGen: '', speciality: '', best: '', unrated: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const t = await createTown(db);
  const speciality = await createSpeciality(db);
  const best = await createClinic(db, {
    townId: t.id,
    name: 'Клиника «Лучшая»',
    rating: 4.9,
    reviewsCount: 40,
  });
  // Too few reviews for the top list.
  const unrated = await createClinic(db, {
    townId: t.id,
    name: 'Клиника «Новая»',
    rating: 5,
    reviewsCount: 2,
  });
  await createDoctor(db, { townId: t.id, clinicIds: [best.id], specialityIds: [speciality.id] });
  await createDoctor(db, { townId: t.id, clinicIds: [unrated.id], specialityIds: [speciality.id] });
  Object.assign(town, {
    slug: t.slug,
    nameGen: t.nameGen,
    speciality: speciality.translit,
    best: best.name,
    unrated: unrated.name,
  });
  const built = await testPages();
  closePages = built.close;
  app = await buildApp({
    db,
    clock: fixedClock('2026-12-04T09:00:00Z'),
    pages: built.pages,
    pageCacheTtlMs: 60_000,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

describe('a town’s home', () => {
  it('offers the search, the specialities, the nearest free times and the best clinics', async () => {
    const res = await app.inject({ url: `/${town.slug}/` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`Врачи и клиники ${town.nameGen}`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/${town.slug}/"/>`);
    expect(html).toMatch(/<meta name="description" content="Врачи и клиники [^"]+ближайшее свободное время/);
    expect(html).toContain('role="combobox"');
    expect(html).toContain(`href="/${town.slug}/vrach/?sort=nearest"`);
    expect(html).toContain(`href="/${town.slug}/vrach/${town.speciality}/?sort=nearest"`);
    expect(html).toContain(`href="/${town.slug}/vrach/${town.speciality}/"`);
    expect(html).toContain(town.best);
    expect(html).not.toContain(town.unrated);
    expect(html).toContain(`href="/${town.slug}/top/kliniki/"`);
  });

  it('is served from the page cache to the next anonymous visitor', async () => {
    await app.inject({ url: `/${town.slug}/` });
    const again = await app.inject({ url: `/${town.slug}/` });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-page-cache']).toBe('hit');
  });

  it('is a 404 for an unknown town, and its address without the slash redirects', async () => {
    expect((await app.inject({ url: '/no-such-town/' })).statusCode).toBe(404);
    const bare = await app.inject({ url: `/${town.slug}` });
    expect([301, 308]).toContain(bare.statusCode);
    expect(bare.headers.location).toBe(`/${town.slug}/`);
  });
});

describe('the legal pages of a start without the operator’s settings', () => {
  it('name the demo operator and say it is a demo', async () => {
    const res = await app.inject({ url: '/privacy/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Демонстрационный оператор');
    expect(res.body).toContain('ИНН: 0012345673');
    expect(res.body).toContain('ОГРН: 1020001234560');
    expect(res.body).toContain(DEMO_OPERATOR_NOTE);
    expect(res.body).not.toContain('заполняется администрацией');
  });
});
