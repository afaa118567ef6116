import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TEXT_MIN, WRITE_ERRORS } from '../../../core/reviews/write';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { reviewTags } from '../../db/schema/reviews';
import { createClinic, createDoctor, createReview, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { doctorRatingFromScratch } from '../../testing/rating';
import { signedInAs, type TestSession } from '../../testing/session';
import { createDirectoryService } from '../directory/service';
import { createTownService } from '../towns/service';
import { STAFF_ONLY } from './moderation';
import { recountRatings } from './rating-repo';
import { createReviewsService } from './service';
import { REPLY_ERRORS } from './write-service';

const NOW = new Date('2026-11-22T09:00:00Z');
const TEXT =
  'Врач внимательно выслушал, подробно объяснил диагноз и план лечения, назначил только нужные анализы. ' +
  'Через две недели стало заметно лучше.';

let database: Database;
let app: FastifyInstance;
let uploads: string;
let staff: TestSession;
const ids = { town: 0, clinic: 0, doctor: 0, other: 0, seeded: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  uploads = await mkdtemp(path.join(os.tmpdir(), 'review-docs-'));
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const other = await createDoctor(db, { townId: town.id, clinicIds: [] });
  Object.assign(ids, { town: town.id, clinic: clinic.id, doctor: doctor.id, other: other.id });
  // An older published review, so publishing a new one moves an existing rating.
  const seeded = await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'negative',
    userId: null,
    createdAt: new Date('2019-01-10T10:00:00Z'),
  });
  ids.seeded = seeded.id;
  await db.insert(reviewTags).values([
    { name: 'Внимательный врач', translit: 'vnimatelniy-vrach', polarity: 1 },
    { name: 'Долгое ожидание', translit: 'dolgoe-ozhidanie', polarity: -1 },
  ]);
  app = await buildApp({ db, clock: fixedClock(NOW.toISOString()), uploadsDir: uploads });
  await recountRatings(db, NOW);
  staff = await signedInAs(app, db, { role: 'staff' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(uploads, { recursive: true, force: true });
});

const review = (over: Record<string, unknown> = {}) => ({
  doctor_id: ids.doctor,
  text: TEXT,
  stars: [5, 5, 4, null],
  visit_month: '2026-10',
  tags: ['vnimatelniy-vrach'],
  ...over,
});

async function doctorRow(id: number) {
  const { rows } = await database.db.execute<{
    rating: number;
    reviewsCount: number;
    weighted: number;
    weights: number;
  }>(sql`SELECT rating, reviews_count AS "reviewsCount", rating_weighted AS weighted, rating_weights AS weights
         FROM doctors WHERE id = ${id}`);
  return rows[0];
}

const ratingFromScratch = (doctorId: number) => doctorRatingFromScratch(database.db, doctorId, NOW);

const moderate = (id: number, action: string, reason?: string) =>
  staff.inject({ url: `/api/staff/reviews/${id}/moderate/`, payload: { action, reason } });

const cardIds = async (url: string) =>
  [...(await app.inject({ url })).json().template.matchAll(/data-review-id="(\d+)"/g)].map((m) =>
    Number(m[1]),
  );

describe('writing a review', () => {
  it('refuses a visitor who is not signed in, a work account and an unconfirmed phone', async () => {
    const anonymous = await injectWithCsrf(app, { url: '/api/reviews/', payload: review() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(WRITE_ERRORS.signIn);
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId: ids.doctor });
    const asDoctor = await doctor.inject({ url: '/api/reviews/', payload: review() });
    expect(asDoctor.statusCode).toBe(403);
    expect(asDoctor.json().detail).toBe(WRITE_ERRORS.notPatient);
    const unconfirmed = await signedInAs(app, database.db, { role: 'patient', isRealPatient: false });
    const res = await unconfirmed.inject({ url: '/api/reviews/', payload: review() });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(WRITE_ERRORS.confirmPhone);
  });

  it('refuses a text shorter than the minimum with the count still missing, per field', async () => {
    const patient = await signedInAs(app, database.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review({ text: 'Хороший врач' }) });
    expect(res.statusCode).toBe(400);
    const missing = REVIEW_TEXT_MIN - 'Хороший врач'.length;
    expect(res.json().errors.text).toBe(
      `Расскажите подробнее: ещё ${missing} символов (не меньше ${REVIEW_TEXT_MIN})`,
    );
  });

  it.each([
    ['no star at all', { stars: [null, null, null, null] }, 'stars', 'Поставьте хотя бы одну оценку'],
    [
      'a month outside the last two years',
      { visit_month: '2020-01' },
      'visit_month',
      'Укажите, когда вы были на приёме',
    ],
    ['both a doctor and a clinic', { lpu_id: 1 }, 'subject', WRITE_ERRORS.subject],
    ['an unknown tag', { tags: ['net-takogo'] }, 'tags', WRITE_ERRORS.unknownTag],
  ])('refuses %s with 400 and the field’s message', async (_name, over, field, message) => {
    const patient = await signedInAs(app, database.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('an unknown doctor is 404', async () => {
    const patient = await signedInAs(app, database.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review({ doctor_id: 99_999_999 }) });
    expect(res.statusCode).toBe(404);
  });

  it('stores a new review as pending: not shown, not counted, with its history', async () => {
    const before = await doctorRow(ids.doctor);
    const patient = await signedInAs(app, database.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review() });
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe('pending');
    expect(await cardIds(`/ajax/doctor/${ids.doctor}/reviews/`)).not.toContain(id);
    expect(await doctorRow(ids.doctor)).toEqual(before);
    const { rows } = await database.db.execute<{ sentiment: string; score: number; tags: number }>(sql`
      SELECT sentiment, score, (SELECT count(*)::int FROM review_tag_links WHERE review_id = ${id}) AS tags
      FROM reviews WHERE id = ${id}`);
    // Stars 5, 5, 4 → values 2, 2, 1: mean 4.67★, positive, score (4.67 − 2.5) × 0.8 = 1.73.
    expect(rows[0].sentiment).toBe('positive');
    expect(Number(rows[0].score)).toBeCloseTo(1.733, 2);
    expect(rows[0].tags).toBe(1);
    const queue = (await staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=pending' })).json();
    const item = queue.items.find((i: { id: number }) => i.id === id);
    expect(item.history).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);
    expect(item.subject).toMatchObject({ kind: 'doctor', id: ids.doctor });
  });

  it('allows one review per doctor per month of visits: the second is 409, another month is fine', async () => {
    const patient = await signedInAs(app, database.db);
    expect((await patient.inject({ url: '/api/reviews/', payload: review() })).statusCode).toBe(201);
    const again = await patient.inject({ url: '/api/reviews/', payload: review() });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(WRITE_ERRORS.duplicate);
    const other = await patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-09' }) });
    expect(other.statusCode).toBe(201);
  });

  it('two tabs sending the same review at once: one is stored, the other refused', async () => {
    const patient = await signedInAs(app, database.db);
    const answers = await Promise.all(
      [1, 2].map(() => patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-08' }) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('links a visit booked through the portal in that month and marks the review verified', async () => {
    const patient = await signedInAs(app, database.db);
    const { rows } = await database.db.execute<{ id: number }>(
      sql`SELECT id FROM workplaces WHERE doctor_id = ${ids.doctor} LIMIT 1`,
    );
    const [visit] = await database.db
      .insert(appointments)
      .values({
        workplaceId: rows[0].id,
        doctorId: ids.doctor,
        clinicId: ids.clinic,
        userId: patient.userId,
        during: '[2026-10-14 07:00:00+00,2026-10-14 07:30:00+00)',
        status: 'done',
        patientName: 'Анна',
        patientPhone: '79990000000',
      })
      .returning({ id: appointments.id });
    const res = await patient.inject({ url: '/api/reviews/', payload: review() });
    const { rows: saved } = await database.db.execute<{ appointmentId: number; isVerified: boolean }>(
      sql`SELECT appointment_id AS "appointmentId", is_verified AS "isVerified" FROM reviews WHERE id = ${res.json().id}`,
    );
    expect(saved[0]).toEqual({ appointmentId: visit.id, isVerified: true });
  });

  it('takes documents as multipart, keeps them for moderators only, and refuses a file that is not JPG, PNG or PDF', async () => {
    const patient = await signedInAs(app, database.db);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(64),
    ]);
    const form = (file: Buffer, name: string) => {
      const fd = new FormData();
      fd.set('lpu_id', String(ids.clinic));
      fd.set('text', TEXT);
      for (const s of ['4', '', '5', '5']) fd.append('stars', s);
      fd.set('visit_month', '2026-11');
      fd.append('documents', new Blob([new Uint8Array(file)]), name);
      return new Response(fd);
    };
    const send = async (file: Buffer, name: string) => {
      const body = form(file, name);
      return patient.inject({
        url: '/api/reviews/',
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type') as string },
      });
    };
    const wrong = await send(Buffer.from('MZ not a document'), 'virus.pdf');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.documents).toBe(WRITE_ERRORS.documentType);
    const ok = await send(png, 'чек.png');
    expect(ok.statusCode).toBe(201);
    const queue = (await staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=pending' })).json();
    const item = queue.items.find((i: { id: number }) => i.id === ok.json().id);
    expect(item.subject.kind).toBe('lpu');
    expect(item.assessments.map((a: { value: number | null }) => a.value)).toEqual([1, null, 2, 2]);
    expect(item.documents).toMatchObject([{ fileName: 'чек.png', mime: 'image/png', size: png.length }]);
    const url = `/api/staff/reviews/documents/${item.documents[0].id}/`;
    const download = await staff.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect((await patient.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('moderation and the rating', () => {
  it('is for staff only', async () => {
    const patient = await signedInAs(app, database.db);
    const res = await patient.inject({ method: 'GET', url: '/api/staff/reviews/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(STAFF_ONLY);
    expect(
      (
        await injectWithCsrf(app, {
          url: `/api/staff/reviews/${ids.seeded}/moderate/`,
          payload: { action: 'publish' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("finds a review in the queue by its number or by words of its text, the doctor's name as well", async () => {
    const patient = await signedInAs(app, database.db);
    const words = 'Редкое-слово-для-поиска';
    const { id } = (
      await patient.inject({
        url: '/api/reviews/',
        payload: review({ doctor_id: ids.other, visit_month: '2026-05', text: `${words} ${TEXT}` }),
      })
    ).json();
    const found = async (q: string) =>
      (await staff.inject({ method: 'GET', url: `/api/staff/reviews/?q=${encodeURIComponent(q)}` }))
        .json()
        .items.map((i: { id: number }) => i.id);
    expect(await found(words.toLowerCase())).toEqual([id]);
    expect(await found(String(id))).toEqual([id]);
    expect(await found('100%_нет_такого')).toEqual([]);
    const { rows } = await database.db.execute<{ lastName: string }>(
      sql`SELECT last_name AS "lastName" FROM doctors WHERE id = ${ids.other}`,
    );
    expect(await found(rows[0].lastName)).toContain(id);
    const tooLong = await staff.inject({ method: 'GET', url: `/api/staff/reviews/?q=${'я'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
    await moderate(id, 'delete', 'Тестовый отзыв');
  });

  it('publishing counts the review: stars and count move by it, equal to the formula over all reviews', async () => {
    const patient = await signedInAs(app, database.db);
    const { id } = (
      await patient.inject({ url: '/api/reviews/', payload: review({ doctor_id: ids.other }) })
    ).json();
    const before = await doctorRow(ids.other);
    expect(before).toMatchObject({ rating: 0, reviewsCount: 0 });
    const res = await moderate(id, 'publish');
    expect(res.statusCode).toBe(200);
    const after = await doctorRow(ids.other);
    expect(after.reviewsCount).toBe(1);
    expect(after.rating).toBeGreaterThan(2.5);
    expect(after.rating).toBeCloseTo(await ratingFromScratch(ids.other), 5);
    expect(res.json()).toEqual({ status: 'published', rating: after.rating, reviews_count: 1 });
    expect(await cardIds(`/ajax/doctor/${ids.other}/reviews/`)).toContain(id);
  });

  it('unconfirming, resolving and deleting take the review out of the rating; every step is in the history', async () => {
    const patient = await signedInAs(app, database.db);
    const bad = review({
      text: TEXT.replace('стало заметно лучше', 'лучше не стало'),
      stars: [1, 1, 2, 1],
      visit_month: '2026-07',
    });
    const { id } = (await patient.inject({ url: '/api/reviews/', payload: bad })).json();
    await moderate(id, 'publish');
    const published = await doctorRow(ids.doctor);
    expect(published.rating).toBeCloseTo(await ratingFromScratch(ids.doctor), 5);
    expect((await moderate(id, 'publish')).statusCode).toBe(409);
    const noReason = await moderate(id, 'delete');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину удаления');

    expect((await moderate(id, 'resolve')).json().status).toBe('resolved');
    const resolved = await doctorRow(ids.doctor);
    expect(resolved.reviewsCount).toBe(published.reviewsCount);
    expect(resolved.rating).toBeGreaterThan(published.rating);
    expect(resolved.rating).toBeCloseTo(await ratingFromScratch(ids.doctor), 5);

    await moderate(id, 'unconfirm');
    expect((await moderate(id, 'delete', 'Отзыв оставлен не пациентом')).json().status).toBe('deleted');
    const deleted = await doctorRow(ids.doctor);
    expect(deleted.reviewsCount).toBe(published.reviewsCount - 1);
    expect(deleted.rating).toBeCloseTo(await ratingFromScratch(ids.doctor), 5);
    // Nothing is hard-deleted: the row stays, with its reason and the whole history.
    const queue = (await staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=deleted' })).json();
    const item = queue.items.find((i: { id: number }) => i.id === id);
    expect(item.deletedReason).toBe('Отзыв оставлен не пациентом');
    expect(item.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'pending',
      'published',
      'resolved',
      'unconfirmed',
      'deleted',
    ]);
  });

  it('the tags block follows moderation: a published review’s tags count, a deleted one’s no more', async () => {
    const reviewsService = createReviewsService({ db: database.db });
    const patient = await signedInAs(app, database.db);
    const subject = { kind: 'doctor' as const, id: ids.doctor };
    const liked = async () =>
      (await reviewsService.tags(subject)).find((t) => t.translit === 'vnimatelniy-vrach')?.countLikedRates ??
      0;
    const before = await liked();
    const { id } = (
      await patient.inject({
        url: '/api/reviews/',
        payload: review({ visit_month: '2026-07', tags: ['vnimatelniy-vrach'] }),
      })
    ).json();
    expect(await liked()).toBe(before);
    await moderate(id, 'publish');
    expect(await liked()).toBe(before + 1);
    await moderate(id, 'unconfirm');
    expect(await liked()).toBe(before + 1);
    await moderate(id, 'delete', 'Повторный отзыв о том же приёме');
    expect(await liked()).toBe(before);
  });

  it('only a complaint can be resolved', async () => {
    const patient = await signedInAs(app, database.db);
    const { id } = (
      await patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-06' }) })
    ).json();
    const res = await moderate(id, 'resolve');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Решённой можно отметить только жалобу/);
  });

  it('the incremental sums equal a full recount', async () => {
    const before = await doctorRow(ids.doctor);
    await recountRatings(database.db, NOW);
    const after = await doctorRow(ids.doctor);
    expect(after.reviewsCount).toBe(before.reviewsCount);
    expect(after.rating).toBeCloseTo(before.rating, 5);
    expect(after.weights).toBeCloseTo(before.weights, 6);
    expect(after.weighted).toBeCloseTo(before.weighted, 6);
  });

  it.each([
    ['an unknown action', { action: 'ban' }, 'Неизвестное действие'],
    ['an unknown review', null, 'Отзыв не найден'],
  ])('refuses %s', async (_name, payload, detail) => {
    const res = payload
      ? await staff.inject({ url: `/api/staff/reviews/${ids.seeded}/moderate/`, payload })
      : await moderate(99_999_999, 'publish');
    expect(res.json().detail).toBe(detail);
    expect([400, 404]).toContain(res.statusCode);
  });
});

describe('fake-review warnings', () => {
  it('staff put the banner on a doctor and a clinic and take it off; the pages’ data carry it', async () => {
    const set = (payload: Record<string, unknown>) =>
      staff.inject({ url: '/api/staff/fake-warning/', payload });
    const reviewsService = createReviewsService({ db: database.db });
    const directory = createDirectoryService({ db: database.db, clock: fixedClock(NOW.toISOString()) });
    const town = (await createTownService({ db: database.db }).list()).find((t) => t.id === ids.town);
    if (!town) throw new Error('no town');

    const res = await set({ kind: 'doctor', id: ids.doctor, warning: 'review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fake_warning: 'review' });
    expect((await reviewsService.head({ kind: 'doctor', id: ids.doctor }))?.fakeWarning).toBe('review');
    expect((await directory.doctor(town, ids.doctor))?.fakeWarning).toBe('review');

    expect((await set({ kind: 'lpu', id: ids.clinic, warning: 'rating' })).statusCode).toBe(200);
    expect((await directory.clinic(town, ids.clinic))?.fakeWarning).toBe('rating');

    expect((await set({ kind: 'doctor', id: ids.doctor, warning: null })).json()).toEqual({
      fake_warning: null,
    });
    expect((await directory.doctor(town, ids.doctor))?.fakeWarning).toBeNull();
  });

  it('refuses a patient, an unknown warning and an unknown subject', async () => {
    const patient = await signedInAs(app, database.db);
    const payload = { kind: 'doctor', id: ids.doctor, warning: 'review' };
    expect((await patient.inject({ url: '/api/staff/fake-warning/', payload })).statusCode).toBe(403);
    const odd = await staff.inject({
      url: '/api/staff/fake-warning/',
      payload: { ...payload, warning: 'spam' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().detail).toBe('Неизвестное предупреждение');
    const missing = await staff.inject({
      url: '/api/staff/fake-warning/',
      payload: { ...payload, id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('answers', () => {
  it('the doctor answers a review about them; the answer shows once staff publish it', async () => {
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId: ids.doctor });
    const short = await doctor.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Спасибо' },
    });
    expect(short.statusCode).toBe(400);
    const text = 'Спасибо за отзыв! Жаль, что лечение помогло не сразу.';
    const res = await doctor.inject({ url: `/api/reviews/${ids.seeded}/replies/`, payload: { text } });
    expect(res.statusCode).toBe(201);
    const again = await doctor.inject({ url: `/api/reviews/${ids.seeded}/replies/`, payload: { text } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REPLY_ERRORS.duplicate);
    const page = () => app.inject({ url: `/ajax/doctor/${ids.doctor}/reviews/?ratetype=negative` });
    expect((await page()).json().template).not.toContain(text);
    const queue = (await staff.inject({ method: 'GET', url: '/api/staff/reviews/' })).json();
    const pending = queue.pendingReplies.find((r: { reviewId: number }) => r.reviewId === ids.seeded);
    expect(pending.text).toBe(text);
    expect(
      (
        await staff.inject({
          url: `/api/staff/replies/${pending.id}/moderate/`,
          payload: { action: 'publish' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await page()).json().template).toContain(text);
    const mine = (await doctor.inject({ method: 'GET', url: '/api/cabinet/reviews/' })).json();
    expect(mine.items.find((i: { id: number }) => i.id === ids.seeded).reply).toEqual({
      text,
      status: 'published',
    });
  });

  it('refuses a doctor answering about someone else, and a patient answering at all', async () => {
    const otherDoctor = await signedInAs(app, database.db, { role: 'doctor', doctorId: ids.other });
    const res = await otherDoctor.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Ответ не о своём отзыве, длинный достаточно' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(REPLY_ERRORS.notYours);
    const patient = await signedInAs(app, database.db);
    expect(
      (
        await patient.inject({
          url: `/api/reviews/${ids.seeded}/replies/`,
          payload: { text: 'x'.repeat(30) },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the clinic answers a review about a doctor who works there', async () => {
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ids.clinic });
    const res = await clinic.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Клиника приносит извинения и свяжется с вами.' },
    });
    expect(res.statusCode).toBe(201);
  });
});
