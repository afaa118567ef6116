/**
 * 'Цены и услуги': a clinic keeps its own price list and club participation in its cabinet; its
 * public page shows the new prices at once with 'Обновлено клиникой {date}'. Nobody else may.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CabinetPriceLine, CabinetPrices } from '../../../core/cabinet/price-contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { scheduleRules } from '../../db/schema/schedule';
import { clinicServices } from '../../db/schema/services';
import { createClinic, createClinicService, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

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

describe("a clinic's price list in its cabinet", () => {
  it("lists the clinic's own lines by service class, with its club and price status", async () => {
    const prices = await listed();
    expect(prices.clinicId).toBe(ours.id);
    expect(prices.club).toEqual({ enabled: false, discountPercent: 0 });
    expect(prices.updateStatus).toEqual({ code: 3, date: '2025-01-31' });
    const ids = prices.groups.flatMap((g) => g.lines.map((l) => l.id));
    expect(ids.sort()).toEqual([mri.id, ultrasound.id].sort());
    expect(ids).not.toContain(othersLine.id);
    expect(prices.groups).toHaveLength(2);
    expect(lineOf(prices, mri.id)).toMatchObject({
      name: 'МРТ колена',
      synonymName: 'МРТ колена',
      durationMinutes: 30,
      priceFull: 4500,
      priceClub: null,
      appointmentOn: true,
      hasIntervals: true,
      isAvailableAppointmentDirect: true,
      requiresPrimaryConsultation: false,
      doctor: null,
    });
    expect(lineOf(prices, mri.id).version).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses everyone but the clinic itself: 401, 403, and 404 for another clinic’s line', async () => {
    const token = await csrfToken(app);
    const anonymous = (options: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }) =>
      app.inject({ ...options, cookies: { csrftoken: token }, headers: { 'x-csrftoken': token } });
    const patient = await signedInAs(app, database.db, {});
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId });
    const line = lineOf(await listed(), mri.id);
    const calls = [
      { method: 'GET' as const, url: URL },
      { method: 'GET' as const, url: `${URL}synonyms/?q=МРТ` },
      { method: 'POST' as const, url: URL, payload: { ...body(line), synonym_id: mri.synonymId } },
      { method: 'POST' as const, url: lineUrl(mri.id), payload: body(line, { price_full: 1 }) },
      { method: 'DELETE' as const, url: lineUrl(mri.id) },
      { method: 'POST' as const, url: `${URL}club/`, payload: { enabled: true, discount_percent: 10 } },
    ];
    for (const call of calls) {
      const what = `${call.method} ${call.url}`;
      expect((await anonymous(call)).statusCode, what).toBe(401);
      expect((await patient.inject(call)).statusCode, what).toBe(403);
      const refused = await doctor.inject(call);
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json().detail).toBe('Цены меняет клиника: войдите как клиника');
    }
    // Another clinic's line is 'not found', as a line that does not exist (and a malformed id).
    for (const id of [othersLine.id, 999_999]) {
      const edit = await clinic.inject({ url: lineUrl(id), payload: body(line) });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().detail).toBe('Услуга не найдена');
      expect((await clinic.inject({ method: 'DELETE', url: lineUrl(id) })).statusCode).toBe(404);
    }
    expect((await clinic.inject({ url: lineUrl(0), payload: body(line) })).statusCode).toBe(404);
    expect((await clinic.inject({ method: 'DELETE', url: '/cabinet/ajax/prices/abc/' })).statusCode).toBe(
      404,
    );
    // Nothing changed anywhere.
    const [theirs] = await database.db
      .select()
      .from(clinicServices)
      .where(eq(clinicServices.id, othersLine.id));
    expect(theirs.priceFull).toBe(othersLine.priceFull);
    expect(lineOf(await listed(), mri.id)).toEqual(line);
  });

  it('refuses a malformed line with a Russian detail (400), never a 500', async () => {
    const line = lineOf(await listed(), mri.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'Название — от 2 до 200 символов'],
      [{ name: 'М' }, 'Название — от 2 до 200 символов'],
      [{ name: 'М'.repeat(201) }, 'Название — от 2 до 200 символов'],
      [{ name: 42 }, 'Укажите название'],
      [{ name: 'МРТ\u0000' }, 'Текст содержит недопустимые управляющие символы'],
      [{ duration_minutes: 4 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: 481 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: 30.5 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: '30' }, 'Длительность — целое число минут от 5 до 480'],
      [{ price_full: -1 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: 10_000_001 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: 99.9 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: null }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_club: 'дёшево' }, 'Клубная цена — целое число рублей от 0 до 10 000 000 или пусто'],
      [{ price_full: 1000, price_club: 1001 }, 'Клубная цена не может быть больше полной'],
      [{ appointment_on: 'да' }, 'Отметьте да или нет'],
      [{ version: undefined }, 'Обновите страницу'],
    ];
    for (const [change, detail] of cases) {
      const res = await clinic.inject({ url: lineUrl(mri.id), payload: body(line, change) });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().detail, JSON.stringify(change)).toBe(detail);
    }
    for (const payload of [{}, [], { price_full: 1 }]) {
      const res = await clinic.inject({ url: lineUrl(mri.id), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const broken = await clinic.inject({
      url: lineUrl(mri.id),
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    // A new line needs a service of the catalogue.
    const add = { ...body(line), version: undefined };
    for (const [synonym, detail] of [
      [undefined, 'Выберите услугу из списка'],
      ['1', 'Выберите услугу из списка'],
      [-3, 'Выберите услугу из списка'],
      [999_999, 'Такой услуги нет в справочнике'],
    ] as const) {
      const res = await clinic.inject({ url: URL, payload: { ...add, synonym_id: synonym } });
      expect(res.statusCode, String(synonym)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    for (const payload of [
      { enabled: true, discount_percent: 91 },
      { enabled: true, discount_percent: -1 },
      { enabled: true, discount_percent: 5.5 },
      { enabled: 'yes', discount_percent: 10 },
      { enabled: true },
    ]) {
      const res = await clinic.inject({ url: `${URL}club/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect(
      (await clinic.inject({ url: `${URL}club/`, payload: { enabled: true, discount_percent: 91 } })).json()
        .detail,
    ).toBe('Скидка — целое число от 0 до 90 %');
    // Nothing was saved by any of them.
    expect(lineOf(await listed(), mri.id)).toEqual(line);
    expect((await listed()).updateStatus.code).toBe(3);
  });

  it('saves an edit: the public page shows the new price and "Обновлено клиникой" with the clinic’s date', async () => {
    const clinicUrl = `/moskva/lpu/${ours.id}-${ours.slug}/`;
    const before = await app.inject({ url: clinicUrl });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Обновлено 31.01.2025. Цены устарели');
    expect((await app.inject({ url: clinicUrl })).headers['x-page-cache']).toBe('hit');

    const line = lineOf(await listed(), mri.id);
    const res = await clinic.inject({
      url: lineUrl(mri.id),
      payload: body(line, {
        name: '  МРТ   коленного сустава ',
        price_full: 5200,
        price_club: 4100,
        duration_minutes: 45,
        requires_primary_consultation: true,
        has_intervals: false,
      }),
    });
    expect(res.statusCode).toBe(200);
    const saved = lineOf(res.json(), mri.id);
    expect(saved).toMatchObject({
      name: 'МРТ коленного сустава',
      priceFull: 5200,
      priceClub: 4100,
      durationMinutes: 45,
      requiresPrimaryConsultation: true,
      hasIntervals: false,
    });
    expect(saved.version).not.toBe(line.version);
    expect(res.json().updateStatus).toEqual({ code: 1, date: '2026-11-06' });
    const [row] = await database.db.select().from(clinics).where(eq(clinics.id, ours.id));
    expect(row.priceUpdateStatus).toBe(1);
    expect(row.priceUpdatedAt).toBe('2026-11-06');

    // The cached page was dropped: the next visitor sees the new price and status.
    const after = await app.inject({ url: clinicUrl });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('Обновлено клиникой 06.11.2026');
    expect(after.body).toContain('МРТ коленного сустава');
    const publicList = await app.inject({ url: `/ajax/lpu/services/?lpu_id=${ours.id}` });
    const publicLine = publicList
      .json()
      .data.flatMap((g: { sublist: { id: number }[] }) => g.sublist)
      .find((l: { id: number }) => l.id === mri.id);
    // The club is off: its price is kept but not shown.
    expect(publicLine).toMatchObject({
      name: 'МРТ коленного сустава',
      duration: 45,
      prices: { full: 5200, club: null },
    });

    const audit = await auditOf('clinic_services', mri.id);
    expect(audit.map((a) => a.action)).toEqual(['price.changed']);
    expect(audit[0].before).toMatchObject({ name: 'МРТ колена', priceFull: 4500, priceClub: null });
    expect(audit[0].after).toMatchObject({ name: 'МРТ коленного сустава', priceFull: 5200, priceClub: 4100 });
  });

  it('joins the club: club prices show on the public list; the discount is kept', async () => {
    const res = await clinic.inject({ url: `${URL}club/`, payload: { enabled: true, discount_percent: 15 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, discountPercent: 15 });
    expect((await listed()).club).toEqual({ enabled: true, discountPercent: 15 });
    const publicList = await app.inject({ url: `/ajax/lpu/services/?lpu_id=${ours.id}` });
    const line = publicList
      .json()
      .data.flatMap((g: { sublist: { id: number }[] }) => g.sublist)
      .find((l: { id: number }) => l.id === mri.id);
    expect(line.prices).toEqual({ full: 5200, club: 4100 });
    const audit = await auditOf('clinics', ours.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['club.changed', { enabled: false, discountPercent: 0 }, { enabled: true, discountPercent: 15 }],
    ]);
  });

  it('adds a line of a catalogue service, under its class, and finds services by name', async () => {
    const found = await clinic.inject({
      method: 'GET',
      url: `${URL}synonyms/?q=${encodeURIComponent('узи щит')}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().synonyms).toEqual([
      expect.objectContaining({ id: ultrasound.synonymId, name: 'УЗИ щитовидной железы' }),
    ]);
    expect((await clinic.inject({ method: 'GET', url: `${URL}synonyms/?q=%` })).json().synonyms).toEqual([]);

    const res = await clinic.inject({
      url: URL,
      payload: {
        synonym_id: ultrasound.synonymId,
        name: 'УЗИ щитовидной железы с допплером',
        duration_minutes: 40,
        price_full: 2500,
        price_club: null,
        appointment_on: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const prices: CabinetPrices = res.json();
    const group = prices.groups.find((g) => g.classId === ultrasound.classId);
    expect(group?.lines.map((l) => l.name)).toEqual([
      'УЗИ щитовидной железы',
      'УЗИ щитовидной железы с допплером',
    ]);
    const added = group?.lines[1] as CabinetPriceLine;
    expect(added).toMatchObject({
      synonymId: ultrasound.synonymId,
      priceFull: 2500,
      appointmentOn: true,
      hasIntervals: false,
    });
    const audit = await auditOf('clinic_services', added.id);
    expect(audit.map((a) => a.action)).toEqual(['price.added']);
    expect(audit[0].after).toMatchObject({ name: 'УЗИ щитовидной железы с допплером', priceFull: 2500 });
  });

  it('refuses a stale edit (409) and does not lose the save it would overwrite', async () => {
    const line = lineOf(await listed(), ultrasound.id);
    const first = await clinic.inject({
      url: lineUrl(ultrasound.id),
      payload: body(line, { price_full: 1900 }),
    });
    expect(first.statusCode).toBe(200);
    const stale = await clinic.inject({
      url: lineUrl(ultrasound.id),
      payload: body(line, { price_full: 2000 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale', detail: 'Цены изменились, обновите страницу' });
    expect(lineOf(await listed(), ultrasound.id).priceFull).toBe(1900);
  });

  it('takes two saves at once: one wins, the other is told to reload; nothing is lost, no 500', async () => {
    const line = lineOf(await listed(), ultrasound.id);
    const [a, b] = await Promise.all([
      clinic.inject({ url: lineUrl(ultrasound.id), payload: body(line, { price_full: 2100 }) }),
      clinic.inject({ url: lineUrl(ultrasound.id), payload: body(line, { price_full: 2200 }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 2100 : 2200;
    expect(lineOf(await listed(), ultrasound.id).priceFull).toBe(winner);
    // Two different lines at once both go through.
    const prices = await listed();
    const [c, d] = await Promise.all([
      clinic.inject({ url: lineUrl(mri.id), payload: body(lineOf(prices, mri.id), { price_full: 5300 }) }),
      clinic.inject({
        url: lineUrl(ultrasound.id),
        payload: body(lineOf(prices, ultrasound.id), { price_full: 2300 }),
      }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    const after = await listed();
    expect([lineOf(after, mri.id).priceFull, lineOf(after, ultrasound.id).priceFull]).toEqual([5300, 2300]);
  });

  it('removes a line without visits (with its own schedule); refuses one with booked or past visits', async () => {
    const fresh = await createClinicService(database.db, { clinicId: ours.id, synonymId: mri.synonymId });
    await database.db.insert(scheduleRules).values({
      clinicServiceId: fresh.id,
      weekday: 1,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    const removed = await clinic.inject({ method: 'DELETE', url: lineUrl(fresh.id) });
    expect(removed.statusCode).toBe(200);
    expect(
      removed.json().groups.flatMap((g: { lines: { id: number }[] }) => g.lines.map((l) => l.id)),
    ).not.toContain(fresh.id);
    expect(await database.db.select().from(clinicServices).where(eq(clinicServices.id, fresh.id))).toEqual(
      [],
    );
    const audit = await auditOf('clinic_services', fresh.id);
    expect(audit.map((a) => [a.action, a.after])).toEqual([['price.removed', null]]);

    const visit = (during: string, status: 'active' | 'canceled' | 'done' = 'active') =>
      database.db.insert(appointments).values({
        clinicServiceId: mri.id,
        clinicId: ours.id,
        during,
        status,
        patientName: 'Иванов Иван',
        patientPhone: '79000000000',
      });
    await visit('[2026-11-10T07:00:00Z,2026-11-10T07:30:00Z)');
    const booked = await clinic.inject({ method: 'DELETE', url: lineUrl(mri.id) });
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({
      code: 'visits_booked',
      detail:
        'На эту услугу записаны пациенты. Отмените их записи в «Записях пациентов» или выключите «Запись онлайн».',
    });
    await database.db
      .update(appointments)
      .set({ status: 'canceled' })
      .where(eq(appointments.clinicServiceId, mri.id));
    await visit('[2026-10-10T07:00:00Z,2026-10-10T07:30:00Z)', 'done');
    const history = await clinic.inject({ method: 'DELETE', url: lineUrl(mri.id) });
    expect(history.statusCode).toBe(409);
    expect(history.json().code).toBe('has_visits');
    expect(await database.db.select().from(clinicServices).where(eq(clinicServices.id, mri.id))).toHaveLength(
      1,
    );
  });
});
