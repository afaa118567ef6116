import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Every change a doctor or a clinic makes in the cabinet: who, what, on which row, the row's
 * state before and after, and when. Appended only; nothing here is updated or deleted.
 */
export const cabinetAudit = pgTable(
  'cabinet_audit',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** 'visit.done', 'visit.no_show', 'visit.canceled', 'days_off.added', 'days_off.removed'… */
    action: text().notNull(),
    /** The table of the row changed, and its id (days off: the doctor's id). */
    targetType: text().notNull(),
    targetId: integer().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('cabinet_audit_target').on(t.targetType, t.targetId),
    index('cabinet_audit_user').on(t.userId, t.at),
  ],
);
