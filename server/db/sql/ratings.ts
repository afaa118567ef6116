import { sql } from 'drizzle-orm';
import {
  EMPTY_WEIGHTS,
  HALF_LIFE_DAYS,
  RATING_EPOCH_MS,
  UNAUTHORISED_CUTOFF_MS,
} from '../../../core/reviews/rating';
import type { Db, DbTx } from '../client';

// The rating formula in SQL, here rather than in the reviews module's repo because the seed
// recounts with it too, and the seed does not import a module's repo.

/**
 * The documented formula in SQL (core/reviews/rating.ts), for recounting every doctor and clinic
 * at once: after a bulk load (the seed), and as a periodic refresh (the neutral prior grows with
 * time, so stars drift slowly even without new reviews). `rating.test.ts`'s twin in
 * seed.test.ts and the moderation tests prove both give the same numbers.
 */
function sumsSql(target: 'doctor' | 'clinic', onlyId: number | null): string {
  const where =
    (target === 'doctor' ? 'r.doctor_id IS NOT NULL' : 'r.clinic_id IS NOT NULL AND r.doctor_id IS NULL') +
    (onlyId === null ? '' : ` AND r.${target}_id = ${Math.trunc(onlyId)}`);
  const counts = `r.status = 'published'
      AND (r.user_id IS NOT NULL OR r.created_at < to_timestamp(${UNAUTHORISED_CUTOFF_MS / 1000}))`;
  const weight = `(CASE WHEN char_length(r.text) >= 300 THEN 1.5 WHEN char_length(r.text) >= 100 THEN 1.0 ELSE 0.5 END)
      * power(2.0::float8, (extract(epoch FROM r.created_at) * 1000 - ${RATING_EPOCH_MS}) / 86400000.0 / ${HALF_LIFE_DAYS})`;
  return `SELECT r.${target}_id AS id,
      coalesce(sum(${weight} * r.score) FILTER (WHERE ${counts}), 0)::float8 AS weighted,
      coalesce(sum(${weight}) FILTER (WHERE ${counts}), 0)::float8 AS weights,
      count(*) FILTER (WHERE r.status IN ('published', 'resolved', 'unconfirmed'))::int AS shown
    FROM reviews r
    WHERE ${where}
    GROUP BY r.${target}_id`;
}

/** Stars from the sums in SQL, with the prior as of `now` (mirrors storedRating). */
export function starsSql(prior: number, weighted = 's.weighted', weights = 's.weights'): string {
  return `CASE WHEN ${weights} <= ${EMPTY_WEIGHTS} THEN 0
     ELSE round(((least(2, greatest(-2, ${weighted} / (${weights} + ${prior}))) + 2) * 5 / 4 * 10)::numeric) / 10 END`;
}

/**
 * Recounts ratings and tags blocks from the reviews: every doctor's and clinic's (the seed's last
 * step; safe to run any time), or one doctor's (`only`, after reviews were loaded for it in bulk).
 */
export async function recountRatings(db: Db | DbTx, now: Date, only?: { doctorId: number }): Promise<void> {
  const prior = 2 ** ((now.getTime() - RATING_EPOCH_MS) / 86_400_000 / HALF_LIFE_DAYS);
  const targets = only
    ? ([['doctors', 'doctor']] as const)
    : ([
        ['doctors', 'doctor'],
        ['clinics', 'clinic'],
      ] as const);
  const onlyId = only ? Math.trunc(only.doctorId) : null;
  for (const [table, target] of targets) {
    const one = onlyId === null ? '' : ` AND t.id = ${onlyId}`;
    await db.execute(
      sql.raw(`UPDATE ${table} t SET rating_weighted = 0, rating_weights = 0, rating = 0, reviews_count = 0
               WHERE (t.reviews_count <> 0 OR t.rating_weights <> 0 OR t.rating <> 0)${one}`),
    );
    await db.execute(
      sql.raw(`UPDATE ${table} t SET rating_weighted = s.weighted, rating_weights = s.weights,
                 rating = (${starsSql(prior)})::real, reviews_count = s.shown
               FROM (${sumsSql(target, onlyId)}) s WHERE t.id = s.id`),
    );
  }
  // The tags blocks, from the same reviews.
  const subjectIs = onlyId === null ? '' : ` AND r.doctor_id = ${onlyId}`;
  await db.execute(
    sql.raw(
      `DELETE FROM review_tag_counts${onlyId === null ? '' : ` WHERE subject_kind = 'doctor' AND subject_id = ${onlyId}`}`,
    ),
  );
  await db.execute(
    sql.raw(`INSERT INTO review_tag_counts (subject_kind, subject_id, tag_id, liked, disliked)
             SELECT CASE WHEN r.doctor_id IS NOT NULL THEN 'doctor' ELSE 'lpu' END, coalesce(r.doctor_id, r.clinic_id),
                    l.tag_id, count(*) FILTER (WHERE l.liked), count(*) FILTER (WHERE NOT l.liked)
             FROM reviews r JOIN review_tag_links l ON l.review_id = r.id
             WHERE r.status IN ('published', 'resolved', 'unconfirmed')
               AND coalesce(r.doctor_id, r.clinic_id) IS NOT NULL${subjectIs}
             GROUP BY 1, 2, 3`),
  );
  const oneDoctor = onlyId === null ? '' : ` AND d.id = ${onlyId}`;
  await db.execute(
    sql.raw(`UPDATE doctor_specialities ds SET rating = d.rating, reviews_count = d.reviews_count
             FROM doctors d WHERE d.id = ds.doctor_id AND (ds.rating <> d.rating OR ds.reviews_count <> d.reviews_count)${oneDoctor}`),
  );
}
