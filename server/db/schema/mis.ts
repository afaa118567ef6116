import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clinics } from './clinics';

/**
 * A clinic's key for the integration API of its clinic software (MIS): `mis_{prefix}_{secret}`.
 * Only the prefix (to find the row) and the SHA-256 of the whole key are stored; the key itself
 * is shown once, when made. A revoked key stays, for the audit trail.
 */
export const misApiKeys = pgTable(
  'mis_api_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('mis_api_keys_prefix').on(t.prefix), index('mis_api_keys_clinic').on(t.clinicId)],
);
