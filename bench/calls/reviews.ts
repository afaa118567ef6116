/**
 * Bench input for the reviews: realistic reviews calls (GET /ajax/doctor/{id}/reviews/)
 * against the `large` set — the doctors with the most reviews, each type of the filter, the
 * first pages and deep ones — and a doctor with 5,000 reviews for the reviews page benchmark.
 */
import { sql } from 'drizzle-orm';
import { REVIEW_TYPES } from '../../core/reviews/types';
import type { Db } from '../../server/db/client';
import { recountRatings } from '../../server/db/sql/ratings';

const DOCTORS = 10;
/** A doctor's reviews page with 5,000 reviews. */
export const HEAVY_REVIEWS = 5000;

export async function reviewsCallPaths(db: Db, heavyDoctorId: number): Promise<string[]> {
  const { rows } = await db.execute<{ doctor_id: number }>(sql`
    SELECT doctor_id FROM reviews WHERE doctor_id IS NOT NULL
    GROUP BY doctor_id ORDER BY count(*) DESC, doctor_id LIMIT ${DOCTORS}`);
  if (rows.length === 0) throw new Error('No doctor has reviews: seed the large set first');
  const deep = [50, 200, 450].map(
    (page) => `/ajax/doctor/${heavyDoctorId}/reviews/?page=${page}&ratetype=all`,
  );
  return [
    ...deep,
    ...rows.flatMap((r) => [
      ...[1, 2, 3].map((page) => `/ajax/doctor/${r.doctor_id}/reviews/?page=${page}&ratetype=all`),
      ...REVIEW_TYPES.filter((t) => t !== 'all').map(
        (t) => `/ajax/doctor/${r.doctor_id}/reviews/?page=1&ratetype=${t}`,
      ),
      `/ajax/doctor/${r.doctor_id}/reviews/?page=1&ratetype=all&page_size=20`,
    ]),
  ];
}

/**
 * The town's doctor with the most reviews, topped up to HEAVY_REVIEWS shown ones when it has
 * fewer: copies of other doctors' reviews (text, marks, state, date, tags) are written for it
 * and its rating recounted by the published formula. Once done, later runs find it as is.
 */
export async function reviewHeavyDoctor(
  db: Db,
  townSlug: string,
): Promise<{ id: number; path: string; reviews: number; added: number }> {
  const pick = async () => {
    const { rows } = await db.execute<{ id: number; path: string; shown: number }>(sql`
      SELECT d.id, '/' || t.slug || '/vrach/' || d.id || '-' || d.slug || '/' AS path, d.reviews_count AS shown
      FROM doctors d JOIN towns t ON t.id = d.town_id
      WHERE t.slug = ${townSlug}
      ORDER BY d.reviews_count DESC, d.id LIMIT 1`);
    if (!rows[0]) throw new Error(`No doctor in '${townSlug}'`);
    return rows[0];
  };
  const doctor = await pick();
  const need = HEAVY_REVIEWS - doctor.shown;
  if (need <= 0) return { id: doctor.id, path: doctor.path, reviews: doctor.shown, added: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      CREATE TEMP TABLE bench_review_copy ON COMMIT DROP AS
      SELECT r.id AS src_id, (SELECT max(id) FROM reviews) + row_number() OVER (ORDER BY r.id) AS new_id
      FROM reviews r
      WHERE r.doctor_id IS NOT NULL AND r.doctor_id <> ${doctor.id}
        AND r.status IN ('published', 'resolved', 'unconfirmed')
      ORDER BY r.id LIMIT ${need}`);
    await tx.execute(sql`
      INSERT INTO reviews (id, doctor_id, clinic_id, user_id, author_name, text, sentiment, status, origin,
                           is_verified, is_anonymous, assessments, score, visit_date, created_at, published_at)
      SELECT m.new_id, ${doctor.id}, NULL, r.user_id, r.author_name, r.text, r.sentiment, r.status, r.origin,
             r.is_verified, r.is_anonymous, r.assessments, r.score, r.visit_date, r.created_at, r.published_at
      FROM bench_review_copy m JOIN reviews r ON r.id = m.src_id`);
    await tx.execute(sql`
      INSERT INTO review_tag_links (review_id, tag_id, liked)
      SELECT m.new_id, l.tag_id, l.liked FROM bench_review_copy m JOIN review_tag_links l ON l.review_id = m.src_id`);
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('reviews', 'id'), (SELECT max(id) FROM reviews))`,
    );
    await recountRatings(tx, new Date(), { doctorId: doctor.id });
  });
  // As autovacuum would: the copies get planner statistics and a visibility map (index-only counts).
  await db.execute(sql`VACUUM ANALYZE reviews`);
  await db.execute(sql`VACUUM ANALYZE review_tag_counts`);
  const after = await pick();
  return { id: after.id, path: after.path, reviews: after.shown, added: need };
}
