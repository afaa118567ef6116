/**
 * The town's catalog (/{town}/katalog/[{speciality}/]) lists every narrower list; a list page
 * shows the first few of each kind and links to the catalog's section for the rest, so its HTML
 * carries no folded-away lists.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogUrl, clinicsUrl, doctorsUrl } from '../../../core/directory/list-urls';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { districts, metroStations } from '../../db/schema/towns';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
let town: string;
let firstSpec: string;
const SPECIALITIES = 8;
const STATIONS = 9;

/** The page's HTML without its scripts (the loader data, JSON-LD). */
const markup = (html: string) => html.replace(/<script\b[^>]*>.*?<\/script>/gs, '');
/** The hrefs of the links in the section headed by the element with this id. */
function sectionLinks(html: string, headingId: string): string[] {
  const section = new RegExp(`<section aria-labelledby="${headingId}".*?</section>`, 's').exec(html);
  return section ? [...section[0].matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]) : [];
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const t = await createTown(db);
  town = t.slug;
  const stations = await db
    .insert(metroStations)
    .values(
      Array.from({ length: STATIONS }, (_, i) => ({
        townId: t.id,
        name: `Станция ${i + 1}`,
        slug: `st-${i + 1}`,
      })),
    )
    .returning();
  const [district] = await db
    .insert(districts)
    .values({ townId: t.id, name: 'Центральный', slug: 'centralnyy' })
    .returning();
  for (let i = 0; i < SPECIALITIES; i++) {
    const speciality = await createSpeciality(db);
    if (i === 0) firstSpec = speciality.translit;
    const clinic = await createClinic(db, {
      townId: t.id,
      metroId: stations[i % STATIONS].id,
      districtId: district.id,
    });
    await createDoctor(db, { townId: t.id, clinicIds: [clinic.id], specialityIds: [speciality.id] });
  }
  const built = await testPages();
  closePages = built.close;
  app = await buildApp({ db, clock: fixedClock('2026-12-04T09:00:00Z'), pages: built.pages });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

describe('a list page', () => {
  it('shows six of each kind of link and leads to the catalog for the rest, with nothing folded away', async () => {
    const res = await app.inject({ url: doctorsUrl(town) });
    expect(res.statusCode).toBe(200);
    const html = markup(res.body);
    expect(html).not.toContain('<details');
    expect(sectionLinks(html, 'specs-h').filter((h) => h.startsWith(doctorsUrl(town)))).toHaveLength(6);
    expect(html).toContain(`<a href="${catalogUrl(town)}#specs-h"`);
    expect(html).toContain(`Все специальности (${SPECIALITIES})`);
    expect(html).toContain(`<a href="${catalogUrl(town)}#metro-h"`);
    expect(html).toContain(`Все станции (${STATIONS})`);
    // One district: no link on to more.
    expect(html).not.toContain('#districts-h');

    const spec = markup((await app.inject({ url: doctorsUrl(town, firstSpec) })).body);
    expect(spec).toContain(`<a href="${catalogUrl(town, firstSpec)}#metro-h"`);

    const clinics = markup((await app.inject({ url: clinicsUrl(town) })).body);
    expect(clinics).not.toContain('<details');
    expect(clinics).toContain(`<a href="${catalogUrl(town)}#lpu-metro-h"`);
  });
});

describe('the catalog', () => {
  it('lists every speciality, station and district of the town for doctors and clinics', async () => {
    const res = await app.inject({ url: catalogUrl(town) });
    expect(res.statusCode).toBe(200);
    const html = markup(res.body);
    expect(html).toContain('<h1');
    expect(html).toContain('Каталог врачей и клиник');
    const specs = sectionLinks(html, 'specs-h');
    expect(specs).toHaveLength(SPECIALITIES);
    expect(specs).toContain(doctorsUrl(town, firstSpec));
    expect(sectionLinks(html, 'metro-h')).toEqual(
      expect.arrayContaining([`/${town}/metro/st-1/vrach/`, `/${town}/metro/st-${STATIONS}/vrach/`]),
    );
    expect(sectionLinks(html, 'metro-h')).toHaveLength(STATIONS);
    expect(sectionLinks(html, 'lpu-metro-h')).toHaveLength(STATIONS);
    expect(sectionLinks(html, 'lpu-metro-h')).toContain(`/${town}/metro/st-1/lpu/`);
    expect(sectionLinks(html, 'districts-h')).toEqual([`/${town}/rayon/centralnyy/vrach/`]);
    expect(sectionLinks(html, 'lpu-districts-h')).toEqual([`/${town}/rayon/centralnyy/lpu/`]);
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${catalogUrl(town)}"/>`);
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    // The links travel once, in the HTML; a client navigation's data request gets them.
    const data = [...res.body.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/gs)]
      .map((m) => JSON.parse(m[1]) as string)
      .join('');
    expect(data).toContain('"loaderData"');
    expect(data).not.toContain(`/metro/st-1/`);
    const nav = await app.inject({ url: `${catalogUrl(town)}_.data` });
    expect(nav.statusCode).toBe(200);
    expect(nav.body).toContain('st-1');
  });

  it('for a speciality: its doctors by station and district', async () => {
    const res = await app.inject({ url: catalogUrl(town, firstSpec) });
    expect(res.statusCode).toBe(200);
    const html = markup(res.body);
    expect(sectionLinks(html, 'metro-h')).toContain(`/${town}/metro/st-1/vrach/${firstSpec}/`);
    expect(sectionLinks(html, 'metro-h')).toHaveLength(STATIONS);
    expect(sectionLinks(html, 'districts-h')).toEqual([`/${town}/rayon/centralnyy/vrach/${firstSpec}/`]);
    expect(html).not.toContain('id="specs-h"');
    expect(html).not.toContain('id="lpu-metro-h"');
  });

  it('answers 404 for an unknown town or speciality', async () => {
    expect((await app.inject({ url: catalogUrl(town, 'shaman') })).statusCode).toBe(404);
    expect((await app.inject({ url: catalogUrl('atlantida') })).statusCode).toBe(404);
  });
});
