/**
 * Bench input: realistic reviews calls (GET /ajax/doctor/{id}/reviews/, issue 6) against the
 * `large` set: the doctors with the most reviews, each type of the filter, the first pages.
 */
import { sql } from 'drizzle-orm';
import { REVIEW_TYPES } from '../../core/reviews/types';
import type { Db } from '../../server/db/client';

const DOCTORS = 10;

export async function reviewsCallPaths(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ doctor_id: number }>(sql`
    SELECT doctor_id FROM reviews WHERE doctor_id IS NOT NULL
    GROUP BY doctor_id ORDER BY count(*) DESC, doctor_id LIMIT ${DOCTORS}`);
  if (rows.length === 0) throw new Error('No doctor has reviews: seed the large set first');
  return rows.flatMap((r) => [
    ...[1, 2, 3].map((page) => `/ajax/doctor/${r.doctor_id}/reviews/?page=${page}&ratetype=all`),
    ...REVIEW_TYPES.filter((t) => t !== 'all').map(
      (t) => `/ajax/doctor/${r.doctor_id}/reviews/?page=1&ratetype=${t}`,
    ),
    `/ajax/doctor/${r.doctor_id}/reviews/?page=1&ratetype=all&page_size=20`,
  ]);
}
