import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages a job has sent (server/modules/booking/messages.ts), one row per message key. Jobs
 * run at least once (pg-boss retries an attempt a killed worker left behind): a run finds its
 * message here and does not send it again. The jobs themselves live in pg-boss's schema.
 */
export const sentMessages = pgTable('sent_messages', {
  key: text().primaryKey(),
  jobId: text().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
});
