import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { fixedClock } from '../../../clock';
import type { Database, Db } from '../../../db/client';
import { type APPOINTMENT_STATUSES, appointments } from '../../../db/schema/booking';
import { createClinic, createDoctor, createReview, createTown, createUser } from '../../../db/seed/factories';
import { openTestDatabase } from '../../../testing/database';

let database: Database;
let app: FastifyInstance;
const ids = { trusted: 0, newcomer: 0, doctorUser: 0 };

const NOW = '2026-11-22T09:00:00Z';

/** An appointment of the user with the doctor, `hoursAgo` hours before NOW, half an hour long. */
async function book(
  db: Db,
  userId: number,
  doctor: { id: number; workplaces: { id: number; clinicId: number }[] },
  hoursAgo: number,
  status: (typeof APPOINTMENT_STATUSES)[number],
) {
  const start = new Date(Date.parse(NOW) - hoursAgo * 3_600_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  await db.insert(appointments).values({
    workplaceId: doctor.workplaces[0].id,
    doctorId: doctor.id,
    clinicId: doctor.workplaces[0].clinicId,
    userId,
    during: `[${start.toISOString()},${end.toISOString()})`,
    status,
    patientName: 'Пациент',
    patientPhone: '79990000000',
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });

  // Confirmed phone, a two-year-old account, one deleted review: 30 + 30 + 20 = 80 %.
  const trusted = await createUser(db, { isRealPatient: true, createdAt: new Date('2024-11-01T00:00:00Z') });
  const rated = [{ name: 'Внимание к пациенту', value: 2 }];
  const unrated = [{ name: 'Внимание к пациенту', value: null }];
  const review = (over: Parameters<typeof createReview>[1]) =>
    createReview(db, { doctorId: doctor.id, userId: trusted.id, ...over });
  await review({ sentiment: 'positive', assessments: rated });
  await review({ sentiment: 'positive', assessments: [] });
  await review({ sentiment: 'positive', status: 'resolved', assessments: unrated });
  await review({ sentiment: 'negative', status: 'unconfirmed', assessments: rated });
  await review({ sentiment: 'neutral', assessments: rated });
  await review({ sentiment: 'negative', status: 'deleted', deletedReason: 'Оскорбления', assessments: [] });
  await review({ sentiment: 'positive', status: 'pending', assessments: [] });
  await createReview(db, { clinicId: clinic.id, userId: trusted.id, sentiment: 'negative', assessments: [] });
  // Two visits that happened (one still 'active' in the past), a no-show, a hold and a cancellation.
  await book(db, trusted.id, doctor, 48, 'done');
  await book(db, trusted.id, doctor, 24, 'active');
  await book(db, trusted.id, doctor, 12, 'no_show');
  await book(db, trusted.id, doctor, 6, 'canceled');
  await book(db, trusted.id, doctor, -6, 'held');

  const newcomer = await createUser(db, {
    isRealPatient: false,
    createdAt: new Date('2026-11-01T00:00:00Z'),
  });
  const doctorUser = await createUser(db, { role: 'doctor', doctorId: doctor.id });
  Object.assign(ids, { trusted: trusted.id, newcomer: newcomer.id, doctorUser: doctorUser.id });
  app = await buildApp({ db, clock: fixedClock(NOW) });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (query: string) => app.inject({ method: 'GET', url: `/api/rates/patient_profile/${query}` });

describe('GET /api/rates/patient_profile/', () => {
  it('answers the trust verdict, its criteria and the review and visit counts of a patient', async () => {
    const res = await get(`?patient_id=${ids.trusted}&patient_mobile_id=`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      trust_percent: 80,
      can_trust: true,
      trust_criteria: [
        { title: 'Телефон подтверждён', can_trust: true },
        { title: 'Есть записи через сервис', can_trust: true },
        { title: 'Профиль старше года', can_trust: true },
        { title: 'Отзывы не удалялись модераторами', can_trust: false },
      ],
      // Shown reviews: 2 published + 1 resolved positive; 1 unconfirmed + 1 clinic negative.
      count_rates_positive: 3,
      count_rates_negative: 2,
      count_rates_canceled: 1,
      // Shown reviews with no rated criterion: [] ×2 (one of them the clinic's) and all-null ×1.
      count_rates_without_mark: 3,
      count_appointments: 3,
    });
  });

  it('never carries the phone or the name', async () => {
    const body = (await get(`?patient_id=${ids.trusted}`)).body;
    expect(body).not.toMatch(/7998\d{7}|phone|name/i);
  });

  it('a new account with nothing behind it: 20 %, «be careful», zero counts', async () => {
    const res = await get(`?patient_id=${ids.newcomer}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trust_percent: 20,
      can_trust: false,
      count_rates_positive: 0,
      count_rates_negative: 0,
      count_rates_canceled: 0,
      count_rates_without_mark: 0,
      count_appointments: 0,
    });
  });

  it('finds the patient by the mobile app id alone', async () => {
    const res = await get(`?patient_id=&patient_mobile_id=${ids.trusted}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().trust_percent).toBe(80);
  });

  it('refuses a call without any patient id with 400', async () => {
    for (const query of ['', '?patient_id=', '?patient_id=&patient_mobile_id=']) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Не указан пациент', code: 'bad_request' });
    }
  });

  it('refuses an id that is not digits with 400', async () => {
    const res = await get('?patient_id=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Некорректный идентификатор пациента', code: 'bad_request' });
  });

  it('answers 404 «Пациент не найден» for an unknown id and for a work account', async () => {
    for (const id of [999_999, ids.doctorUser]) {
      const res = await get(`?patient_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Пациент не найден', code: 'not_found' });
    }
  });
});
