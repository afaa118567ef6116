import { sql } from 'drizzle-orm';
import type { KeptHomeAddress } from '../../../core/booking/home-visit';
import type { VisitType } from '../../../core/booking/urls';
import type { PushedSlot, StoredSlot } from '../../../core/mis/push';
import type { Db, DbTx } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/** A doctor's workplace at the clinic, as the MIS API names and steers it. */
export interface Place {
  workplaceId: number;
  doctorId: number;
  misId: string | null;
  name: string;
  visitTypes: VisitType[];
  misSchedule: boolean;
  appointmentOn: boolean;
}

export interface KeyRow {
  id: number;
  prefix: string;
  label: string | null;
  scopes: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A row of the change feed. */
export interface FeedRow {
  id: number;
  xid: string;
  status: 'active' | 'canceled' | 'done' | 'no_show';
  doctorId: number | null;
  doctorMisId: string | null;
  serviceId: number | null;
  serviceMisId: string | null;
  slotMisId: string | null;
  visitType: VisitType;
  startsAt: string;
  endsAt: string;
  /** A home visit's address as the patient gave it, and the clinic's window then (ADR 042). */
  homeAddress: KeptHomeAddress | null;
  homeWindowMinutes: number | null;
  patientName: string;
  patientPhone: string;
  birthDate: string | null;
  price: number | null;
  prepaid: number | null;
  confirmed: boolean;
  canceledBy: 'patient' | 'clinic' | null;
  cancelReason: string | null;
  createdAt: string;
}

/** An appointment as the change feed (and the MIS's writes and the webhooks) tell it. */
export const feedColumns = sql`
  a.id, a.change_xid::text AS xid, a.status, a.doctor_id AS "doctorId", w.mis_id AS "doctorMisId",
  a.clinic_service_id AS "serviceId", cs.mis_service_id AS "serviceMisId",
  (SELECT x.mis_id FROM explicit_slots x
    WHERE x.workplace_id = a.workplace_id AND x.visit_type = a.visit_type
      AND x.starts_at = lower(a.during) LIMIT 1) AS "slotMisId",
  a.visit_type AS "visitType", lower(a.during) AS "startsAt", upper(a.during) AS "endsAt",
  a.home_address AS "homeAddress", a.home_window_minutes AS "homeWindowMinutes",
  a.patient_name AS "patientName", a.patient_phone AS "patientPhone",
  a.patient_birth_date::text AS "birthDate", a.price, a.prepaid_amount AS prepaid,
  a.confirmed_at IS NOT NULL AS confirmed, a.canceled_by AS "canceledBy",
  a.cancel_reason AS "cancelReason", a.created_at AS "createdAt"`;
export const feedTables = sql`appointments a
          LEFT JOIN workplaces w ON w.id = a.workplace_id
          LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id`;

/** A PostgreSQL array literal of texts (null elements as NULL), for unnest. */
function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** The MIS API's SQL: the clinic's workplaces and pushed slots, its keys, its appointments' feed. */
export function createMisRepo(db: Db) {
  return {
    /** The clinic's doctors' workplaces in id order; `lock` takes their rows for the transaction. */
    async places(q: Db | DbTx, clinicId: number, lock = false): Promise<Place[]> {
      return rowsOf<Place>(
        await q.execute(sql`
          SELECT w.id AS "workplaceId", w.doctor_id AS "doctorId", w.mis_id AS "misId",
                 concat_ws(' ', d.last_name, d.first_name, d.patronymic) AS name,
                 coalesce((SELECT array_agg(wp.visit_type ORDER BY wp.visit_type)
                           FROM workplace_prices wp WHERE wp.workplace_id = w.id), '{}') AS "visitTypes",
                 w.mis_schedule AS "misSchedule", w.is_appointment_on AS "appointmentOn"
          FROM workplaces w JOIN doctors d ON d.id = w.doctor_id
          WHERE w.clinic_id = ${clinicId}
          ORDER BY w.id
          ${lock ? sql`FOR UPDATE OF w` : sql``}`),
      );
    },

    async clinic(
      clinicId: number,
    ): Promise<{ id: number; name: string; tz: string; booking_horizon_days: number } | undefined> {
      const [clinic] = rowsOf<{ id: number; name: string; tz: string; booking_horizon_days: number }>(
        await db.execute(sql`
          SELECT c.id, c.name, t.tz, c.booking_horizon_days
          FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${clinicId}`),
      );
      return clinic;
    },

    async setWorkplaceMis(tx: DbTx, workplaceId: number, misId: string | null, misSchedule: boolean) {
      await tx.execute(sql`
        UPDATE workplaces SET mis_id = ${misId}, mis_schedule = ${misSchedule}
        WHERE id = ${workplaceId}`);
    },

    /** The workplaces' pushed slots starting in [from, to); the start as epoch milliseconds. */
    async storedSlots(tx: DbTx, workplaceIds: number[], from: Date, to: Date) {
      // The start as epoch milliseconds: a number parses far faster than 9,000 timestamps.
      return rowsOf<Omit<StoredSlot, 'startsAt'> & { workplaceId: number; startsAt: number }>(
        await tx.execute(sql`
          SELECT id, workplace_id AS "workplaceId", mis_id AS "misId",
                 (extract(epoch FROM starts_at) * 1000)::float8 AS "startsAt",
                 duration_minutes AS "durationMinutes", visit_type AS "visitType"
          FROM explicit_slots
          WHERE workplace_id = ANY(${`{${workplaceIds.join(',')}}`}::int[])
            AND starts_at >= ${from.toISOString()}::timestamptz
            AND starts_at < ${to.toISOString()}::timestamptz`),
      );
    },

    // One statement per change kind, whatever the number of slots (a week of 50 doctors is
    // thousands of rows): arrays unnested on the server.

    async deleteSlots(tx: DbTx, ids: number[]) {
      await tx.execute(sql`DELETE FROM explicit_slots WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);
    },

    async rewriteSlots(tx: DbTx, rewritten: { id: number; slot: PushedSlot }[]) {
      await tx.execute(sql`
        UPDATE explicit_slots x
        SET visit_type = u.visit_type, starts_at = u.starts_at, duration_minutes = u.duration, mis_id = u.mis_id
        FROM unnest(
          ${`{${rewritten.map((r) => r.id).join(',')}}`}::int[],
          ${pgArray(rewritten.map((r) => r.slot.visitType))}::text[],
          ${pgArray(rewritten.map((r) => r.slot.startsAt.toISOString()))}::timestamptz[],
          ${`{${rewritten.map((r) => r.slot.durationMinutes).join(',')}}`}::smallint[],
          ${pgArray(rewritten.map((r) => r.slot.misId))}::text[]) AS u(id, visit_type, starts_at, duration, mis_id)
        WHERE x.id = u.id`);
    },

    async insertSlots(tx: DbTx, added: { workplaceId: number; slot: PushedSlot }[]) {
      await tx.execute(sql`
        INSERT INTO explicit_slots (workplace_id, visit_type, starts_at, duration_minutes, mis_id)
        SELECT * FROM unnest(
          ${`{${added.map((a) => a.workplaceId).join(',')}}`}::int[],
          ${pgArray(added.map((a) => a.slot.visitType))}::text[],
          ${pgArray(added.map((a) => a.slot.startsAt.toISOString()))}::timestamptz[],
          ${`{${added.map((a) => a.slot.durationMinutes).join(',')}}`}::smallint[],
          ${pgArray(added.map((a) => a.slot.misId))}::text[])`);
    },

    async putOnMisSchedule(tx: DbTx, workplaceIds: number[]) {
      await tx.execute(
        sql`UPDATE workplaces SET mis_schedule = true WHERE id = ANY(${`{${workplaceIds.join(',')}}`}::int[])`,
      );
    },

    /**
     * The clinic's appointments after the cursor, of transactions older than every one still
     * running (the snapshot's xmin), holds left out, in (change_xid, id) order.
     */
    async feed(clinicId: number, cursor: { xid: number; id: number }, limit: number): Promise<FeedRow[]> {
      return rowsOf<FeedRow>(
        await db.execute(sql`
          SELECT ${feedColumns}
          FROM ${feedTables}
          WHERE a.clinic_id = ${clinicId}
            AND (a.change_xid, a.id) > (${cursor.xid}::bigint, ${cursor.id}::int)
            AND a.change_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
            AND a.status <> 'held'
          ORDER BY a.change_xid, a.id
          LIMIT ${limit}`),
      );
    },

    /**
     * Whether the clinic's doctor is on the pushed schedule, and whether he has a pushed slot of
     * the visit type starting at the instant; undefined when he does not work at the clinic.
     */
    async pushedSlotAt(clinicId: number, doctorId: number, visitType: string, startsAt: Date) {
      const [row] = rowsOf<{ misSchedule: boolean; found: boolean }>(
        await db.execute(sql`
          SELECT w.mis_schedule AS "misSchedule",
                 EXISTS (SELECT 1 FROM explicit_slots x
                         WHERE x.workplace_id = w.id AND x.visit_type = ${visitType}
                           AND x.starts_at = ${startsAt.toISOString()}::timestamptz) AS found
          FROM workplaces w WHERE w.clinic_id = ${clinicId} AND w.doctor_id = ${doctorId}`),
      );
      return row;
    },

    /** One of the clinic's visits (never a hold) as the feed tells it. */
    async appointment(clinicId: number, id: number): Promise<FeedRow | undefined> {
      const [row] = rowsOf<FeedRow>(
        await db.execute(sql`
          SELECT ${feedColumns} FROM ${feedTables}
          WHERE a.id = ${id} AND a.clinic_id = ${clinicId} AND a.status <> 'held'`),
      );
      return row;
    },

    /**
     * Claims an idempotency key for a call: true when this call is the first with it, or takes
     * over a claim of the same call left unanswered for `staleMs` (its process died between the
     * change and keeping the reply); false when another call holds it (read it with `idempotent`).
     */
    async claimIdempotency(
      keyId: number,
      idempotencyKey: string,
      operation: string,
      now: Date,
      staleMs: number,
    ) {
      const result = await db.execute(sql`
        INSERT INTO mis_idempotency AS m (key_id, idempotency_key, operation, created_at)
        VALUES (${keyId}, ${idempotencyKey}, ${operation}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (key_id, idempotency_key) DO UPDATE SET created_at = excluded.created_at
          WHERE m.status IS NULL AND m.operation = excluded.operation
            AND m.created_at < ${new Date(now.getTime() - staleMs).toISOString()}::timestamptz
        RETURNING m.key_id`);
      return result.rows.length > 0;
    },

    async idempotent(keyId: number, idempotencyKey: string) {
      const [row] = rowsOf<{ operation: string; status: number | null; reply: unknown }>(
        await db.execute(sql`
          SELECT operation, status, reply FROM mis_idempotency
          WHERE key_id = ${keyId} AND idempotency_key = ${idempotencyKey}`),
      );
      return row;
    },

    async keepReply(keyId: number, idempotencyKey: string, status: number, reply: unknown) {
      await db.execute(sql`
        UPDATE mis_idempotency SET status = ${status}, reply = ${JSON.stringify(reply)}::jsonb
        WHERE key_id = ${keyId} AND idempotency_key = ${idempotencyKey}`);
    },

    /** Lets a key go after a call failed for no reason of the request's (it may be sent again). */
    async releaseIdempotency(keyId: number, idempotencyKey: string) {
      await db.execute(sql`
        DELETE FROM mis_idempotency
        WHERE key_id = ${keyId} AND idempotency_key = ${idempotencyKey} AND status IS NULL`);
    },

    async keyByPrefix(prefix: string) {
      const [row] = rowsOf<{
        id: number;
        clinicId: number;
        keyHash: string;
        revokedAt: string | null;
        scopes: string[] | null;
        createdBy: number;
      }>(
        await db.execute(sql`
          SELECT id, clinic_id AS "clinicId", key_hash AS "keyHash", revoked_at AS "revokedAt",
                 scopes, created_by AS "createdBy"
          FROM mis_api_keys WHERE prefix = ${prefix}`),
      );
      return row;
    },

    /** Writes a key's last use, at most once a minute. */
    async touchKey(id: number, now: Date) {
      await db.execute(sql`
        UPDATE mis_api_keys SET last_used_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id}
          AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)`);
    },

    async keys(q: Db | DbTx, clinicId: number): Promise<KeyRow[]> {
      return rowsOf<KeyRow>(
        await q.execute(sql`
          SELECT id, prefix, label, scopes, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
          FROM mis_api_keys WHERE clinic_id = ${clinicId}
          ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC`),
      );
    },

    async lockClinic(tx: DbTx, clinicId: number) {
      await tx.execute(sql`SELECT id FROM clinics WHERE id = ${clinicId} FOR UPDATE`);
    },

    async insertKey(
      tx: DbTx,
      key: {
        clinicId: number;
        prefix: string;
        keyHash: string;
        label: string;
        scopes: readonly string[];
        createdBy: number;
        createdAt: Date;
      },
    ): Promise<KeyRow> {
      const [row] = rowsOf<KeyRow>(
        await tx.execute(sql`
          INSERT INTO mis_api_keys (clinic_id, prefix, key_hash, label, scopes, created_by, created_at)
          VALUES (${key.clinicId}, ${key.prefix}, ${key.keyHash}, ${key.label}, ${pgArray(key.scopes)}::text[],
                  ${key.createdBy}, ${key.createdAt.toISOString()}::timestamptz)
          RETURNING id, prefix, label, scopes, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`),
      );
      return row;
    },

    async lockKey(tx: DbTx, id: number, clinicId: number): Promise<KeyRow | undefined> {
      const [row] = rowsOf<KeyRow>(
        await tx.execute(sql`
          SELECT id, prefix, label, scopes, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
          FROM mis_api_keys WHERE id = ${id} AND clinic_id = ${clinicId} FOR UPDATE`),
      );
      return row;
    },

    async revokeKey(tx: DbTx, id: number, now: Date) {
      await tx.execute(
        sql`UPDATE mis_api_keys SET revoked_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
      );
    },

    async audit(tx: DbTx, entry: typeof cabinetAudit.$inferInsert) {
      await tx.insert(cabinetAudit).values(entry);
    },
  };
}

export type MisRepo = ReturnType<typeof createMisRepo>;
