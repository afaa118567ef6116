import type { Clock } from '../../clock';
import type { JobHandler } from '../../jobs/queue';
import type { AdsService } from './ads-service';

/** The nightly sweep of ad impressions older than 30 days (their daily counts stay); server/jobs/kinds.ts. */
export const AD_SWEEP_JOB = 'ads.sweep-impressions';

export function createAdSweepHandlers({
  ads,
  clock,
  log,
}: {
  ads: AdsService;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
}): Record<typeof AD_SWEEP_JOB, JobHandler> {
  return {
    async [AD_SWEEP_JOB]() {
      const removed = await ads.sweep(clock.now());
      if (removed > 0) log.info({ removed }, 'old ad impressions swept');
    },
  };
}
