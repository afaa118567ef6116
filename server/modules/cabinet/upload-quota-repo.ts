import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';

/**
 * The uploads an account kept, as rows of the cabinet's audit log ('upload.kept', the bytes and
 * the file in `after`; cabinet_audit_user indexes them by account and time).
 */
export function createUploadQuotaRepo(db: Db) {
  return {
    /**
     * Counts the account's bytes kept since `since` and, when `fits` says the new ones may join
     * them, writes the upload's row; answers whether it did. One account's uploads take turns (a
     * transaction-level advisory lock keyed on the account), so two at once cannot both pass on
     * the same count, in any process.
     */
    async charge(
      userId: number,
      upload: { bytes: number; what: string },
      since: Date,
      now: Date,
      fits: (used: number) => boolean,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('uploads.quota'), ${userId}::int)`);
        const { rows } = await tx.execute<{ used: string | number | null }>(sql`
          SELECT coalesce(sum((after->>'bytes')::bigint), 0) AS used FROM ${cabinetAudit}
          WHERE user_id = ${userId}::int AND at > ${since.toISOString()}::timestamptz AND action = 'upload.kept'`);
        if (!fits(Number(rows[0]?.used ?? 0))) return false;
        await tx.insert(cabinetAudit).values({
          userId,
          action: 'upload.kept',
          targetType: 'users',
          targetId: userId,
          before: null,
          after: { bytes: upload.bytes, what: upload.what },
          at: now,
        });
        return true;
      });
    },
  };
}
