import { fitsUploadQuota, UPLOAD_QUOTA, UPLOAD_QUOTA_TEXT } from '../../../core/cabinet/upload-quota';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { createUploadQuotaRepo } from './upload-quota-repo';

/**
 * The cabinet's daily upload quota per account (core/cabinet/upload-quota.ts), asked before an
 * upload's file is written: over it, the upload is refused (400, the message under the form's
 * file field) and nothing is kept.
 */
export function createUploadQuota({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createUploadQuotaRepo(db);
  return {
    async charge(userId: number, bytes: number, what: string, field: string): Promise<void> {
      const now = clock.now();
      const since = new Date(now.getTime() - UPLOAD_QUOTA.windowMs);
      if (!(await repo.charge(userId, { bytes, what }, since, now, (used) => fitsUploadQuota(used, bytes))))
        throw badRequest(UPLOAD_QUOTA_TEXT, { errors: { [field]: UPLOAD_QUOTA_TEXT } });
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
