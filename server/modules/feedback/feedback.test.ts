import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { mistakeReports } from '../../db/schema/feedback';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken, injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
const ids = { doctor: 0, clinic: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  ids.doctor = doctor.id;
  ids.clinic = clinic.id;
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const latest = async () =>
  (await database.db.select().from(mistakeReports).orderBy(desc(mistakeReports.id)).limit(1))[0];

describe('POST /ajax/mistake_reports/', () => {
  it('stores a doctor report sent as JSON and thanks the visitor', async () => {
    const res = await injectWithCsrf(app, {
      url: '/ajax/mistake_reports/',
      payload: { doctor_id: ids.doctor, text: '  Врач больше не принимает по этому адресу ', contact: '' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.detail).toBe('Спасибо! Мы проверим информацию.');
    const row = await latest();
    expect(row).toMatchObject({
      id: body.id,
      doctorId: ids.doctor,
      clinicId: null,
      text: 'Врач больше не принимает по этому адресу',
      contact: null,
    });
  });

  it('stores a clinic report sent as a form with the token in the body', async () => {
    const token = await csrfToken(app);
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/mistake_reports/',
      cookies: { csrftoken: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrfmiddlewaretoken: token,
        lpu_id: String(ids.clinic),
        text: 'Клиника переехала на другую улицу',
        contact: 'anna@example.ru',
      }).toString(),
    });
    expect(res.statusCode).toBe(201);
    expect(await latest()).toMatchObject({
      doctorId: null,
      clinicId: ids.clinic,
      contact: 'anna@example.ru',
    });
  });

  it('refuses a short or missing text with a clear message and stores nothing', async () => {
    const before = (await latest())?.id;
    for (const [payload, detail] of [
      [{ doctor_id: ids.doctor, text: 'Ошибка' }, 'Опишите ошибку подробнее: не меньше 10 символов'],
      [{ doctor_id: ids.doctor }, 'Опишите, что не так'],
      [
        { doctor_id: ids.doctor, text: 'а'.repeat(2001) },
        'Слишком длинное описание: не больше 2000 символов',
      ],
      [{ text: 'Неверный номер телефона' }, 'Не указан врач или клиника'],
      [
        { doctor_id: ids.doctor, lpu_id: ids.clinic, text: 'Неверный номер телефона' },
        'Не указан врач или клиника',
      ],
      [{ doctor_id: 'первый', text: 'Неверный номер телефона' }, 'Некорректный идентификатор врача'],
      [
        { doctor_id: ids.doctor, text: 'Неверный номер телефона', contact: 'x'.repeat(201) },
        'Контакт не длиннее 200 символов',
      ],
    ] as const) {
      const res = await injectWithCsrf(app, { url: '/ajax/mistake_reports/', payload });
      expect(res.statusCode, detail).toBe(400);
      expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
    }
    expect((await latest())?.id).toBe(before);
  });

  it('answers 404 for a doctor or clinic that does not exist', async () => {
    const doctor = await injectWithCsrf(app, {
      url: '/ajax/mistake_reports/',
      payload: { doctor_id: ids.doctor + 999, text: 'Неверный номер телефона' },
    });
    expect(doctor.statusCode).toBe(404);
    expect(doctor.json()).toEqual({ detail: 'Врач не найден', code: 'not_found' });
    const clinic = await injectWithCsrf(app, {
      url: '/ajax/mistake_reports/',
      payload: { lpu_id: ids.clinic + 999, text: 'Неверный номер телефона' },
    });
    expect(clinic.statusCode).toBe(404);
    expect(clinic.json()).toEqual({ detail: 'Клиника не найдена', code: 'not_found' });
  });

  it('refuses a call without the CSRF token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/mistake_reports/',
      payload: { doctor_id: ids.doctor, text: 'Неверный номер телефона' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/^Ошибка проверки безопасности/);
  });
});
