import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const RELATIVE_RELATIONS = ['child', 'parent', 'spouse', 'other'] as const;

/**
 * The people a patient books for (docs/product/profile.md): a child, a parent. A booking for one
 * copies the name and birth date into the appointment, so removing a relative (a hard delete:
 * nothing else refers to the row) leaves past visits as they were.
 */
export const patientRelatives = pgTable(
  'patient_relatives',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    lastName: text().notNull(),
    firstName: text().notNull(),
    patronymic: text().notNull().default(''),
    /** 'yyyy-MM-dd'. */
    birthDate: text().notNull(),
    relation: text({ enum: RELATIVE_RELATIONS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_relatives_user').on(t.userId, t.id)],
);

/**
 * A new e-mail waiting for its link to be opened: only a hash of the link's token is kept. A
 * newer request of the same patient replaces the older (one row per user).
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    email: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('email_confirmations_token').on(t.tokenHash),
    check('email_confirmations_email', sql`length(${t.email}) <= 254`),
  ],
);
