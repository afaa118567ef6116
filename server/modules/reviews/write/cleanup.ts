import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { JobHandler } from '../../../jobs/queue';
import type { DocumentStore } from './document-store';
import { ORPHAN_DOCUMENT_AGE_MS } from './limits';
import { createReviewWriteRepo } from './repo';

/**
 * The hourly clean-up of review documents nothing refers to: a stored file with no
 * review_documents row (its review's transaction failed after the move) and a staged upload
 * (the process died mid-request), each once it is an hour old — younger ones may belong to a
 * review being saved right now. A pg-boss cron schedule, one run at a time (server/jobs/kinds.ts).
 */
export const DOCUMENT_CLEANUP_JOB = 'reviews.clean-up-documents';

/** Removes what is orphaned and older than the age limit; answers how many files of each kind. */
export async function cleanUpDocuments(db: Db, documents: DocumentStore, now: Date) {
  const before = new Date(now.getTime() - ORPHAN_DOCUMENT_AGE_MS);
  const old = (await documents.stored()).filter((d) => d.modifiedAt < before).map((d) => d.key);
  const known = await createReviewWriteRepo(db).knownDocumentKeys(old);
  const orphans = old.filter((key) => !known.has(key));
  for (const key of orphans) await documents.remove(key);
  return { stored: orphans.length, staged: await documents.removeStagedBefore(before) };
}

export function createDocumentCleanupHandlers({
  db,
  clock,
  documents,
  log,
}: {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  log: { info(obj: object, msg: string): void };
}): Record<typeof DOCUMENT_CLEANUP_JOB, JobHandler> {
  return {
    async [DOCUMENT_CLEANUP_JOB]() {
      const removed = await cleanUpDocuments(db, documents, clock.now());
      if (removed.stored + removed.staged > 0) log.info(removed, 'orphaned review documents removed');
    },
  };
}
