import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clinics } from './clinics';

/**
 * A clinic's webhook endpoint (docs/product/mis-api.md, 'Вебхуки'; ADR 040): the URL, the visit
 * events it takes (null: all), and the secret its deliveries are signed with (HMAC-SHA256). The
 * secret is kept as it is, since the server signs with it; it is shown to the clinic once.
 * Deleting sets `deleted_at`: the delivery log keeps naming the endpoint.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    url: text().notNull(),
    events: text().array(),
    secret: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_clinic').on(t.clinicId).where(sql`${t.deletedAt} IS NULL`)],
);

/**
 * One event of a visit for one endpoint: the outbox row the trigger on `appointments` writes in
 * the visit's own transaction (migration 0047), then the delivery's state and its last attempt.
 * `state`: 'new' (not yet handed to the job queue), 'queued', 'delivered', 'failed' (given up
 * after a day). `delivery_id` is the `X-Webhook-Id`, the same on every attempt and redelivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: uuid().notNull().default(sql`gen_random_uuid()`),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id),
    clinicId: integer().notNull(),
    appointmentId: integer().notNull(),
    event: text().notNull(),
    state: text().notNull().default('new'),
    /** The body as first sent: a redelivery sends the same bytes. */
    body: text(),
    attempts: smallint().notNull().default(0),
    lastStatus: smallint(),
    /** The receiver's answer, at most 1 KB, or why there was none. */
    lastResponse: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_new').on(t.id).where(sql`${t.state} = 'new'`),
    index('webhook_deliveries_visit').on(t.endpointId, t.appointmentId, t.id),
    index('webhook_deliveries_clinic').on(t.clinicId, t.id),
  ],
);
