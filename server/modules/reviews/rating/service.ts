import type { ReviewSubject } from '../../../../core/reviews/contracts';
import type { Clock } from '../../../clock';
import type { Db, DbTx } from '../../../db/client';
import type { JobHandler } from '../../../jobs/queue';
import { applyRatingDelta, applyTagCounts, type RatingDelta, refreshStars } from './repo';

/**
 * One review's change of state, applied to its subject inside the caller's transaction: the
 * sums, count and stars, then the tags block. Returns the page-cache tags to drop.
 */
export async function applyReviewChange(
  tx: DbTx,
  subject: ReviewSubject,
  reviewId: number,
  delta: RatingDelta,
  now: Date,
): Promise<{ rating: number; reviewsCount: number; tags: string[] }> {
  const applied = await applyRatingDelta(tx, subject, delta, now);
  await applyTagCounts(tx, subject, reviewId, delta.shown);
  return applied;
}

/**
 * The nightly refresh of the stars (core/reviews/rating.ts: the neutral prior weighs more each
 * day, so a rating nobody reviewed for a year has drifted towards neutral). Moderation moves a
 * rating the moment a review changes; this job only follows the calendar. It runs at 04:00
 * Moscow time, the quietest hour: a pg-boss cron schedule, one run at a time (server/jobs/kinds.ts).
 */
export const RATING_REFRESH_JOB = 'reviews.refresh-stars';

export function createRatingRefreshHandlers({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
}): Record<typeof RATING_REFRESH_JOB, JobHandler> {
  return {
    async [RATING_REFRESH_JOB]() {
      const changed = await refreshStars(db, clock.now());
      log.info({ changed }, 'ratings refreshed');
    },
  };
}
