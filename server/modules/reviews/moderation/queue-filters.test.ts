import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_ERRORS } from '../../../../core/reviews/moderation-contracts';
import { MODERATION_ERRORS } from '../../../../core/reviews/write';
import { users } from '../../../db/schema/auth';
import { reviewDocuments } from '../../../db/schema/reviews';
import { createClinic, createDoctor, createReview, createTown } from '../../../db/seed/factories';
import { signedInAs, type TestSession } from '../../../testing/session';
import { reviewsWorld } from '../testing';

const w = reviewsWorld();
const { ids } = w;

/**
 * Pending reviews: p1 of the clinic's doctor (positive, 1 Nov, a document), p2 of the clinic
 * itself (negative, 10 Nov), p3 of the other doctor of the town (neutral, 15 Nov), p4 of a doctor
 * in another town (negative, 20 Nov 23:30 in Moscow, 20:30 UTC).
 */
const p = { p1: 0, p2: 0, p3: 0, p4: 0 };
const b = { town: 0, clinic: 0, doctor: 0 };
let named: TestSession;

beforeAll(async () => {
  const town = await createTown(w.db);
  const clinic = await createClinic(w.db, { townId: town.id });
  const doctor = await createDoctor(w.db, { townId: town.id, clinicIds: [clinic.id] });
  Object.assign(b, { town: town.id, clinic: clinic.id, doctor: doctor.id });
  const add = async (over: Parameters<typeof createReview>[1]) =>
    (await createReview(w.db, { status: 'pending', ...over })).id;
  p.p1 = await add({
    doctorId: ids.doctor,
    sentiment: 'positive',
    createdAt: new Date('2026-11-01T09:00:00Z'),
  });
  p.p2 = await add({
    clinicId: ids.clinic,
    sentiment: 'negative',
    createdAt: new Date('2026-11-10T09:00:00Z'),
  });
  p.p3 = await add({
    doctorId: ids.other,
    sentiment: 'neutral',
    createdAt: new Date('2026-11-15T09:00:00Z'),
  });
  p.p4 = await add({
    doctorId: b.doctor,
    sentiment: 'negative',
    createdAt: new Date('2026-11-20T20:30:00Z'),
  });
  await w.db
    .insert(reviewDocuments)
    .values({ reviewId: p.p1, fileName: 'справка.pdf', mime: 'application/pdf', size: 10, storageKey: 'k1' });
  named = await signedInAs(w.app, w.db, { role: 'staff' });
  await w.db
    .update(users)
    .set({ firstName: 'Ольга', lastName: 'Смирнова' })
    .where(eq(users.id, named.userId));
}, 60_000);

const queue = async (query: string) => {
  const res = await w.staff.inject({ method: 'GET', url: `/api/staff/reviews/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    ids: body.items.map((i: { id: number }) => i.id) as number[],
    matching: body.matching as number,
    body,
  };
};

describe('the moderation queue filters', () => {
  it('by town, clinic (its own reviews and its doctors’), doctor, tone and documents, each with its count', async () => {
    expect(await queue('')).toMatchObject({ ids: [p.p1, p.p2, p.p3, p.p4], matching: 4 });
    expect(await queue(`?town=${ids.town}`)).toMatchObject({ ids: [p.p1, p.p2, p.p3], matching: 3 });
    expect(await queue(`?town=${b.town}`)).toMatchObject({ ids: [p.p4], matching: 1 });
    expect(await queue(`?clinic=${ids.clinic}`)).toMatchObject({ ids: [p.p1, p.p2], matching: 2 });
    expect(await queue(`?doctor=${ids.doctor}`)).toMatchObject({ ids: [p.p1], matching: 1 });
    expect(await queue('?tone=negative')).toMatchObject({ ids: [p.p2, p.p4], matching: 2 });
    expect(await queue('?documents=1')).toMatchObject({ ids: [p.p1], matching: 1 });
    expect(await queue(`?tone=negative&town=${ids.town}`)).toMatchObject({ ids: [p.p2], matching: 1 });
  });

  it("by date, whole days in Moscow's calendar", async () => {
    expect((await queue('?from=2026-11-10&to=2026-11-15')).ids).toEqual([p.p2, p.p3]);
    // 20:30 UTC on the 20th is 23:30 in Moscow: still the 20th.
    expect((await queue('?from=2026-11-20')).ids).toEqual([p.p4]);
    expect((await queue('?from=2026-11-16&to=2026-11-19')).ids).toEqual([]);
    expect((await queue('?to=2026-11-01')).ids).toEqual([p.p1]);
  });

  it('refuses a filter it does not know with a Russian 400', async () => {
    for (const q of [
      '?town=x',
      '?clinic=0',
      '?tone=angry',
      '?from=2026-13-45',
      '?to=вчера',
      '?documents=yes',
    ]) {
      const res = await w.staff.inject({ method: 'GET', url: `/api/staff/reviews/${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail, q).toMatch(/[а-я]/i);
    }
  });
});

describe('bulk moderation', () => {
  const bulk = (s: TestSession, payload: Record<string, unknown>) =>
    s.inject({ url: '/api/staff/reviews/bulk/', payload });

  it('refuses without a reason, and changes nothing', async () => {
    for (const reason of [undefined, '', '   ']) {
      const res = await bulk(named, { ids: [p.p1, p.p2], action: 'publish', reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(BULK_ERRORS.reason);
    }
    expect((await queue('')).ids).toEqual([p.p1, p.p2, p.p3, p.p4]);
    expect((await bulk(named, { ids: [], action: 'publish', reason: 'ок' })).json().detail).toBe(
      BULK_ERRORS.ids,
    );
    const patient = await signedInAs(w.app, w.db);
    expect((await bulk(patient, { ids: [p.p1], action: 'publish', reason: 'ок' })).statusCode).toBe(403);
  });

  it('publishes several at once, naming the moderator in each history', async () => {
    const res = await bulk(named, {
      ids: [p.p2, p.p1],
      action: 'publish',
      reason: 'Проверено: пациенты клиники',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { id: p.p1, status: 'published' },
      { id: p.p2, status: 'published' },
    ]);
    const shown = await queue('?status=published');
    for (const id of [p.p1, p.p2]) {
      const item = shown.body.items.find((i: { id: number }) => i.id === id);
      expect(item.history.at(-1)).toMatchObject({
        fromStatus: 'pending',
        toStatus: 'published',
        reason: 'Проверено: пациенты клиники',
        actor: 'Ольга Смирнова',
        actorId: named.userId,
      });
    }
  });

  it('is all or none: one review already in that state refuses the batch, naming it', async () => {
    const res = await bulk(w.staff, { ids: [p.p3, p.p2], action: 'publish', reason: 'Проверено' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Отзыв №${p.p2}: ${MODERATION_ERRORS.same}`);
    expect((await queue('')).ids).toEqual([p.p3, p.p4]);
  });

  it('rejects several with the reason; a moderator with no name is shown by number', async () => {
    const res = await bulk(w.staff, { ids: [p.p3, p.p4], action: 'delete', reason: 'Реклама' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await queue('')).ids).toEqual([]);
    const deleted = await queue('?status=deleted');
    const item = deleted.body.items.find((i: { id: number }) => i.id === p.p4);
    expect(item.deletedReason).toBe('Реклама');
    expect(item.history.at(-1)).toMatchObject({
      toStatus: 'deleted',
      actor: `Модератор №${w.staff.userId}`,
      actorId: w.staff.userId,
    });
  });
});
