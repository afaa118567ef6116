import { sql } from 'drizzle-orm';
import type { DbTx } from '../../db/client';

/**
 * One step of the erasure (erasure.ts): up to `limit` profiles deleted before `before`, locked
 * (SKIP LOCKED: two sweeps, a retry beside a late run, split the work instead of waiting), made
 * anonymous at `at`. Answers the ids erased and the coming visits it cancelled, whose clinics the
 * caller tells.
 */
export async function eraseBatch(
  tx: DbTx,
  { before, at, limit }: { before: Date; at: Date; limit: number },
): Promise<{ erased: number; canceled: number[] }> {
  const now = at.toISOString();
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM users
    WHERE deleting_since <= ${before.toISOString()}::timestamptz AND erased_at IS NULL AND role = 'patient'
    ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
  if (rows.length === 0) return { erased: 0, canceled: [] };
  const ids = sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const canceled = await tx.execute<{ id: number }>(sql`
    UPDATE appointments SET status = 'canceled', canceled_at = ${now}::timestamptz, canceled_by = 'patient'
    WHERE user_id IN (${ids}) AND status = 'active' AND lower(during) > ${now}::timestamptz
    RETURNING id`);
  await tx.execute(sql`DELETE FROM patient_relatives WHERE user_id IN (${ids})`);
  await tx.execute(sql`DELETE FROM email_confirmations WHERE user_id IN (${ids})`);
  await tx.execute(sql`DELETE FROM favourites WHERE user_id IN (${ids})`);
  await tx.execute(sql`DELETE FROM sessions WHERE user_id IN (${ids})`);
  await tx.execute(sql`
    UPDATE club_cards SET dt_end = ${now}::timestamptz
    WHERE user_id IN (${ids}) AND dt_end > ${now}::timestamptz`);
  await tx.execute(sql`
    UPDATE users SET phone = NULL, first_name = NULL, last_name = NULL, patronymic = NULL,
      birth_date = NULL, email = NULL, notify_email = false, is_real_patient = false,
      erased_at = ${now}::timestamptz
    WHERE id IN (${ids})`);
  return { erased: rows.length, canceled: canceled.rows.map((r) => r.id) };
}
