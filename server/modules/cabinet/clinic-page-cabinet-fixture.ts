/**
 * The world of the tests of the clinic page from the cabinet (clinic-page-about.test.ts,
 * clinic-page-promotions.test.ts): a Moscow clinic of ours with its session, another clinic and a
 * clinic below Стандарт; the clock on Thursday 5 November 2026, 12:00 in Moscow.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

export function clinicPageFixture() {
  let database: Database;
  let pages: Awaited<ReturnType<typeof openPageBuild>>;
  let app: FastifyInstance;
  let ours: { id: number; slug: string; street: string; house: string };
  let other: { id: number; slug: string };
  let light: { id: number; slug: string };
  let doctorId: number;
  let clinic: TestSession;

  // Thursday 5 November 2026, 12:00 in Moscow.
  const TODAY = '2026-11-05';

  beforeAll(async () => {
    database = await openTestDatabase();
    const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
    ours = await createClinic(database.db, {
      townId: town.id,
      softwareVersion: 'PRO',
      description: 'Старое',
    });
    other = await createClinic(database.db, { townId: town.id, softwareVersion: 'PRO' });
    light = await createClinic(database.db, { townId: town.id, softwareVersion: 'LIGHT' });
    doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
    pages = await openPageBuild();
    app = await buildApp({
      db: database.db,
      clock: fixedClock('2026-11-05T09:00:00Z'),
      pages: { build: pages.build, mode: 'test' },
      pageCacheTtlMs: 60_000,
    });
    clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ours.id });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pages?.close();
    await database?.close();
  });

  const clinicPath = (c: { id: number; slug: string }) => `/moskva/lpu/${c.id}-${c.slug}/`;
  const page = async (c: { id: number; slug: string }) => {
    const res = await app.inject({ url: clinicPath(c) });
    expect(res.statusCode).toBe(200);
    return { body: res.body, cache: res.headers['x-page-cache'] };
  };
  const auditOf = (action: string) =>
    database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, action)))
      .orderBy(cabinetAudit.id);

  const ABOUT = '/cabinet/ajax/clinic/about/';
  const HOURS = '/cabinet/ajax/clinic/hours/';
  const HOLIDAYS = '/cabinet/ajax/clinic/holidays/';
  const PROMOS = '/cabinet/ajax/clinic/promotions/';
  const RULES = '/cabinet/ajax/clinic/rules/';

  const week = (opens: string | null, closes: string | null) =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday >= 6 ? { weekday, opens: null, closes: null } : { weekday, opens, closes },
    );
  const promo = (over: Record<string, unknown> = {}) => ({
    title: 'Скидка 20% на УЗИ',
    body: 'Всем пациентам по будням до 12:00',
    startsOn: TODAY,
    endsOn: '2026-11-30',
    ...over,
  });

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get ours() {
      return ours;
    },
    get other() {
      return other;
    },
    get light() {
      return light;
    },
    get doctorId() {
      return doctorId;
    },
    get clinic() {
      return clinic;
    },
    TODAY,
    page,
    auditOf,
    ABOUT,
    HOURS,
    HOLIDAYS,
    PROMOS,
    RULES,
    week,
    promo,
  };
}
