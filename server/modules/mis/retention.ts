import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/queue';
import { sweepKept } from './retention-repo';

/** The nightly sweep of what the integration keeps about patients past its use (server/jobs/kinds.ts). */
export const MIS_RETENTION_JOB = 'mis.sweep-kept';

export function createMisRetentionHandlers({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
}): Record<typeof MIS_RETENTION_JOB, JobHandler> {
  return {
    async [MIS_RETENTION_JOB]() {
      const removed = await sweepKept(db, clock.now());
      if (removed.replies + removed.deliveries > 0)
        log.info(removed, 'old MIS replies and webhook deliveries swept');
    },
  };
}
