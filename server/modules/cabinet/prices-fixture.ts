/**
 * The world of the cabinet's price list tests (prices.test.ts, price-lines.test.ts): a Moscow clinic
 * with two lines (МРТ колена, УЗИ щитовидной железы), another clinic with a line of its own, and
 * the clinic's session; the clock at 22:30 UTC on 5 November, already the 6th in Moscow.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CabinetPriceLine, CabinetPrices } from '../../../core/cabinet/price-contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { createClinic, createClinicService, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

export function pricesFixture() {
  // 22:30 UTC on the 5th is already the 6th in Moscow: the price date is the clinic's day.
  const NOW = '2026-11-05T22:30:00Z';

  let database: Database;
  let pages: Awaited<ReturnType<typeof openPageBuild>>;
  let app: FastifyInstance;
  let ours: { id: number; slug: string };
  let other: { id: number; slug: string };
  let doctorId: number;
  let mri: Awaited<ReturnType<typeof createClinicService>>;
  let ultrasound: Awaited<ReturnType<typeof createClinicService>>;
  let othersLine: Awaited<ReturnType<typeof createClinicService>>;
  let clinic: TestSession;

  const URL = '/cabinet/ajax/prices/';
  const lineUrl = (id: number) => `/cabinet/ajax/prices/${id}/`;

  beforeAll(async () => {
    database = await openTestDatabase();
    const town = await createTown(database.db, { slug: 'moskva', name: 'Москва', tz: 'Europe/Moscow' });
    ours = await createClinic(database.db, {
      townId: town.id,
      clubEnabled: false,
      clubDiscountPercent: 0,
      priceUpdateStatus: 3,
      priceUpdatedAt: '2025-01-31',
    });
    other = await createClinic(database.db, { townId: town.id });
    doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
    mri = await createClinicService(database.db, {
      clinicId: ours.id,
      synonym: { name: 'МРТ колена' },
      priceFull: 4500,
      durationMinutes: 30,
    });
    ultrasound = await createClinicService(database.db, {
      clinicId: ours.id,
      synonym: { name: 'УЗИ щитовидной железы' },
      priceFull: 1800,
    });
    othersLine = await createClinicService(database.db, { clinicId: other.id, synonymId: mri.synonymId });
    pages = await openPageBuild();
    app = await buildApp({
      db: database.db,
      clock: fixedClock(NOW),
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

  const body = (line: CabinetPriceLine, change: Record<string, unknown> = {}) => ({
    name: line.name,
    duration_minutes: line.durationMinutes,
    price_full: line.priceFull,
    price_club: line.priceClub,
    requires_primary_consultation: line.requiresPrimaryConsultation,
    appointment_on: line.appointmentOn,
    has_intervals: line.hasIntervals,
    is_available_appointment_direct: line.isAvailableAppointmentDirect,
    version: line.version,
    ...change,
  });

  async function listed(): Promise<CabinetPrices> {
    const res = await clinic.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const lineOf = (prices: CabinetPrices, id: number) => {
    const line = prices.groups.flatMap((g) => g.lines).find((l) => l.id === id);
    if (!line) throw new Error(`line ${id} is not listed`);
    return line;
  };

  async function auditOf(targetType: string, targetId: number) {
    const rows = await database.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, targetId));
    return rows.filter((r) => r.targetType === targetType);
  }

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
    get doctorId() {
      return doctorId;
    },
    get mri() {
      return mri;
    },
    get ultrasound() {
      return ultrasound;
    },
    get othersLine() {
      return othersLine;
    },
    get clinic() {
      return clinic;
    },
    URL,
    lineUrl,
    body,
    listed,
    lineOf,
    auditOf,
  };
}
