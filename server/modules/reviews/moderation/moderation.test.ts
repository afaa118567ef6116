import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recountRatings } from '../../../db/sql/ratings';
import { injectWithCsrf } from '../../../testing/csrf';
import { signedInAs } from '../../../testing/session';
import { createReviewsService } from '../read/service';
import { NOW, reviewsWorld, TEXT } from '../testing';
import { STAFF_ONLY } from './service';

const w = reviewsWorld();
const { ids, review, doctorRow, moderate, cardIds, ratingFromScratch } = w;

describe('moderation and the rating', () => {
  it('is for staff only', async () => {
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ method: 'GET', url: '/api/staff/reviews/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(STAFF_ONLY);
    expect(
      (
        await injectWithCsrf(w.app, {
          url: `/api/staff/reviews/${ids.seeded}/moderate/`,
          payload: { action: 'publish' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("finds a review in the queue by its number or by words of its text, the doctor's name as well", async () => {
    const patient = await signedInAs(w.app, w.db);
    const words = 'Редкое-слово-для-поиска';
    const { id } = (
      await patient.inject({
        url: '/api/reviews/',
        payload: review({ doctor_id: ids.other, visit_month: '2026-05', text: `${words} ${TEXT}` }),
      })
    ).json();
    const found = async (q: string) =>
      (await w.staff.inject({ method: 'GET', url: `/api/staff/reviews/?q=${encodeURIComponent(q)}` }))
        .json()
        .items.map((i: { id: number }) => i.id);
    expect(await found(words.toLowerCase())).toEqual([id]);
    expect(await found(String(id))).toEqual([id]);
    expect(await found('100%_нет_такого')).toEqual([]);
    const { rows } = await w.db.execute<{ lastName: string }>(
      sql`SELECT last_name AS "lastName" FROM doctors WHERE id = ${ids.other}`,
    );
    expect(await found(rows[0].lastName)).toContain(id);
    const tooLong = await w.staff.inject({ method: 'GET', url: `/api/staff/reviews/?q=${'я'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
    await moderate(id, 'delete', 'Тестовый отзыв');
  });

  it('publishing counts the review: stars and count move by it, equal to the formula over all reviews', async () => {
    const patient = await signedInAs(w.app, w.db);
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
    const patient = await signedInAs(w.app, w.db);
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
    const queue = (await w.staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=deleted' })).json();
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
    const reviewsService = createReviewsService({ db: w.db });
    const patient = await signedInAs(w.app, w.db);
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
    const patient = await signedInAs(w.app, w.db);
    const { id } = (
      await patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-06' }) })
    ).json();
    const res = await moderate(id, 'resolve');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Решённой можно отметить только жалобу/);
  });

  it('the incremental sums equal a full recount', async () => {
    const before = await doctorRow(ids.doctor);
    await recountRatings(w.db, NOW);
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
      ? await w.staff.inject({ url: `/api/staff/reviews/${ids.seeded}/moderate/`, payload })
      : await moderate(99_999_999, 'publish');
    expect(res.json().detail).toBe(detail);
    expect([400, 404]).toContain(res.statusCode);
  });
});
