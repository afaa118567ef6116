import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * How long the integration keeps its copies of patients' data (docs/product/mis-api.md, 'Что
 * хранится и сколько'):
 * - an idempotency key's kept reply (it names the patient): 7 days. A clinic's software retries a
 *   lost reply within minutes; a week covers a weekend's outage of its side;
 * - a webhook delivery that is over (delivered, or given up after a day of retries): 30 days, the
 *   cabinet's delivery log a clinic checks and redelivers from. Deliveries still queued stay.
 */
export const KEPT_REPLY_DAYS = 7;
export const DELIVERY_LOG_DAYS = 30;

const DAY_MS = 86_400_000;

export async function sweepKept(db: Db, now: Date): Promise<{ replies: number; deliveries: number }> {
  const replies = await db.execute(sql`
    DELETE FROM mis_idempotency
    WHERE created_at < ${new Date(now.getTime() - KEPT_REPLY_DAYS * DAY_MS).toISOString()}::timestamptz
    RETURNING 1`);
  const deliveries = await db.execute(sql`
    DELETE FROM webhook_deliveries
    WHERE state IN ('delivered', 'failed')
      AND created_at < ${new Date(now.getTime() - DELIVERY_LOG_DAYS * DAY_MS).toISOString()}::timestamptz
    RETURNING 1`);
  return { replies: replies.rows.length, deliveries: deliveries.rows.length };
}
