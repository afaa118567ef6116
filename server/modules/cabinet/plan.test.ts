/**
 * The plans (docs/product/cabinet.md, 'Тарифы'): the cabinet's plan page data and its upgrade
 * request, staff's list of requests and their change of a page's version — audited, and the
 * public page (through the anonymous page cache) follows at once: a Лайт clinic's promotion
 * appears when staff set Стандарт and goes when they set Лайт again.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_TEXTS } from '../../../core/cabinet/plan';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { adBanners, adCampaigns } from '../../db/schema/ads';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics, promotions } from '../../db/schema/clinics';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let light: { id: number; slug: string };
let doctorId: number;
let admin: TestSession;
let receptionist: TestSession;
let staff: TestSession;

const PROMO = 'Скидка 15% на УЗИ';

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { slug: 'moskva', name: 'Москва' });
  light = await createClinic(db, { townId: town.id, softwareVersion: 'LIGHT' });
  doctorId = (await createDoctor(db, { townId: town.id, clinicIds: [light.id], softwareVersion: 'PRO' })).id;
  await db.insert(promotions).values({
    clinicId: light.id,
    title: PROMO,
    body: 'До конца года',
    startsOn: '2026-11-01',
    endsOn: null,
  });
  // A live campaign with a page banner in the town: a page below Профи shows its slot.
  const [campaign] = await db
    .insert(adCampaigns)
    .values({
      advertiser: 'ООО «Здоровье»',
      advertiserInn: '7701234567',
      erid: 'Kra23fPlan',
      targetUrl: 'https://zdorovie.example.ru/akciya',
      townId: town.id,
      startsOn: '2026-11-01',
      endsOn: '2026-11-30',
    })
    .returning({ id: adCampaigns.id });
  await db.insert(adBanners).values({
    campaignId: campaign.id,
    bannerType: 'page_side',
    title: 'Скидка 20%',
    body: 'До конца ноября',
  });
  pages = await openPageBuild();
  app = await buildApp({
    db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
  });
  admin = await signedInAs(app, db, { role: 'clinic', clinicId: light.id });
  receptionist = await signedInAs(app, db, {
    role: 'clinic',
    clinicId: light.id,
    clinicRole: 'receptionist',
  });
  staff = await signedInAs(app, db, { role: 'staff' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

const clinicPath = () => `/moskva/lpu/${light.id}-${light.slug}/`;
const publicPage = async () => {
  const res = await app.inject({ url: clinicPath() });
  expect(res.statusCode).toBe(200);
  return { body: res.body, cache: res.headers['x-page-cache'] };
};

describe('the plan page’s data', () => {
  it('says what the clinic has and what Стандарт adds; a doctor reads his own', async () => {
    expect((await app.inject({ url: '/cabinet/ajax/plan/' })).statusCode).toBe(401);
    const plan = (await admin.inject({ method: 'GET', url: '/cabinet/ajax/plan/' })).json();
    expect(plan).toMatchObject({ page: 'clinic', version: 'LIGHT', label: 'Лайт', requested: null });
    expect(plan.next).toEqual({
      version: 'STANDARD',
      label: 'Стандарт',
      adds: ['Следит за эффективностью страницы', 'Публикует акции и скидки'],
    });
    expect(plan.higher).toEqual(['STANDARD', 'PRO', 'ULTIMA']);
    // A receptionist sees the plan too.
    expect((await receptionist.inject({ method: 'GET', url: '/cabinet/ajax/plan/' })).statusCode).toBe(200);

    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId });
    const own = (await doctor.inject({ method: 'GET', url: '/cabinet/ajax/plan/' })).json();
    expect(own).toMatchObject({ page: 'doctor', version: 'PRO', label: 'Профи' });
    expect(own.benefits).toContain('На странице нет рекламы');
    expect(own.next).toEqual({ version: 'ULTIMA', label: 'Ультима', adds: ['Публикует свои контакты'] });
  });

  it('an upgrade request: the administrator only, a higher level only, audited, and staff see it', async () => {
    const url = '/cabinet/ajax/plan/request/';
    const byDesk = await receptionist.inject({ url, payload: { version: 'STANDARD' } });
    expect(byDesk.statusCode).toBe(403);
    const same = await admin.inject({ url, payload: { version: 'LIGHT' } });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe(PLAN_TEXTS.notHigher);
    const garbage = await admin.inject({ url, payload: { version: 'GOLD' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().detail).toBe(PLAN_TEXTS.version);

    const asked = await admin.inject({ url, payload: { version: 'STANDARD' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().requested).toMatchObject({ version: 'STANDARD' });

    expect((await app.inject({ method: 'GET', url: '/api/staff/plans/' })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'GET', url: '/api/staff/plans/' })).statusCode).toBe(403);
    const list = (await staff.inject({ method: 'GET', url: '/api/staff/plans/' })).json();
    expect(list.items[0]).toMatchObject({
      kind: 'clinic',
      id: light.id,
      current: 'LIGHT',
      requested: 'STANDARD',
      done: false,
    });
  });
});

describe('staff set a page’s version', () => {
  it('is staff’s only, audited, and the public page follows at once (the cache is dropped)', async () => {
    const first = await publicPage();
    expect(first.body).not.toContain(PROMO);
    expect(first.body).toContain('data-ad-slot="page_side"');
    expect((await publicPage()).cache).toBe('hit');

    const url = '/api/staff/plans/version/';
    const payload = { kind: 'clinic', id: light.id, version: 'STANDARD' };
    expect((await admin.inject({ url, payload })).statusCode).toBe(403);
    expect((await staff.inject({ url, payload: { ...payload, id: 99_999_999 } })).statusCode).toBe(404);
    const bad = await staff.inject({ url, payload: { ...payload, version: 'GOLD' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(PLAN_TEXTS.version);

    const set = await staff.inject({ url, payload });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ kind: 'clinic', id: light.id, version: 'STANDARD' });
    const [row] = await database.db
      .select({ version: clinics.softwareVersion })
      .from(clinics)
      .where(eq(clinics.id, light.id));
    expect(row.version).toBe('STANDARD');
    const audit = await database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, 'plan.version_set'), eq(cabinetAudit.targetId, light.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: staff.userId,
      targetType: 'clinics',
      before: { version: 'LIGHT' },
      after: { version: 'STANDARD' },
    });

    const after = await publicPage();
    expect(after.cache).toBe('miss');
    expect(after.body).toContain(PROMO);
    // The request is done; the cabinet's plan shows none open.
    expect((await staff.inject({ method: 'GET', url: '/api/staff/plans/' })).json().items[0].done).toBe(true);
    expect((await admin.inject({ method: 'GET', url: '/cabinet/ajax/plan/' })).json()).toMatchObject({
      version: 'STANDARD',
      requested: null,
    });

    // Профи: promotions stay, the ad goes (the same rule, softwareRights().noAds), at once.
    await staff.inject({ url, payload: { ...payload, version: 'PRO' } });
    const pro = await publicPage();
    expect(pro.body).toContain(PROMO);
    expect(pro.body).not.toContain('data-ad-slot');

    // Back to Лайт: the promotion goes from the public page at once, the ad comes back.
    await staff.inject({ url, payload: { ...payload, version: 'LIGHT' } });
    const back = await publicPage();
    expect(back.body).not.toContain(PROMO);
    expect(back.body).toContain('data-ad-slot="page_side"');
  }, 120_000);
});
