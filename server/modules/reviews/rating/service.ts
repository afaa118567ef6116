import { nextLocalHour } from '../../../../core/dates/zoned';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { enqueueUnlessPending, type JobHandlers } from '../../../jobs/queue';
import { refreshStars } from './repo';

/**
 * The nightly refresh of the stars (core/reviews/rating.ts: the neutral prior weighs more each
 * day, so a rating nobody reviewed for a year has drifted towards neutral). Moderation moves a
 * rating the moment a review changes; this job only follows the calendar. It runs at 04:00
 * Moscow time, the quietest hour, and schedules its own next run.
 */
export const RATING_REFRESH_JOB = 'reviews.refresh-stars';
const REFRESH_TZ = 'Europe/Moscow';
const REFRESH_HOUR = 4;

/** Makes sure the next refresh is waiting (called at start and by each run). */
export function scheduleRatingRefresh(db: Db, now: Date, exceptJobId: number | null = null) {
  return enqueueUnlessPending(
    db,
    { kind: RATING_REFRESH_JOB, payload: {}, runAt: nextLocalHour(now, REFRESH_TZ, REFRESH_HOUR) },
    exceptJobId,
  );
}

export function createRatingRefreshHandlers({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
}): JobHandlers {
  return {
    async [RATING_REFRESH_JOB](job) {
      const changed = await refreshStars(db, clock.now());
      log.info({ changed }, 'ratings refreshed');
      await scheduleRatingRefresh(db, clock.now(), job.id);
    },
  };
}
