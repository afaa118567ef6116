import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * The reminders the minute's sweep has queued, one row per visit, kind and time of the visit:
 * a reminder is queued once, however often the sweep runs (two processes, a retry, a clock moved
 * back). Rows of visits long past are deleted by the sweep.
 */
export const queuedReminders = pgTable(
  'queued_reminders',
  {
    appointmentId: integer().notNull(),
    kind: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
  },
  // Led by the time: the sweep deletes the old claims by it.
  (t) => [primaryKey({ columns: [t.startsAt, t.appointmentId, t.kind] })],
);
