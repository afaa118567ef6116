/**
 * The booking pages as served (rendered through Vite, as in development): a booking link
 * without a clinic, and the waitlist SMS link's page.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createClinicService, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';
import { signedInAs } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
const ids = { one: 0, oneClinic: 0, two: 0, first: 0, second: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Europe/Moscow' });
  const first = await createClinic(db, { townId: town.id, name: 'Клиника «Первая»' });
  const second = await createClinic(db, { townId: town.id, name: 'Клиника «Вторая»' });
  const one = await createDoctor(db, { townId: town.id, clinicIds: [first.id] });
  const two = await createDoctor(db, { townId: town.id, clinicIds: [first.id, second.id] });
  Object.assign(ids, { one: one.id, oneClinic: first.id, two: two.id, first: first.id, second: second.id });
  await db.insert(scheduleRules).values({
    workplaceId: one.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  const { pages, close } = await testPages();
  closePages = close;
  // Sunday 22 November 2026, 12:00 in Moscow.
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z'), pages });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

describe('a booking link without the clinic', () => {
  it('goes to the only clinic the doctor books at, keeping the rest of the link', async () => {
    const res = await app.inject({ url: `/appointment/new/?doctor=${ids.one}&source=doctor_page` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/appointment/new/?doctor=${ids.one}&source=doctor_page&lpu=${ids.oneClinic}`,
    );
  });

  it('offers the choice when the doctor books at several clinics', async () => {
    const res = await app.inject({ url: `/appointment/new/?doctor=${ids.two}&type=home` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Выберите клинику');
    for (const clinic of [ids.first, ids.second])
      expect(res.body).toContain(
        `href="/appointment/new/?doctor=${ids.two}&amp;type=home&amp;lpu=${clinic}"`,
      );
    expect(res.body).toContain('Клиника «Вторая»');
  });

  it('is a 404 for a doctor nobody books online, or no doctor at all', async () => {
    await database.db.execute(
      sql`UPDATE workplaces SET is_appointment_on = false WHERE doctor_id = ${ids.two}`,
    );
    expect((await app.inject({ url: `/appointment/new/?doctor=${ids.two}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/appointment/new/?doctor=99999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/appointment/new/' })).statusCode).toBe(404);
  });
});

describe('the booking page of a doctor the clinic takes no online booking of', () => {
  it('is no dead end: the clinic’s phone to call, the callback request and the waitlist', async () => {
    const db = database.db;
    const [town] = await db.execute<{ id: number }>(sql`SELECT id FROM towns LIMIT 1`).then((r) => r.rows);
    const clinic = await createClinic(db, { townId: town.id, phones: ['74951234567'] });
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    await db.execute(sql`UPDATE workplaces SET is_appointment_on = false WHERE doctor_id = ${doctor.id}`);
    const res = await app.inject({ url: `/appointment/new/?doctor=${doctor.id}&lpu=${clinic.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Клиника сейчас не принимает онлайн-запись к этому врачу.');
    expect(res.body).toContain('Записаться можно по телефону клиники:');
    expect(res.body).toContain('href="tel:+74951234567"');
    // The callback request (a visitor confirms the phone first) and the waitlist.
    expect(res.body).toContain('Оставьте заявку — администратор клиники перезвонит и подберёт время приёма.');
    expect(res.body).toContain('Нет подходящего времени? Сообщим, когда освободится');
  });
});

describe("the waitlist link's page", () => {
  it('shows the freed time to take, and is a 404 for an unknown link', async () => {
    const booker = await signedInAs(app, database.db);
    const waiting = await signedInAs(app, database.db);
    const spot = { doctor_id: ids.one, lpu_id: ids.oneClinic };
    const booked = await booker.inject({
      url: '/ajax/appointment/create/',
      payload: {
        ...spot,
        slot: '23.11.2026 10:00',
        last_name: 'Иванова',
        first_name: 'Анна',
        no_patronymic: true,
        birth_date: '1990-04-01',
        request_key: 'booking-pages-1',
      },
    });
    expect(booked.statusCode).toBe(201);
    const joined = await waiting.inject({
      url: '/ajax/waitlist/',
      payload: { ...spot, date_from: '2026-11-23', date_to: '2026-11-23', times: ['morning'] },
    });
    expect(joined.statusCode).toBe(201);
    await booker.inject({ url: `/ajax/appointment/${booked.json().appointment.id}/cancel/`, payload: {} });
    const { rows } = await database.db.execute<{ token: string }>(sql`SELECT token FROM waitlist_offers`);
    const res = await app.inject({ url: `/waitlist/${rows[0].token}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Освободилось время');
    expect(res.body).toContain('23 ноября 2026, понедельник, 10:00');
    expect(res.body).toContain('Записаться на это время');
    expect((await app.inject({ url: '/waitlist/unknown-token-123/' })).statusCode).toBe(404);
  });
});

describe('a returning patient’s form', () => {
  it('comes filled from their last booking for themselves; a booking for someone else leaves it as it was', async () => {
    const patient = await signedInAs(app, database.db);
    const spot = { doctor_id: ids.one, lpu_id: ids.oneClinic };
    const form = (slot: string, change: Record<string, unknown> = {}) => ({
      ...spot,
      slot,
      last_name: 'Смирнова',
      first_name: 'Ольга',
      patronymic: 'Игоревна',
      birth_date: '1987-03-14',
      request_key: `booking-pages-${slot}`,
      ...change,
    });
    const page = async () =>
      (
        await app.inject({
          url: `/appointment/new/?doctor=${ids.one}&lpu=${ids.oneClinic}&slot=23.11.2026%2011:30`,
          cookies: patient.cookies,
        })
      ).body;
    expect(await page()).not.toContain('Записать другого человека');
    const own = await patient.inject({ url: '/ajax/appointment/create/', payload: form('23.11.2026 09:00') });
    expect(own.statusCode).toBe(201);
    const other = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form('23.11.2026 09:30', {
        last_name: 'Смирнов',
        first_name: 'Пётр',
        patronymic: '',
        no_patronymic: true,
        birth_date: '1958-06-01',
        someone_else: true,
      }),
    });
    expect(other.statusCode).toBe(201);
    const html = await page();
    expect(html).toContain('value="Смирнова"');
    expect(html).toContain('value="Игоревна"');
    expect(html).toContain('value="14.03.1987"');
    expect(html).not.toContain('value="Пётр"');
    expect(html).toContain('Записать другого человека');
    expect(html).toContain('placeholder="дд.мм.гггг"');
  });
});

describe('a service booking link without the service', () => {
  it('offers the clinic’s services booked by time, goes to the only one of a class, and takes `dtype` for the service', async () => {
    const town = await createTown(database.db, { tz: 'Europe/Moscow' });
    const clinic = await createClinic(database.db, { townId: town.id });
    const mri = await createClinicService(database.db, {
      clinicId: clinic.id,
      synonym: { name: 'МРТ колена' },
    });
    const us = await createClinicService(database.db, {
      clinicId: clinic.id,
      synonym: { name: 'УЗИ почек' },
    });
    await createClinicService(database.db, {
      clinicId: clinic.id,
      synonym: { name: 'Без записи' },
      hasIntervals: false,
    });

    const list = await app.inject({
      url: `/uslugi/appointment/new/?lpu=${clinic.id}&source=clinic_prices&device=3`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Выберите услугу');
    expect(list.body).toContain('МРТ колена');
    expect(list.body).toContain('УЗИ почек');
    expect(list.body).not.toContain('Без записи');
    expect(list.body).toContain(
      `href="/uslugi/appointment/new/?lpu=${clinic.id}&amp;service=${mri.synonymId}&amp;source=clinic_prices"`,
    );

    const oneClass = await app.inject({
      url: `/uslugi/appointment/new/?lpu=${clinic.id}&dclass=${us.classId}&equipmentId=`,
    });
    expect(oneClass.statusCode).toBe(302);
    expect(oneClass.headers.location).toBe(
      `/uslugi/appointment/new/?lpu=${clinic.id}&service=${us.synonymId}&source=clinic_prices`,
    );
    const analysis = await app.inject({
      url: `/analyses/appointment/new/?lpu=${clinic.id}&dclass=${us.classId}`,
    });
    expect(analysis.headers.location).toMatch(/^\/analyses\/appointment\/new\/\?lpu=/);

    const byType = await app.inject({
      url: `/uslugi/appointment/new/?lpu=${clinic.id}&dtype=${mri.synonymId}`,
    });
    expect(byType.statusCode).toBe(200);
    expect(byType.body).toContain('МРТ колена');
    expect(byType.body).not.toContain('Выберите услугу');

    expect(
      (await app.inject({ url: `/uslugi/appointment/new/?lpu=${clinic.id}&dclass=99999999` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/uslugi/appointment/new/?lpu=abc' })).statusCode).toBe(404);
  });
});
