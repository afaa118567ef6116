import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { fixedClock } from '../../../clock';
import type { Database } from '../../../db/client';
import { reviewReplies, reviewTagLinks, reviewTags } from '../../../db/schema/reviews';
import { createClinic, createDoctor, createReview, createTown, createUser } from '../../../db/seed/factories';
import { recountRatings } from '../../../db/sql/ratings';
import { injectWithCsrf } from '../../../testing/csrf';
import { openTestDatabase } from '../../../testing/database';
import { RESOLVED_HINT, UNAUTHORISED_HINT } from './cards-html';
import { createReviewsService } from './service';

let database: Database;
let app: FastifyInstance;
const ids = {
  doctor: 0,
  clinic: 0,
  other: 0,
  resolved: 0,
  deleted: 0,
  newest: 0,
  answered: 0,
  otherClinic: 0,
  author: 0,
  signedIn: 0,
  fromApp: 0,
  anonymous: 0,
  guest: 0,
};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const other = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  Object.assign(ids, { doctor: doctor.id, clinic: clinic.id, other: other.id });
  // 12 positive, 2 negative, 1 neutral published; one resolved, one unconfirmed, one deleted, one pending.
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  for (let i = 0; i < 12; i++)
    await createReview(db, { doctorId: doctor.id, sentiment: 'positive', createdAt: at(i) });
  for (let i = 0; i < 2; i++)
    await createReview(db, { doctorId: doctor.id, sentiment: 'negative', createdAt: at(20 + i) });
  await createReview(db, { doctorId: doctor.id, sentiment: 'neutral', createdAt: at(30) });
  const resolved = await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'negative',
    status: 'resolved',
    createdAt: at(31),
  });
  await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'positive',
    status: 'unconfirmed',
    createdAt: at(32),
  });
  const deleted = await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'negative',
    status: 'deleted',
    deletedReason: 'Отзыв о другом враче',
    createdAt: at(33),
  });
  await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'positive',
    status: 'pending',
    createdAt: at(40),
  });
  const answered = await createReview(db, {
    doctorId: doctor.id,
    sentiment: 'positive',
    text: 'Спасибо <b>доктору</b> & клинике',
    isAnonymous: true,
    createdAt: at(34),
  });
  await db.insert(reviewReplies).values([
    { reviewId: answered.id, authorKind: 'doctor', text: 'Благодарю вас!', status: 'published' },
    { reviewId: answered.id, authorKind: 'clinic', text: 'Черновик ответа', status: 'pending' },
  ]);
  await createReview(db, { clinicId: clinic.id, sentiment: 'positive', createdAt: at(5) });
  // Authors of every kind, about another clinic.
  const otherClinic = await createClinic(db, { townId: town.id });
  const author = await createUser(db);
  const assessments = [
    { name: 'Отношение персонала', value: 1 },
    { name: 'Чистота и комфорт', value: 2 },
  ];
  const about = { clinicId: otherClinic.id, sentiment: 'positive' as const, isVerified: true, assessments };
  const signedIn = await createReview(db, { ...about, userId: author.id, origin: 'site', createdAt: at(1) });
  const fromApp = await createReview(db, { ...about, userId: author.id, origin: 'app', createdAt: at(2) });
  const anonymous = await createReview(db, {
    ...about,
    userId: author.id,
    isAnonymous: true,
    createdAt: at(3),
  });
  const guest = await createReview(db, { ...about, userId: null, isAnonymous: false, createdAt: at(4) });
  // Tags: 'Вежливый персонал' liked twice, 'Долгое ожидание' disliked once (on a hidden review too).
  const [polite, wait] = await db
    .insert(reviewTags)
    .values([
      { name: 'Вежливый персонал', translit: 'vezhliviy-personal', polarity: 1 },
      { name: 'Долгое ожидание', translit: 'dolgoe-ozhidanie', polarity: -1 },
    ])
    .returning();
  const hidden = await createReview(db, { ...about, status: 'pending', createdAt: at(6) });
  await db.insert(reviewTagLinks).values([
    { reviewId: signedIn.id, tagId: polite.id, liked: true },
    { reviewId: fromApp.id, tagId: polite.id, liked: true },
    { reviewId: fromApp.id, tagId: wait.id, liked: false },
    { reviewId: hidden.id, tagId: wait.id, liked: false },
  ]);
  // The tags blocks are kept by moderation; rows written straight into the tables are recounted.
  await recountRatings(db, new Date('2026-11-22T09:00:00Z'));
  Object.assign(ids, {
    otherClinic: otherClinic.id,
    author: author.id,
    signedIn: signedIn.id,
    fromApp: fromApp.id,
    anonymous: anonymous.id,
    guest: guest.id,
  });
  Object.assign(ids, { resolved: resolved.id, deleted: deleted.id, answered: answered.id });
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const cardIds = (html: string) => [...html.matchAll(/data-review-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('GET /ajax/doctor/{id}/reviews/', () => {
  it('answers the first page of all shown reviews, newest first, 10 a page, with the next page number', async () => {
    const res = await get(`/ajax/doctor/${ids.doctor}/reviews/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(cardIds(body.template)).toHaveLength(10);
    expect(cardIds(body.template)[0]).toBe(ids.answered);
    expect(body.next_page_number).toBe(2);
    // 12 + 2 + 1 published, one resolved, one unconfirmed, the answered one: 18; pending and deleted are not in 'all'.
    const second = (await get(`/ajax/doctor/${ids.doctor}/reviews/?page=2`)).json();
    expect(cardIds(second.template)).toHaveLength(8);
    expect(second.next_page_number).toBeNull();
    expect(cardIds(second.template)).not.toContain(ids.deleted);
  });

  it('filters by ratetype and pages 20 at a time for phones', async () => {
    const negative = (await get(`/ajax/doctor/${ids.doctor}/reviews/?ratetype=negative`)).json();
    expect(cardIds(negative.template)).toHaveLength(2);
    expect(negative.template).toContain('data-state="negative"');
    const positive = (await get(`/ajax/doctor/${ids.doctor}/reviews/?ratetype=positive&page_size=20`)).json();
    expect(cardIds(positive.template)).toHaveLength(13);
    expect(positive.next_page_number).toBeNull();
  });

  it('shows a resolved review with its hint, and a deleted one with its reason only in its type', async () => {
    const resolved = (await get(`/ajax/doctor/${ids.doctor}/reviews/?ratetype=resolved`)).json();
    expect(cardIds(resolved.template)).toEqual([ids.resolved]);
    expect(resolved.template).toContain(RESOLVED_HINT);
    const deleted = (await get(`/ajax/doctor/${ids.doctor}/reviews/?ratetype=deleted`)).json();
    expect(cardIds(deleted.template)).toEqual([ids.deleted]);
    expect(deleted.template).toContain('data-is-deleted="true"');
    expect(deleted.template).toContain('Отзыв удалён: Отзыв о другом враче');
  });

  it('escapes the text, hides an anonymous author’s name and shows only published answers', async () => {
    const { template } = (await get(`/ajax/doctor/${ids.doctor}/reviews/?ratetype=positive`)).json();
    const card = template.slice(template.indexOf(`id="rate-${ids.answered}"`));
    expect(card).toContain('Спасибо &lt;b&gt;доктору&lt;/b&gt; &amp; клинике');
    expect(card).toContain('Анонимный отзыв');
    expect(card).toContain('Ответ врача');
    expect(card).toContain('Благодарю вас!');
    expect(card).not.toContain('Черновик ответа');
  });

  it('an author who signed in opens their trust profile; an anonymous one does not, and its hint says why', async () => {
    const { template } = (await get(`/ajax/lpu/${ids.otherClinic}/reviews/`)).json();
    const card = (id: number) => {
      const from = template.indexOf(`id="rate-${id}"`);
      return template.slice(from, template.indexOf('</article>', from));
    };
    expect(card(ids.signedIn)).toContain(`data-patient-profile="${ids.author}"`);
    expect(card(ids.signedIn)).toContain('aria-haspopup="dialog"');
    // Disabled until the page's profile host listens (a tap before hydration is not lost).
    expect(card(ids.signedIn)).toMatch(/<button type="button" data-patient-profile="\d+"[^>]* disabled>/);
    expect(card(ids.fromApp)).toContain('data-patient-kind="mobile"');
    expect(card(ids.anonymous)).not.toContain('data-patient-profile');
    expect(card(ids.anonymous)).toMatch(/role="tooltip"[^>]*>Автор попросил не показывать своё имя/);
    // A guest's review after 25.06.2019 is shown with its tooltip and no profile.
    expect(card(ids.guest)).not.toContain('data-patient-profile');
    expect(card(ids.guest)).toContain(UNAUTHORISED_HINT);
    expect(card(ids.signedIn)).not.toContain(UNAUTHORISED_HINT);
  });

  it('hints tell how a review was checked, that it came through the service, and each mark', async () => {
    const { template } = (await get(`/ajax/lpu/${ids.otherClinic}/reviews/`)).json();
    const from = template.indexOf(`id="rate-${ids.signedIn}"`);
    const card = template.slice(from, template.indexOf('</article>', from));
    const tooltips = [
      ...card.matchAll(/<button type="button" aria-describedby="([^"]+)"[^>]*>(.*?)<\/button>/g),
    ];
    const hint = (id: string) =>
      card.match(new RegExp(`role="tooltip" id="${id}"[^>]*>(.*?)</span></span>`))?.[1] ?? '';
    const byTrigger = Object.fromEntries(tooltips.map((m) => [m[2].replace(/<[^>]+>/g, ''), hint(m[1])]));
    expect(byTrigger['Отзыв проверен']).toContain('Модератор связался с автором');
    expect(byTrigger['Отзыв проверен']).toContain('Оставлен на сайте.');
    expect(byTrigger['Запись через сервис']).toBeUndefined();
    const marks = Object.entries(byTrigger).find(([k]) => k.includes('Оценка'));
    expect(marks?.[0]).toContain('★');
    expect(marks?.[1]).toContain('Оценки пациента');
    expect(marks?.[1]).toMatch(/Отношение персонала.*\d из 5/);
  });

  it('narrows a type to the reviews that mention a tag', async () => {
    const polite = (await get(`/ajax/lpu/${ids.otherClinic}/reviews/?tag=vezhliviy-personal`)).json();
    expect(cardIds(polite.template).sort()).toEqual([ids.signedIn, ids.fromApp].sort());
    const waiting = (await get(`/ajax/lpu/${ids.otherClinic}/reviews/?tag=dolgoe-ozhidanie`)).json();
    expect(cardIds(waiting.template)).toEqual([ids.fromApp]);
    const none = (
      await get(`/ajax/lpu/${ids.otherClinic}/reviews/?tag=dolgoe-ozhidanie&ratetype=negative`)
    ).json();
    expect(none).toEqual({ template: '', next_page_number: null });
    expect((await get(`/ajax/lpu/${ids.otherClinic}/reviews/?tag=net-takogo`)).json().template).toBe('');
    const bad = await get(`/ajax/lpu/${ids.otherClinic}/reviews/?tag=${encodeURIComponent('<b>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Некорректный тег', code: 'bad_request' });
  });

  it('the first screen in one query matches the calls it stands for', async () => {
    const service = createReviewsService({ db: database.db });
    for (const [subject, type, tag] of [
      [{ kind: 'doctor', id: ids.doctor }, 'all', null],
      [{ kind: 'doctor', id: ids.doctor }, 'negative', null],
      [{ kind: 'lpu', id: ids.otherClinic }, 'all', 'vezhliviy-personal'],
    ] as const) {
      const screen = await service.firstScreen(subject, type, tag, 10);
      expect(screen?.head).toEqual(await service.head(subject));
      expect(screen?.counts).toEqual(await service.counts(subject));
      expect(screen?.tags).toEqual(await service.tags(subject));
      expect(screen?.first).toEqual(await service.page(subject, type, 1, 10, tag));
    }
    expect(await service.firstScreen({ kind: 'doctor', id: 999999 }, 'all', null, 10)).toBeNull();
  });

  it('counts each tag’s likes and dislikes over the shown reviews, the most mentioned first', async () => {
    const service = createReviewsService({ db: database.db });
    expect(await service.tags({ kind: 'lpu', id: ids.otherClinic })).toEqual([
      {
        name: 'Вежливый персонал',
        translit: 'vezhliviy-personal',
        countLikedRates: 2,
        countDislikedRates: 0,
      },
      { name: 'Долгое ожидание', translit: 'dolgoe-ozhidanie', countLikedRates: 0, countDislikedRates: 1 },
    ]);
    expect(await service.tags({ kind: 'lpu', id: ids.clinic })).toEqual([]);
  });

  it('counts a review as seen from the rate-metrics beacon, shown reviews of the named kind only', async () => {
    const views = async (id: number) =>
      (await database.db.execute<{ views: number }>(sql`SELECT views FROM reviews WHERE id = ${id}`)).rows[0]
        .views;
    const before = { clinic: await views(ids.signedIn), doctor: await views(ids.resolved) };
    const beacon = (rates: unknown) =>
      injectWithCsrf(app, {
        url: '/ajax/rate_metrics/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ rates_id: JSON.stringify(rates) }).toString(),
      });
    const res = await beacon({
      lpu_rates_id: [ids.signedIn, ids.signedIn, ids.resolved],
      doctor_rates_id: [ids.resolved, ids.deleted],
    });
    expect(res.statusCode).toBe(204);
    expect(await views(ids.signedIn)).toBe(before.clinic + 1);
    expect(await views(ids.resolved)).toBe(before.doctor + 1);
    expect(await views(ids.deleted)).toBe(0);
    expect((await beacon({ lpu_rates_id: ['x'], doctor_rates_id: [] })).statusCode).toBe(400);
    const tooMany = { lpu_rates_id: Array.from({ length: 201 }, (_, i) => i + 1), doctor_rates_id: [] };
    expect((await beacon(tooMany)).statusCode).toBe(400);
    expect((await beacon([ids.signedIn])).statusCode).toBe(400);
    const notJson = await injectWithCsrf(app, {
      url: '/ajax/rate_metrics/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'rates_id=%7Bnope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ detail: 'rates_id: некорректный JSON', code: 'bad_request' });
  });

  it('a clinic’s reviews are its own', async () => {
    const { template } = (await get(`/ajax/lpu/${ids.clinic}/reviews/`)).json();
    expect(cardIds(template)).toHaveLength(1);
    expect(template).toContain('data-review-type="lpu"');
    expect((await get(`/ajax/doctor/${ids.other}/reviews/`)).json()).toEqual({
      template: '',
      next_page_number: null,
    });
  });

  it.each([
    ['an unknown type', `?ratetype=spam`, 'Неизвестный тип отзывов'],
    ['page 0', `?page=0`, 'Некорректный номер страницы'],
    ['a page that is not a number', `?page=abc`, 'Некорректный номер страницы'],
    ['an odd page size', `?page_size=15`, 'Размер страницы: 10 или 20'],
  ])('refuses %s with 400 and a detail', async (_name, query, detail) => {
    const res = await get(`/ajax/doctor/${ids.doctor}/reviews/${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
  });

  it('refuses a missing or broken subject id with its message', async () => {
    const res = await get('/ajax/doctor/abc/reviews/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: 'Отсутствует идентификатор отзыва или его тип',
      code: 'bad_request',
    });
  });
});

describe('review counts', () => {
  it('counts each type; pending reviews are nobody’s yet', async () => {
    const counts = await createReviewsService({ db: database.db }).counts({ kind: 'doctor', id: ids.doctor });
    expect(counts).toEqual({
      all: 18,
      positive: 13,
      neutral: 1,
      negative: 2,
      resolved: 1,
      unconfirmed: 1,
      deleted: 1,
    });
  });
});
