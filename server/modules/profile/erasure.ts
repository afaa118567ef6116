import { DELETION_DAYS } from '../../../core/profile/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobHandler, JobSender } from '../../jobs/queue';
import { tellClinicOfCancel } from '../booking/clinic-messages';
import { eraseBatch } from './erasure-repo';

/** The nightly erasure of profiles deleted DELETION_DAYS ago (server/jobs/kinds.ts). */
export const PROFILE_ERASURE_JOB = 'profile.erase-deleted';

/** Profiles erased per transaction: a long night's backlog goes in short steps. */
const BATCH = 50;
const DAY_MS = 86_400_000;

/**
 * Erases the profiles whose deletion began DELETION_DAYS (30) ago or earlier
 * (docs/product/profile.md, 'Deleting the profile'):
 * - visits still to come are cancelled as the patient's own cancel, and their clinics told;
 * - the account loses its phone, names, birth date and e-mail (the phone is free to sign up
 *   again), its relatives, pending e-mail, favourites and sessions;
 * - a club card in force ends now;
 * - reviews stay published under the name they were written with, no longer tied to a phone;
 *   past visits stay in the clinics' records as they were booked.
 * A profile whose deletion was cancelled has no `deleting_since` and is never picked.
 */
export async function eraseDeletedProfiles(db: Db, jobs: JobSender, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELETION_DAYS * DAY_MS);
  let erased = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const step = await eraseBatch(tx, { before, at: now, limit: BATCH });
      for (const id of step.canceled) await tellClinicOfCancel(tx, jobs, id, now);
      return step.erased;
    });
    erased += done;
    if (done < BATCH) return erased;
  }
}

export function createProfileErasureHandlers({
  db,
  clock,
  jobs,
  log,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  log: { info(obj: object, msg: string): void };
}): Record<typeof PROFILE_ERASURE_JOB, JobHandler> {
  return {
    async [PROFILE_ERASURE_JOB]() {
      const erased = await eraseDeletedProfiles(db, jobs, clock.now());
      if (erased > 0) log.info({ erased }, 'deleted profiles erased');
    },
  };
}
