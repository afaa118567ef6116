import { DOCUMENT_FILE } from '../../../core/doctor/document-scans';
import type { Db } from '../../db/client';
import { sweepOrphans } from '../../media/sweep';
import { createDocumentsRepo } from './documents-repo';

/**
 * The doctors' scans no row names, older than `before`: a scan is kept on disk before its row is
 * written (server/modules/doctor/documents.ts), so a request that failed in between left it; and
 * withdrawn scans' files (their rows stay; the withdrawal removes the file once it commits, and
 * this sweep whatever a crash left). Rejected scans keep their files.
 */
export function sweepDocumentFiles(db: Db, dir: string, before: Date) {
  const repo = createDocumentsRepo(db);
  return sweepOrphans({
    dir,
    before,
    keyOf: (name) => (DOCUMENT_FILE.test(name) ? name : null),
    named: (files) => repo.liveFiles(files),
  });
}
