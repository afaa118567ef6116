/**
 * The legal documents as served: every consent link of the sign-in and booking forms opens a
 * page (not a 404), the pages carry the text with anchors and the operator's settings, and the
 * club's documents are PDF files.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
let patient: TestSession;
const ids = { clinic: 0, bookable: 0, busy: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const bookable = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const busy = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  Object.assign(ids, { clinic: clinic.id, bookable: bookable.id, busy: busy.id });
  for (const weekday of [1, 2, 3, 4, 5]) {
    await db.insert(scheduleRules).values({
      workplaceId: bookable.workplaces[0].id,
      weekday,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
  }
  const { pages, close } = await testPages();
  closePages = close;
  app = await buildApp({
    db,
    clock: fixedClock('2026-11-23T03:00:00Z'),
    pages,
    operator: {
      name: 'ООО «Тестовый оператор»',
      inn: '7700000009',
      ogrn: '1027700000008',
      address: '101000, г. Москва, ул. Тестовая, д. 1',
      email: 'privacy@example.org',
      phone: '+7 495 000-00-00',
      demo: false,
    },
  });
  await app.ready();
  patient = await signedInAs(app, db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

/** The hrefs inside the consent lines of a page. */
function consentLinks(html: string): string[] {
  const notes = [...html.matchAll(/data-testid="consent-note"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
  return notes.flatMap((note) => [...note.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));
}

async function page(url: string, session?: TestSession) {
  const response = await app.inject({ method: 'GET', url, cookies: session?.cookies });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

describe('consent links', () => {
  it('every link of the sign-in and booking forms opens a page', async () => {
    const forms = [
      await page('/login/?kind=patient'),
      await page(`/login/?kind=patient&next=${encodeURIComponent(`/reviews/new/?doctor=${ids.bookable}`)}`),
      await page('/login/?kind=work'),
      await page(
        `/appointment/new/?doctor=${ids.bookable}&lpu=${ids.clinic}&slot=24.11.2026%2009:00`,
        patient,
      ),
      await page(`/appointment/new/?doctor=${ids.busy}&lpu=${ids.clinic}`, patient),
    ];
    const perForm = forms.map(consentLinks);
    for (const [i, links] of perForm.entries()) expect(links.length, `form ${i}`).toBeGreaterThan(0);
    // The booking form and the call-back request both say what the patient agrees to.
    expect(forms[3]).toContain('Нажимая «Записаться»');
    expect(forms[4]).toContain('Отправляя заявку');
    const all = new Set(perForm.flat());
    expect([...all].sort()).toEqual([LEGAL_URLS.privacy, LEGAL_URLS.publishing, LEGAL_URLS.terms].sort());
    for (const href of all) {
      const response = await app.inject({ method: 'GET', url: href });
      expect(response.statusCode, href).toBe(200);
    }
  });

  it('the footer links every document, and each one opens', async () => {
    const html = await page('/rating/');
    for (const url of Object.values(LEGAL_URLS)) {
      expect(html).toContain(`href="${url}"`);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('legal pages', () => {
  it('the privacy policy names the data, the purposes, the terms, the operator and the withdrawal', async () => {
    const html = await page(LEGAL_URLS.privacy);
    expect(html).toContain('<h1');
    expect(html).toContain('Политика конфиденциальности');
    expect(html).toContain('152-ФЗ');
    for (const id of ['operator', 'data', 'purposes', 'retention', 'withdrawal']) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    // The operator's details come from the settings, with no placeholder and no demo note.
    for (const detail of [
      'privacy@example.org',
      'ИНН: 7700000009',
      'ОГРН: 1027700000008',
      '+7 495 000-00-00',
    ])
      expect(html).toContain(detail);
    expect(html).toContain('ООО «Тестовый оператор»');
    expect(html).not.toContain('заполняется администрацией');
    expect(html).not.toContain('Демонстрационный оператор');
    expect(html).toContain(`rel="canonical" href="http://localhost:3000${LEGAL_URLS.privacy}"`);
  });

  it('the terms and the publishing policy are pages of their own', async () => {
    expect(await page(LEGAL_URLS.terms)).toContain('Пользовательское соглашение');
    expect(await page(LEGAL_URLS.publishing)).toContain('Политика публикации отзывов');
  });
});

describe('club documents', () => {
  it('are PDF files, drawn once and served again', async () => {
    const bodies: Buffer[] = [];
    for (const url of [LEGAL_URLS['club-rules'], LEGAL_URLS['club-offer'], LEGAL_URLS['club-rules']]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['set-cookie']).toBeUndefined();
      bodies.push(response.rawPayload);
    }
    for (const body of bodies) expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bodies[0].equals(bodies[1])).toBe(false);
    expect(bodies[0].equals(bodies[2])).toBe(true);
  });
});
