import { sql } from 'drizzle-orm';
import { pageTags } from '../../../../core/cache/page-tags';
import type { ReviewSubject } from '../../../../core/reviews/contracts';
import {
  EMPTY_WEIGHTS,
  HALF_LIFE_DAYS,
  NO_REVIEWS,
  RATING_EPOCH_MS,
  type RatingSums,
  storedRating,
} from '../../../../core/reviews/rating';
import type { Db, DbTx } from '../../../db/client';
import { starsSql } from '../../../db/sql/ratings';

/** The change one review's new state makes to its subject. */
export interface RatingDelta {
  before: RatingSums;
  after: RatingSums;
  /** +1 when the review became shown on the page, −1 when it stopped, 0 otherwise. */
  shown: number;
}

/**
 * Applies a review's change to its subject's sums, count and stars, inside the caller's
 * transaction (the UPDATE locks the doctor's or clinic's row, so two moderators changing reviews
 * of one doctor add up instead of overwriting each other). Returns the tags of the pages to drop
 * from the page cache.
 */
export async function applyRatingDelta(
  tx: DbTx,
  subject: ReviewSubject,
  delta: RatingDelta,
  now: Date,
): Promise<{ rating: number; reviewsCount: number; tags: string[] }> {
  const dWeighted = delta.after.weighted - delta.before.weighted;
  const dWeights = delta.after.weights - delta.before.weights;
  const table = subject.kind === 'doctor' ? sql`doctors` : sql`clinics`;
  const { rows } = await tx.execute<{ weighted: number; weights: number; count: number; townId: number }>(sql`
    UPDATE ${table} SET
      rating_weighted = CASE WHEN rating_weights + ${dWeights} <= ${EMPTY_WEIGHTS} THEN 0
                             ELSE rating_weighted + ${dWeighted} END,
      rating_weights = greatest(0, CASE WHEN rating_weights + ${dWeights} <= ${EMPTY_WEIGHTS} THEN 0
                                        ELSE rating_weights + ${dWeights} END),
      reviews_count = greatest(0, reviews_count + ${delta.shown})
    WHERE id = ${subject.id}
    RETURNING rating_weighted AS weighted, rating_weights AS weights, reviews_count AS count, town_id AS "townId"`);
  const row = rows[0];
  if (!row) return { rating: 0, reviewsCount: 0, tags: [] };
  const rating = storedRating({ weighted: Number(row.weighted), weights: Number(row.weights) }, now);
  await tx.execute(sql`UPDATE ${table} SET rating = ${rating} WHERE id = ${subject.id}`);
  // The speciality lists sort on copies of the doctor's numbers.
  if (subject.kind === 'doctor')
    await tx.execute(sql`UPDATE doctor_specialities SET rating = ${rating}, reviews_count = ${row.count}
                         WHERE doctor_id = ${subject.id}`);
  return {
    rating,
    reviewsCount: row.count,
    tags: [
      subject.kind === 'doctor' ? pageTags.doctor(subject.id) : pageTags.clinic(subject.id),
      pageTags.townLists(row.townId),
    ],
  };
}

/**
 * The tags block follows the shown reviews: when a review starts (+1) or stops (−1) being shown,
 * each of its tags' liked or disliked count moves by one, in the caller's transaction.
 */
export async function applyTagCounts(tx: DbTx, subject: ReviewSubject, reviewId: number, shown: number) {
  if (shown === 0) return;
  await tx.execute(sql`
    INSERT INTO review_tag_counts (subject_kind, subject_id, tag_id, liked, disliked)
    SELECT ${subject.kind}, ${subject.id}, l.tag_id,
           CASE WHEN l.liked THEN ${shown}::int ELSE 0 END, CASE WHEN l.liked THEN 0 ELSE ${shown}::int END
    FROM review_tag_links l WHERE l.review_id = ${reviewId}
    ON CONFLICT (subject_kind, subject_id, tag_id) DO UPDATE
      SET liked = greatest(0, review_tag_counts.liked + excluded.liked),
          disliked = greatest(0, review_tag_counts.disliked + excluded.disliked)`);
}

/** No change: a review that was not counted and still is not. */
export const NO_DELTA: RatingDelta = { before: NO_REVIEWS, after: NO_REVIEWS, shown: 0 };

/**
 * The stars of every rated doctor and clinic from their kept sums as of `now`: the neutral
 * prior's weight grows with time (core/reviews/rating.ts), so stars drift a little each day
 * without any new review. Only rows whose stars change are written. Returns how many changed.
 */
export async function refreshStars(db: Db, now: Date): Promise<number> {
  const prior = 2 ** ((now.getTime() - RATING_EPOCH_MS) / 86_400_000 / HALF_LIFE_DAYS);
  const stars = starsSql(prior, 't.rating_weighted', 't.rating_weights');
  let changed = 0;
  for (const table of ['doctors', 'clinics'] as const) {
    const { rows } = await db.execute<{ n: number }>(
      sql.raw(`WITH moved AS (
                 UPDATE ${table} t SET rating = (${stars})::real
                 WHERE t.rating_weights > ${EMPTY_WEIGHTS} AND t.rating <> (${stars})::real
                 RETURNING t.id)
               SELECT count(*)::int AS n FROM moved`),
    );
    changed += rows[0]?.n ?? 0;
  }
  await db.execute(
    sql.raw(`UPDATE doctor_specialities ds SET rating = d.rating
             FROM doctors d WHERE d.id = ds.doctor_id AND ds.rating <> d.rating`),
  );
  return changed;
}
