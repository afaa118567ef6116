/**
 * Page effectiveness: the page beacon counts each visitor once a day, the booking page counts a
 * press made on a doctor's or clinic's page, and the cabinet shows the counts to levels from
 * Стандарт up; a lower level is told what it would gain, not refused.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs } from '../../testing/session';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let clinic: { id: number };
let lightClinic: { id: number };
let doctor: { id: number; workplaces: { id: number }[] };

// 23:30 in Moscow on 5 November: the page's day is the 5th in its town, whatever UTC says.
const NOW = '2026-11-05T20:30:00Z';

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва', tz: 'Europe/Moscow' });
  clinic = await createClinic(database.db, { townId: town.id, softwareVersion: 'PRO' });
  lightClinic = await createClinic(database.db, { townId: town.id, softwareVersion: 'LIGHT' });
  doctor = await createDoctor(database.db, {
    townId: town.id,
    clinicIds: [clinic.id],
    softwareVersion: 'STANDARD',
  });
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock(NOW),
    pages: { build: pages.build, mode: 'test' },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

async function beacon(fields: Record<string, string>, headers: Record<string, string> = {}, cookies = {}) {
  const token = await csrfToken(app);
  return app.inject({
    method: 'POST',
    url: '/ajax/page_stats/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mozilla/5.0 test',
      ...headers,
    },
    cookies: { csrftoken: token, ...cookies },
    payload: new URLSearchParams({ ...fields, csrfmiddlewaretoken: token }).toString(),
  });
}

async function counts(kind: string, id: number) {
  const { rows } = await database.db.execute<{
    day: string;
    views: number;
    bookingClicks: number;
    phoneClicks: number;
  }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, views, booking_clicks AS "bookingClicks", phone_clicks AS "phoneClicks"
      FROM page_stats WHERE kind = ${kind} AND page_id = ${id} ORDER BY day`);
  return rows;
}

describe('the page beacon', () => {
  it('counts a visitor once a day per page and event, on the town’s day', async () => {
    const id = String(doctor.id);
    expect((await beacon({ kind: 'doctor', id, event: 'view' })).statusCode).toBe(204);
    expect((await beacon({ kind: 'doctor', id, event: 'view' })).statusCode).toBe(204);
    await beacon({ kind: 'doctor', id, event: 'view' }, { 'user-agent': 'Mozilla/5.0 another browser' });
    await beacon({ kind: 'doctor', id, event: 'phone' });
    await beacon({ kind: 'doctor', id, event: 'phone' });
    expect(await counts('doctor', doctor.id)).toEqual([
      { day: '2026-11-05', views: 2, bookingClicks: 0, phoneClicks: 1 },
    ]);
  });

  it('adds a visitor’s first time on the page of the day, at most half an hour', async () => {
    const id = String(doctor.id);
    expect((await beacon({ kind: 'doctor', id, event: 'time', ms: '65000' })).statusCode).toBe(204);
    // The same visitor again that day (a second visit, a repeated beacon): not counted.
    await beacon({ kind: 'doctor', id, event: 'time', ms: '5000' });
    // A tab left open overnight counts as half an hour.
    await beacon(
      { kind: 'doctor', id, event: 'time', ms: '99999999' },
      { 'user-agent': 'Mozilla/5.0 another browser' },
    );
    const { rows } = await database.db.execute<{ timed: number; timeMs: number }>(sql`
      SELECT timed, time_ms::float8 AS "timeMs" FROM page_stats WHERE kind = 'doctor' AND page_id = ${doctor.id}`);
    expect(rows).toEqual([{ timed: 2, timeMs: 65_000 + 30 * 60_000 }]);
  });

  it('does not count crawlers, the page’s own account, or pages that do not exist', async () => {
    await beacon({ kind: 'clinic', id: String(clinic.id), event: 'view' }, { 'user-agent': 'Googlebot/2.1' });
    const own = await signedInAs(app, database.db, { role: 'clinic', clinicId: clinic.id });
    const res = await own.inject({
      method: 'POST',
      url: '/ajax/page_stats/',
      payload: { kind: 'clinic', id: clinic.id, event: 'view' },
    });
    expect(res.statusCode).toBe(204);
    expect(await counts('clinic', clinic.id)).toEqual([]);
    await beacon({ kind: 'clinic', id: '999999', event: 'view' });
    expect(await counts('clinic', 999999)).toEqual([]);
  });

  it('refuses garbage with a reason', async () => {
    const bad: Record<string, string>[] = [
      { kind: 'town', id: '1', event: 'view' },
      { kind: 'doctor', id: 'abc', event: 'view' },
      { kind: 'doctor', id: '-4', event: 'view' },
      { kind: 'doctor', id: '99999999999', event: 'view' },
      { kind: 'doctor', id: '1', event: 'booking' },
      { kind: 'doctor', event: 'view' },
      { kind: 'doctor', id: '1', event: 'time' },
      { kind: 'doctor', id: '1', event: 'time', ms: '-1' },
      { kind: 'doctor', id: '1', event: 'time', ms: '1.5' },
      { kind: 'doctor', id: '1', event: 'time', ms: 'abc' },
      { kind: 'doctor', id: '1', event: 'time', ms: '1e400' },
      { kind: 'doctor', id: '1', event: 'view', ms: '5000' },
    ];
    for (const fields of bad) {
      const res = await beacon(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });
});

describe('booking presses', () => {
  it('counts a booking page opened from the doctor’s page, once per visitor, and not from a list', async () => {
    const open = (source: string, ua = 'Mozilla/5.0 patient') =>
      app.inject({
        url: `/appointment/new/?doctor=${doctor.id}&lpu=${clinic.id}&source=${source}`,
        headers: { 'user-agent': ua },
      });
    expect((await open('doctor_page')).statusCode).toBe(200);
    await open('doctor_page');
    await open('doctors_list', 'Mozilla/5.0 someone else');
    await open('clinic_doctors', 'Mozilla/5.0 someone else');
    expect((await counts('doctor', doctor.id))[0].bookingClicks).toBe(1);
    expect((await counts('clinic', clinic.id))[0]).toMatchObject({ bookingClicks: 1, views: 0 });
  });
});

describe('the cabinet report', () => {
  it('shows a Стандарт doctor his days, with the bookings made on the site', async () => {
    const base = {
      workplaceId: doctor.workplaces[0].id,
      doctorId: doctor.id,
      clinicId: clinic.id,
      patientName: 'Анна',
      patientPhone: '79990000000',
    };
    await database.db.insert(appointments).values([
      // Booked at 00:30 on the 4th in Moscow (21:30 UTC on the 3rd), cancelled later: still a booking.
      {
        ...base,
        during: '[2026-11-20 07:00:00+00,2026-11-20 07:30:00+00)',
        status: 'canceled',
        createdAt: new Date('2026-11-03T21:30:00Z'),
      },
      {
        ...base,
        during: '[2026-11-21 07:00:00+00,2026-11-21 07:30:00+00)',
        createdAt: new Date('2026-11-05T20:00:00Z'),
      },
      // A hold on the booking form is not a booking yet.
      {
        ...base,
        during: '[2026-11-22 07:00:00+00,2026-11-22 07:30:00+00)',
        status: 'held',
        createdAt: new Date('2026-11-05T20:10:00Z'),
      },
    ]);
    const me = await signedInAs(app, database.db, { role: 'doctor', doctorId: doctor.id });
    const res = await me.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/?days=7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const report = res.json();
    expect(report).toMatchObject({ version: 'STANDARD', available: true, upgrade: null, days: 7 });
    expect(report.page.url).toMatch(/^\/moskva\/vrach\/\d+-/);
    expect(report.series.map((d: { day: string }) => d.day)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
    ]);
    expect(report.series.at(-2)).toEqual({
      day: '2026-11-04',
      views: 0,
      bookingClicks: 0,
      bookings: 1,
      phoneClicks: 0,
      timed: 0,
      timeMs: 0,
    });
    expect(report.series.at(-1)).toEqual({
      day: '2026-11-05',
      views: 2,
      bookingClicks: 1,
      bookings: 1,
      phoneClicks: 1,
      timed: 2,
      timeMs: 65_000 + 30 * 60_000,
    });
  });

  it('tells a Лайт clinic what Стандарт would give instead of refusing', async () => {
    await beacon({ kind: 'clinic', id: String(lightClinic.id), event: 'view' });
    const me = await signedInAs(app, database.db, { role: 'clinic', clinicId: lightClinic.id });
    const report = (await me.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/' })).json();
    expect(report).toMatchObject({ version: 'LIGHT', available: false, days: 30, series: [] });
    expect(report.upgrade).toEqual({
      version: 'STANDARD',
      gains: ['Следит за эффективностью страницы', 'Публикует акции и скидки'],
    });
  });

  it('is the page owner’s only', async () => {
    expect((await app.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/' })).statusCode).toBe(401);
    const patient = await signedInAs(app, database.db);
    const refused = await patient.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Эффективность страницы видна врачу или клинике: войдите в рабочий аккаунт',
    );
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    expect((await staff.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/' })).statusCode).toBe(403);
    // A clinic reads its own page's counts: nothing in the query names another page.
    const clinicUser = await signedInAs(app, database.db, { role: 'clinic', clinicId: clinic.id });
    const own = (
      await clinicUser.inject({
        method: 'GET',
        url: `/cabinet/ajax/effectiveness/?days=7&clinic=${lightClinic.id}`,
      })
    ).json();
    expect(own.page.id).toBe(clinic.id);
    const bad = await clinicUser.inject({ method: 'GET', url: '/cabinet/ajax/effectiveness/?days=5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('days');
  });
});
