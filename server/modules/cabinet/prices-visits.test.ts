/**
 * 'Стоимость приёма врачей' (ADR 039, docs/product/prices.md): the clinic sets a doctor's visit
 * price per address and visit type; that one price is what the doctor page ('Где принимает' and
 * 'Услуги и цены'), the booking page and the clinic's price list show. A visit booked before keeps
 * the price it was booked at. Nobody but the clinic may change it; a doctor reads their own.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRub } from '../../../core/money/money';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { cabinetAudit } from '../../db/schema/cabinet';
import { doctors, workplacePrices } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { clinicServices } from '../../db/schema/services';
import { createClinic, createClinicService, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

// Thursday 19 November 2026, 12:00 in Moscow; the doctor sees patients on Mondays.
const NOW = '2026-11-19T09:00:00Z';
const URL = '/cabinet/ajax/doctor-prices/';
const OWN_URL = '/cabinet/ajax/profile/visit-prices/';
const placeUrl = (id: number | string) => `${URL}${id}/`;

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let ours: Awaited<ReturnType<typeof createClinic>>;
let other: Awaited<ReturnType<typeof createClinic>>;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
let theirs: Awaited<ReturnType<typeof createDoctor>>;
let visitLine: Awaited<ReturnType<typeof createClinicService>>;
let clinic: TestSession;
let workplaceId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { slug: 'moskva', name: 'Москва', tz: 'Europe/Moscow' });
  // In the club with 16 % off services: a doctor's visit still follows the club's 30 % rule.
  ours = await createClinic(db, { townId: town.id, clubEnabled: true, clubDiscountPercent: 16 });
  other = await createClinic(db, { townId: town.id });
  doctor = await createDoctor(db, { townId: town.id, clinicIds: [ours.id], minPrice: 4200 });
  theirs = await createDoctor(db, { townId: town.id, clinicIds: [other.id] });
  workplaceId = doctor.workplaces[0].id;
  await db
    .update(workplacePrices)
    .set({ clubPrice: 2940 })
    .where(eq(workplacePrices.workplaceId, workplaceId));
  // The demo's contradiction: 4 200 ₽ to book, 3 400 ₽ for the same visit in the price list.
  visitLine = await createClinicService(db, {
    clinicId: ours.id,
    doctorId: doctor.id,
    synonym: { name: 'Приём невролога первичный', visitType: 'clinic' },
    priceFull: 3400,
    priceClub: 2856,
    hasIntervals: false,
  });
  await db.insert(scheduleRules).values({
    workplaceId,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  pages = await openPageBuild();
  app = await buildApp({
    db,
    clock: fixedClock(NOW),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
  });
  clinic = await signedInAs(app, db, { role: 'clinic', clinicId: ours.id });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

const doctorPage = () => `/moskva/vrach/${doctor.id}-${doctor.slug}/`;
const bookingPage = () => `/appointment/new/?doctor=${doctor.id}&lpu=${ours.id}`;

async function publicLine(lineId: number) {
  const res = await app.inject({ url: `/ajax/lpu/services/?lpu_id=${ours.id}` });
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .data.flatMap((g: { sublist: { id: number }[] }) => g.sublist)
    .find((l: { id: number }) => l.id === lineId);
}

async function storedPrice() {
  const [row] = await database.db
    .select()
    .from(workplacePrices)
    .where(and(eq(workplacePrices.workplaceId, workplaceId), eq(workplacePrices.visitType, 'clinic')));
  return { price: row.price, clubPrice: row.clubPrice };
}

const set = (session: TestSession, id: number | string, payload: unknown) =>
  session.inject({ url: placeUrl(id), payload: payload as object });

describe("a doctor's visit price, kept by the clinic", () => {
  it("lists the clinic's doctors with their prices per visit type; a doctor reads their own", async () => {
    const res = await clinic.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      editable: true,
      places: [
        {
          workplaceId,
          doctorId: doctor.id,
          doctor: `${doctor.lastName} ${doctor.firstName} ${doctor.patronymic ?? ''}`.trim(),
          clinicId: ours.id,
          clinicName: ours.name,
          address: `${ours.street}, ${ours.house}`,
          prices: [{ visitType: 'clinic', price: 4200, clubPrice: 2940 }],
        },
      ],
    });
    const own = await signedInAs(app, database.db, { role: 'doctor', doctorId: doctor.id });
    const read = await own.inject({ method: 'GET', url: OWN_URL });
    expect(read.statusCode).toBe(200);
    expect(read.json().editable).toBe(false);
    expect(read.json().places.map((p: { workplaceId: number }) => p.workplaceId)).toEqual([workplaceId]);
  });

  it('sets the clinic-visit price: the doctor page, the booking page and the price list all show it', async () => {
    // The pages are cached before the change.
    expect((await app.inject({ url: doctorPage() })).statusCode).toBe(200);
    expect((await app.inject({ url: doctorPage() })).headers['x-page-cache']).toBe('hit');

    const res = await set(clinic, workplaceId, { visit_type: 'clinic', price: 4700 });
    expect(res.statusCode).toBe(200);
    // 30 % off by the club rule (core/club doctorClubPrice): 4 700 − 1 410.
    expect(res.json().places[0].prices).toEqual([{ visitType: 'clinic', price: 4700, clubPrice: 3290 }]);
    expect(await storedPrice()).toEqual({ price: 4700, clubPrice: 3290 });

    // The doctor page: dropped from the cache; 'Где принимает' and 'Услуги и цены' say 4 700 ₽.
    const page = await app.inject({ url: doctorPage() });
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(page.body).toContain(formatRub(4700));
    for (const old of [4200, 3400, 2856, 2940]) expect(page.body).not.toContain(formatRub(old));
    // The booking page.
    const booking = await app.inject({ url: bookingPage() });
    expect(booking.statusCode).toBe(200);
    expect(booking.body).toContain(formatRub(4700));
    expect(booking.body).not.toContain(formatRub(4200));
    // The clinic's price list: the doctor's own line of that visit.
    expect((await publicLine(visitLine.id)).prices).toEqual({ full: 4700, club: 3290 });
    // The lists sort the doctor by the new lowest price.
    const [row] = await database.db.select().from(doctors).where(eq(doctors.id, doctor.id));
    expect(row.minPrice).toBe(4700);

    const audit = (
      await database.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, workplaceId))
    ).filter((a) => a.targetType === 'workplace_prices');
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'visit_price.changed',
        { visitType: 'clinic', price: 4200, clubPrice: 2940 },
        { visitType: 'clinic', price: 4700, clubPrice: 3290 },
      ],
    ]);
  });

  it('never changes what a booked visit costs', async () => {
    const patient = await signedInAs(app, database.db, {});
    const booked = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: {
        doctor_id: doctor.id,
        lpu_id: ours.id,
        slot: '23.11.2026 09:00',
        last_name: 'Иванова',
        first_name: 'Анна',
        patronymic: 'Петровна',
        birth_date: '1990-04-01',
        request_key: 'visit-price-kept',
        source: 'doctors_list',
      },
    });
    expect(booked.statusCode).toBe(201);
    const { appointment } = booked.json();
    expect(appointment.price).toBe(4700);

    expect((await set(clinic, workplaceId, { visit_type: 'clinic', price: 5100 })).statusCode).toBe(200);

    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.price).toBe(4700);
    // The visit page and the clinic's reception list read the price it was booked at.
    const visitPage = await patient.inject({ method: 'GET', url: appointment.url });
    expect(visitPage.statusCode).toBe(200);
    expect(visitPage.body).toContain(formatRub(4700));
    expect(visitPage.body).not.toContain(formatRub(5100));
    const reception = await clinic.inject({
      method: 'GET',
      url: '/cabinet/ajax/appointments/?date=2026-11-23&days=7',
    });
    expect(reception.statusCode).toBe(200);
    const visits = JSON.stringify(reception.json());
    expect(visits).toContain(`"price":4700`);
    // A new booking pays the new price.
    expect(await storedPrice()).toEqual({ price: 5100, clubPrice: 3570 });
  });

  it("refuses everyone but the doctor's clinic: 401, 403, 404 for another clinic's doctor", async () => {
    const before = await storedPrice();
    const token = await csrfToken(app);
    const anonymous = await app.inject({
      method: 'POST',
      url: placeUrl(workplaceId),
      payload: { visit_type: 'clinic', price: 100 },
      cookies: { csrftoken: token },
      headers: { 'x-csrftoken': token },
    });
    expect(anonymous.statusCode).toBe(401);
    const patient = await signedInAs(app, database.db, {});
    expect((await set(patient, workplaceId, { visit_type: 'clinic', price: 100 })).statusCode).toBe(403);
    expect((await patient.inject({ method: 'GET', url: URL })).statusCode).toBe(403);
    const own = await signedInAs(app, database.db, { role: 'doctor', doctorId: doctor.id });
    const byDoctor = await set(own, workplaceId, { visit_type: 'clinic', price: 100 });
    expect(byDoctor.statusCode).toBe(403);
    expect(typeof byDoctor.json().detail).toBe('string');
    // Another clinic cannot tell our doctor from a missing one; nor can we touch theirs.
    const another = await signedInAs(app, database.db, { role: 'clinic', clinicId: other.id });
    for (const [session, id] of [
      [another, workplaceId],
      [clinic, theirs.workplaces[0].id],
      [clinic, 999_999],
      [clinic, 'abc'],
      [clinic, 0],
    ] as const) {
      const res = await set(session, id, { visit_type: 'clinic', price: 100 });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().detail).toBe('Врач не найден');
    }
    expect(await storedPrice()).toEqual(before);
    const [theirPrice] = await database.db
      .select()
      .from(workplacePrices)
      .where(eq(workplacePrices.workplaceId, theirs.workplaces[0].id));
    expect(theirPrice.price).toBe(3000);
  });

  it('refuses a price that is not whole roubles from 1 to 1 000 000, and a visit the doctor does not take', async () => {
    const before = await storedPrice();
    const priceText = 'Стоимость приёма — целое число рублей от 1 до 1 000 000';
    const cases: [unknown, string][] = [
      [{ visit_type: 'clinic', price: 0 }, priceText],
      [{ visit_type: 'clinic', price: -100 }, priceText],
      [{ visit_type: 'clinic', price: 1_000_001 }, priceText],
      [{ visit_type: 'clinic', price: 4200.5 }, priceText],
      [{ visit_type: 'clinic', price: '4200' }, priceText],
      [{ visit_type: 'clinic', price: null }, priceText],
      [{ visit_type: 'clinic' }, priceText],
      [{ visit_type: 'office', price: 4200 }, 'Выберите вид приёма: в клинике, на дому или онлайн'],
      [{ price: 4200 }, 'Выберите вид приёма: в клинике, на дому или онлайн'],
      [{ visit_type: 'home', price: 4200 }, 'Врач не ведёт такой приём по этому адресу'],
    ];
    for (const [payload, detail] of cases) {
      const res = await set(clinic, workplaceId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    for (const payload of [[], 42]) {
      expect((await set(clinic, workplaceId, payload)).statusCode).toBe(400);
    }
    expect(await storedPrice()).toEqual(before);
  });

  it("refuses a second price of the visit in the price list's editor; its other fields still change", async () => {
    const list = await clinic.inject({ method: 'GET', url: '/cabinet/ajax/prices/' });
    const line = list
      .json()
      .groups.flatMap((g: { lines: { id: number }[] }) => g.lines)
      .find((l: { id: number }) => l.id === visitLine.id);
    expect(line).toMatchObject({ visitPrice: true, priceFull: 5100, priceClub: 3570 });
    const body = {
      name: line.name,
      duration_minutes: line.durationMinutes,
      price_full: line.priceFull,
      price_club: line.priceClub,
      requires_primary_consultation: line.requiresPrimaryConsultation,
      appointment_on: line.appointmentOn,
      has_intervals: line.hasIntervals,
      is_available_appointment_direct: line.isAvailableAppointmentDirect,
      version: line.version,
    };
    for (const change of [{ price_full: 5600 }, { price_club: 100 }]) {
      const res = await clinic.inject({
        url: `/cabinet/ajax/prices/${visitLine.id}/`,
        payload: { ...body, ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Это приём врача: его цену меняют в разделе «Стоимость приёма врачей»');
    }
    const renamed = await clinic.inject({
      url: `/cabinet/ajax/prices/${visitLine.id}/`,
      payload: { ...body, name: 'Приём невролога' },
    });
    expect(renamed.statusCode).toBe(200);
    const [row] = await database.db.select().from(clinicServices).where(eq(clinicServices.id, visitLine.id));
    expect(row).toMatchObject({ name: 'Приём невролога', priceFull: 5100, priceClub: 3570 });
  });

  it('leaving the club takes the club price off the visit and its line; joining gives it back', async () => {
    const leave = await clinic.inject({
      url: '/cabinet/ajax/prices/club/',
      payload: { enabled: false, discount_percent: 16 },
    });
    expect(leave.statusCode).toBe(200);
    expect(await storedPrice()).toEqual({ price: 5100, clubPrice: null });
    const [line] = await database.db.select().from(clinicServices).where(eq(clinicServices.id, visitLine.id));
    expect(line.priceClub).toBeNull();
    await clinic.inject({
      url: '/cabinet/ajax/prices/club/',
      payload: { enabled: true, discount_percent: 16 },
    });
    expect(await storedPrice()).toEqual({ price: 5100, clubPrice: 3570 });
  });
});
