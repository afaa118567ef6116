/**
 * A cabinet or staff page that refuses its viewer still renders the refusal ('Войти как врач или
 * клиника', 'Недостаточно прав'), with the status it means: 401 to a visitor, 403 to a signed-in
 * account the page is not for (app/lib/refused.server.ts); the page it is for answers 200.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_TEXTS } from '../../../core/cabinet/permissions';
import { RECEPTION_TEXTS } from '../../../core/cabinet/reception';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
let patient: TestSession;
let clinic: TestSession;
let receptionist: TestSession;
let staff: TestSession;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const c = await createClinic(db, { townId: town.id, softwareVersion: 'STANDARD' });
  const built = await testPages();
  closePages = built.close;
  app = await buildApp({ db, clock: fixedClock('2026-12-04T09:00:00Z'), pages: built.pages });
  await app.ready();
  patient = await signedInAs(app, db, { role: 'patient' });
  clinic = await signedInAs(app, db, { role: 'clinic', clinicId: c.id });
  receptionist = await signedInAs(app, db, { role: 'clinic', clinicId: c.id, clinicRole: 'receptionist' });
  staff = await signedInAs(app, db, { role: 'staff' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

const page = (url: string, who?: TestSession) => app.inject({ url, cookies: who?.cookies });

describe('refusal pages answer their real status', () => {
  it('a cabinet page: 401 to a visitor with the way to sign in, 403 to a patient, 200 to a clinic', async () => {
    for (const url of [
      '/cabinet/appointments/',
      '/cabinet/clinic/',
      '/cabinet/integration/',
      '/cabinet/profile/',
    ]) {
      const anonymous = await page(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).toContain(RECEPTION_TEXTS.signInButton);
      const refused = await page(url, patient);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body, url).toContain(RECEPTION_TEXTS.signInButton);
    }
    expect((await page('/cabinet/clinic/', clinic)).statusCode).toBe(200);
    const plan = await page('/cabinet/plan/', clinic);
    expect(plan.statusCode).toBe(200);
    expect(plan.body).toContain('Ваш тариф: «Стандарт»');
    expect(plan.body).toContain('Что добавит «Профи»');
  }, 120_000);

  it('the clinic’s people: 403 to its receptionist, 200 to its administrator', async () => {
    expect((await page('/cabinet/people/', receptionist)).statusCode).toBe(403);
    expect((await page('/cabinet/people/', clinic)).statusCode).toBe(200);
  }, 60_000);

  it('a page a receptionist may not open refuses her by its role, as its calls do; hers open', async () => {
    for (const url of [
      '/cabinet/prices/',
      '/cabinet/clinic/',
      '/cabinet/integration/',
      '/cabinet/effectiveness/',
      '/cabinet/profile/',
      '/cabinet/reviews/',
    ]) {
      const res = await page(url, receptionist);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).toContain(PERMISSION_TEXTS.refused);
      expect((await page(url, clinic)).statusCode, url).toBe(200);
    }
    // The prices page showed her the visit prices' editor before.
    expect((await page('/cabinet/prices/', receptionist)).body).not.toContain('Стоимость приёма врачей');
    for (const url of ['/cabinet/appointments/', '/cabinet/calendar/', '/cabinet/schedule/'])
      expect((await page(url, receptionist)).statusCode, url).toBe(200);
  }, 120_000);

  it('a staff page: 401 to a visitor, 403 to a clinic, 200 to staff', async () => {
    for (const url of ['/staff/profiles/', '/staff/search/', '/staff/promo/', '/staff/plans/']) {
      expect((await page(url)).statusCode, url).toBe(401);
      expect((await page(url, clinic)).statusCode, url).toBe(403);
      expect((await page(url, staff)).statusCode, url).toBe(200);
    }
  }, 120_000);
});
