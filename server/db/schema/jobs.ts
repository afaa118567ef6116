import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A durable job (server/jobs/queue.ts): a message to send later survives a restart. A worker
 * claims due rows by setting `locked_until` (a lease), so several app processes never run one
 * job twice; `done_at` is set when it ran, or when it failed for good (then `last_error` says why).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: smallint().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due').on(t.runAt).where(sql`${t.doneAt} IS NULL`)],
);
