import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { type FeedRow, feedColumns, feedTables } from './repo';

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export interface EndpointRow {
  id: number;
  url: string;
  events: string[] | null;
  createdAt: string;
}

export interface DeliveryRow {
  id: number;
  deliveryId: string;
  endpointId: number;
  url: string;
  appointmentId: number;
  event: string;
  state: 'new' | 'queued' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastResponse: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** The next delivery of an endpoint's visit, with what sending it needs. */
export interface HeadRow {
  id: number;
  deliveryId: string;
  event: string;
  body: string | null;
  url: string;
  secret: string;
  deleted: boolean;
}

const DELIVERY_COLUMNS = sql`
  d.id, d.delivery_id AS "deliveryId", d.endpoint_id AS "endpointId", e.url, d.appointment_id AS "appointmentId",
  d.event, d.state, d.attempts, d.last_status AS "lastStatus", d.last_response AS "lastResponse",
  d.last_attempt_at AS "lastAttemptAt", d.delivered_at AS "deliveredAt", d.created_at AS "createdAt"`;

/** Webhooks' SQL: endpoints, the outbox the trigger on appointments fills, the deliveries' states. */
export function createWebhooksRepo(db: Db) {
  return {
    async endpoints(q: Db | DbTx, clinicId: number): Promise<EndpointRow[]> {
      return rowsOf<EndpointRow>(
        await q.execute(sql`
          SELECT id, url, events, created_at AS "createdAt" FROM webhook_endpoints
          WHERE clinic_id = ${clinicId} AND deleted_at IS NULL ORDER BY id`),
      );
    },

    async lockClinic(tx: DbTx, clinicId: number) {
      await tx.execute(sql`SELECT id FROM clinics WHERE id = ${clinicId} FOR UPDATE`);
    },

    async insertEndpoint(
      tx: DbTx,
      e: {
        clinicId: number;
        url: string;
        events: string[] | null;
        secret: string;
        createdBy: number;
        at: Date;
      },
    ): Promise<EndpointRow> {
      const [row] = rowsOf<EndpointRow>(
        await tx.execute(sql`
          INSERT INTO webhook_endpoints (clinic_id, url, events, secret, created_by, created_at)
          VALUES (${e.clinicId}, ${e.url},
                  ${e.events === null ? null : `{${e.events.join(',')}}`}::text[],
                  ${e.secret}, ${e.createdBy}, ${e.at.toISOString()}::timestamptz)
          RETURNING id, url, events, created_at AS "createdAt"`),
      );
      return row;
    },

    async deleteEndpoint(tx: DbTx, clinicId: number, id: number, at: Date): Promise<EndpointRow | undefined> {
      const [row] = rowsOf<EndpointRow>(
        await tx.execute(sql`
          UPDATE webhook_endpoints SET deleted_at = ${at.toISOString()}::timestamptz
          WHERE id = ${id} AND clinic_id = ${clinicId} AND deleted_at IS NULL
          RETURNING id, url, events, created_at AS "createdAt"`),
      );
      return row;
    },

    async audit(tx: DbTx, entry: typeof cabinetAudit.$inferInsert) {
      await tx.insert(cabinetAudit).values(entry);
    },

    /**
     * Hands the outbox's new rows to the queue: marks them 'queued' and answers each
     * (endpoint, visit) once. One drainer at a time (a transaction-scoped advisory lock): another
     * process finds the lock taken and leaves the rows to it.
     */
    async takeNew(tx: DbTx, limit: number): Promise<{ endpointId: number; appointmentId: number }[]> {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext('webhooks.outbox')) AS ok`),
      );
      if (!lock.ok) return [];
      return rowsOf<{ endpointId: number; appointmentId: number }>(
        await tx.execute(sql`
          WITH taken AS (
            UPDATE webhook_deliveries SET state = 'queued'
            WHERE id IN (SELECT id FROM webhook_deliveries WHERE state = 'new' ORDER BY id LIMIT ${limit})
            RETURNING id, endpoint_id, appointment_id)
          SELECT endpoint_id AS "endpointId", appointment_id AS "appointmentId"
          FROM taken GROUP BY endpoint_id, appointment_id ORDER BY min(id)`),
      );
    },

    /** The oldest delivery of the endpoint's visit not yet delivered or given up. */
    async head(endpointId: number, appointmentId: number): Promise<HeadRow | undefined> {
      const [row] = rowsOf<HeadRow>(
        await db.execute(sql`
          SELECT d.id, d.delivery_id AS "deliveryId", d.event, d.body, e.url, e.secret,
                 e.deleted_at IS NOT NULL AS deleted
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.endpoint_id = ${endpointId} AND d.appointment_id = ${appointmentId}
            AND d.state IN ('new', 'queued')
          ORDER BY d.id LIMIT 1`),
      );
      return row;
    },

    /** The body of a delivery, fixed at its first attempt: every later attempt sends the same bytes. */
    async fixBody(id: number, body: string): Promise<string> {
      const [row] = rowsOf<{ body: string }>(
        await db.execute(sql`
          UPDATE webhook_deliveries SET body = coalesce(body, ${body}) WHERE id = ${id} RETURNING body`),
      );
      return row.body;
    },

    async attempted(
      id: number,
      outcome: {
        state: 'queued' | 'delivered' | 'failed';
        status: number | null;
        response: string;
        at: Date;
      },
    ) {
      await db.execute(sql`
        UPDATE webhook_deliveries
        SET state = ${outcome.state}, attempts = attempts + 1, last_status = ${outcome.status},
            last_response = ${outcome.response}, last_attempt_at = ${outcome.at.toISOString()}::timestamptz,
            delivered_at = CASE WHEN ${outcome.state} = 'delivered' THEN ${outcome.at.toISOString()}::timestamptz
                                ELSE delivered_at END
        WHERE id = ${id}`);
    },

    /** Ends a delivery whose endpoint was deleted. */
    async drop(id: number) {
      await db.execute(sql`UPDATE webhook_deliveries SET state = 'failed' WHERE id = ${id}`);
    },

    async deliveries(clinicId: number, before: number | undefined, limit: number): Promise<DeliveryRow[]> {
      return rowsOf<DeliveryRow>(
        await db.execute(sql`
          SELECT ${DELIVERY_COLUMNS}
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.clinic_id = ${clinicId} ${before === undefined ? sql`` : sql`AND d.id < ${before}`}
          ORDER BY d.id DESC LIMIT ${limit}`),
      );
    },

    /**
     * 'Повторить': the delivery back in the queue, its X-Webhook-Id and body kept. Only one the
     * queue no longer holds (delivered or given up) of an endpoint not deleted.
     */
    async requeue(tx: DbTx, clinicId: number, id: number): Promise<DeliveryRow | undefined> {
      const [row] = rowsOf<DeliveryRow>(
        await tx.execute(sql`
          WITH d AS (
            UPDATE webhook_deliveries d SET state = 'queued'
            FROM webhook_endpoints e
            WHERE d.id = ${id} AND d.clinic_id = ${clinicId} AND e.id = d.endpoint_id AND e.deleted_at IS NULL
              AND d.state IN ('delivered', 'failed')
            RETURNING d.*)
          SELECT ${DELIVERY_COLUMNS} FROM d JOIN webhook_endpoints e ON e.id = d.endpoint_id`),
      );
      return row;
    },

    async delivery(clinicId: number, id: number): Promise<DeliveryRow | undefined> {
      const [row] = rowsOf<DeliveryRow>(
        await db.execute(sql`
          SELECT ${DELIVERY_COLUMNS}
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.id = ${id} AND d.clinic_id = ${clinicId}`),
      );
      return row;
    },

    /** The visit as the change feed shows it (server/modules/mis/repo.ts `feed`), by its id. */
    async visit(appointmentId: number): Promise<FeedRow | undefined> {
      const [row] = rowsOf<FeedRow>(
        await db.execute(sql`
          SELECT ${feedColumns} FROM ${feedTables} WHERE a.id = ${appointmentId}`),
      );
      return row;
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
