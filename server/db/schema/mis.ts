import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** The clinic's name for the key ('МИС регистратуры'); null on keys made before labels. */
    label: text(),
    /** What the key may do (core/mis/keys.ts MIS_SCOPES); null: a key made before scopes, a full key. */
    scopes: text().array(),
  },
  (t) => [uniqueIndex('mis_api_keys_prefix').on(t.prefix), index('mis_api_keys_clinic').on(t.clinicId)],
);

/**
 * A write of the MIS API (cancel, move, mark, book) by the idempotency key the MIS sent: the
 * first call claims the row (reply null while it runs), its reply is kept, and a repeat of the
 * key returns that reply without acting again.
 */
export const misIdempotency = pgTable(
  'mis_idempotency',
  {
    keyId: integer()
      .notNull()
      .references(() => misApiKeys.id),
    idempotencyKey: text().notNull(),
    /** The call it was sent with ('cancel 123'): the same key on another call is refused. */
    operation: text().notNull(),
    status: smallint(),
    reply: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] })],
);
