import { sql } from 'drizzle-orm';
import { contribution, NO_REVIEWS, storedRating, textLength } from '../../core/reviews/rating';
import type { Db } from '../db/client';

/**
 * A doctor's stars straight from the published formula (core/reviews/rating.ts) over every
 * review of theirs, for tests to hold the kept sums and the SQL recount against.
 */
export async function doctorRatingFromScratch(db: Db, doctorId: number, now: Date): Promise<number> {
  const { rows } = await db.execute<{
    status: string;
    userId: number | null;
    createdAt: string;
    text: string;
    score: number;
  }>(
    sql`SELECT status, user_id AS "userId", created_at AS "createdAt", text, score FROM reviews WHERE doctor_id = ${doctorId}`,
  );
  const sums = rows
    .map((r) =>
      contribution({
        status: r.status,
        userId: r.userId,
        createdAt: new Date(r.createdAt),
        textLength: textLength(r.text),
        score: Number(r.score),
      }),
    )
    .reduce((a, b) => ({ weighted: a.weighted + b.weighted, weights: a.weights + b.weights }), NO_REVIEWS);
  return storedRating(sums, now);
}
