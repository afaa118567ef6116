import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_DISCOUNT_RUB } from '../../../../core/reviews/award';
import { buildApp } from '../../../app';
import { fixedClock } from '../../../clock';
import type { Database } from '../../../db/client';
import { appointments } from '../../../db/schema/booking';
import { createClinic, createDoctor, createTown } from '../../../db/seed/factories';
import { injectWithCsrf } from '../../../testing/csrf';
import { openTestDatabase } from '../../../testing/database';
import { signedInAs, type TestSession } from '../../../testing/session';
import { AWARD_ERRORS } from './service';

const NOW = new Date('2026-11-22T09:00:00Z');
const TEXT =
  'Врач внимательно выслушал, подробно объяснил диагноз и план лечения, назначил только нужные анализы. ' +
  'Через две недели стало заметно лучше.';

let database: Database;
let app: FastifyInstance;
let uploads: string;
let staff: TestSession;
const ids = { doctor: 0, clinic: 0, workplace: 0 };
let slot = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  uploads = await mkdtemp(path.join(os.tmpdir(), 'review-awards-'));
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM workplaces WHERE doctor_id = ${doctor.id} LIMIT 1`,
  );
  Object.assign(ids, { doctor: doctor.id, clinic: clinic.id, workplace: rows[0].id });
  app = await buildApp({ db, clock: fixedClock(NOW.toISOString()), uploadsDir: uploads });
  staff = await signedInAs(app, db, { role: 'staff' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(uploads, { recursive: true, force: true });
});

/** A visit of the patient's at the doctor, booked through the portal (past or upcoming). */
async function visit(patient: TestSession, day: string, status: 'done' | 'active' = 'active') {
  const hour = String(7 + (slot++ % 10)).padStart(2, '0');
  const [row] = await database.db
    .insert(appointments)
    .values({
      workplaceId: ids.workplace,
      doctorId: ids.doctor,
      clinicId: ids.clinic,
      userId: patient.userId,
      during: `[${day} ${hour}:00:00+00,${day} ${hour}:30:00+00)`,
      status,
      price: 2500,
      patientName: 'Анна',
      patientPhone: '79990000000',
    })
    .returning({ id: appointments.id });
  return row.id;
}

/** A published review of the doctor by the patient, for the visit month given. */
async function publishedReview(patient: TestSession, month: string) {
  const res = await patient.inject({
    url: '/api/reviews/',
    payload: { doctor_id: ids.doctor, text: TEXT, stars: [5, 5, 5, 5], visit_month: month },
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json();
  expect(
    (await staff.inject({ url: `/api/staff/reviews/${id}/moderate/`, payload: { action: 'publish' } }))
      .statusCode,
  ).toBe(200);
  return id as number;
}

const mine = async (patient: TestSession) =>
  (await patient.inject({ method: 'GET', url: '/api/patient/review-awards/' })).json().awards as {
    amount: number;
    appointmentId: number | null;
  }[];
const apply = (patient: TestSession, appointmentId: number) =>
  patient.inject({ url: `/api/appointment/${appointmentId}/review-award/` });

describe('the review award', () => {
  it('a published review of a visit booked here gives 300 ₽, applied to one upcoming visit at a time', async () => {
    const patient = await signedInAs(app, database.db);
    await visit(patient, '2026-10-14', 'done');
    await publishedReview(patient, '2026-10');
    expect(await mine(patient)).toEqual([
      expect.objectContaining({ amount: REVIEW_DISCOUNT_RUB, appointmentId: null }),
    ]);

    const next = await visit(patient, '2026-12-03');
    const res = await apply(patient, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: REVIEW_DISCOUNT_RUB });
    expect(await mine(patient)).toEqual([expect.objectContaining({ appointmentId: next })]);

    const again = await apply(patient, next);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(AWARD_ERRORS.already);
    const other = await visit(patient, '2026-12-10');
    const none = await apply(patient, other);
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(AWARD_ERRORS.none);

    // Cancelling the visit frees the discount for the next one.
    await database.db.execute(sql`UPDATE appointments SET status = 'canceled' WHERE id = ${next}`);
    expect((await apply(patient, other)).statusCode).toBe(200);
  });

  it('a review of a visit not booked here gives nothing; a past or cancelled visit takes none', async () => {
    const patient = await signedInAs(app, database.db);
    await publishedReview(patient, '2026-09');
    expect(await mine(patient)).toEqual([]);
    const past = await visit(patient, '2026-11-01', 'done');
    const res = await apply(patient, past);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(AWARD_ERRORS.notActive);
  });

  it('deleting the review before the discount is used takes it back; publishing again gives it back', async () => {
    const patient = await signedInAs(app, database.db);
    await visit(patient, '2026-08-05', 'done');
    const review = await publishedReview(patient, '2026-08');
    expect(await mine(patient)).toHaveLength(1);
    const moderate = (action: string, reason?: string) =>
      staff.inject({ url: `/api/staff/reviews/${review}/moderate/`, payload: { action, reason } });
    expect((await moderate('delete', 'Отзыв оставлен не пациентом')).statusCode).toBe(200);
    expect(await mine(patient)).toEqual([]);
    expect((await moderate('publish')).statusCode).toBe(200);
    expect(await mine(patient)).toHaveLength(1);
  });

  it('only the visit’s own patient, signed in, applies a discount', async () => {
    const owner = await signedInAs(app, database.db);
    const upcoming = await visit(owner, '2026-12-20');
    const stranger = await signedInAs(app, database.db);
    expect((await apply(stranger, upcoming)).statusCode).toBe(404);
    const anonymous = await injectWithCsrf(app, { url: `/api/appointment/${upcoming}/review-award/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(AWARD_ERRORS.signIn);
    expect((await owner.inject({ url: '/api/appointment/abc/review-award/' })).statusCode).toBe(400);
  });
});
