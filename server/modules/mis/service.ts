import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VisitType } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import type {
  MisAppointment,
  MisDoctor,
  MisDoctorBody,
  MisDoctors,
  MisFeed,
  MisKey,
  MisKeyCreated,
  MisKeys,
  MisSlotsPushed,
  MisSlotsPushRequest,
} from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS, MIS_KEYS_LIMIT } from '../../../core/mis/keys';
import {
  diffSlots,
  FEED_START,
  formatCursor,
  MIS_LIMITS,
  MIS_TEXTS,
  type PushedSlot,
  parseCursor,
  rangeProblem,
  type StoredSlot,
  slotProblems,
} from '../../../core/mis/push';
import { addDays, zonedInstant } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { PG_ERRORS, pgErrorCode } from '../../db/errors';
import { cabinetAudit } from '../../db/schema/cabinet';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { SessionViewer } from '../auth/viewer';
import { WAITLIST_JOBS } from '../booking/waitlist';

export type MisService = ReturnType<typeof createMisService>;

/** The clinic a key speaks for. */
export interface MisClient {
  keyId: number;
  clinicId: number;
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (value: string | Date) => new Date(value).toISOString();

/** 'mis_{8 hex}_{43 base64url}': 256 random bits, so a plain SHA-256 is a safe way to keep it (ADR 017). */
function newKey(): { prefix: string; secret: string } {
  const prefix = randomBytes(4).toString('hex');
  return { prefix, secret: `mis_${prefix}_${randomBytes(32).toString('base64url')}` };
}

const KEY_PATTERN = /^mis_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

interface KeyRow {
  id: number;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const keyOf = (row: KeyRow): MisKey => ({
  id: row.id,
  prefix: row.prefix,
  createdAt: iso(row.createdAt),
  lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
});

interface Place {
  workplaceId: number;
  doctorId: number;
  misId: string | null;
  name: string;
  visitTypes: VisitType[];
  misSchedule: boolean;
  appointmentOn: boolean;
}

const doctorOf = (p: Place): MisDoctor => ({
  doctor_id: p.doctorId,
  mis_id: p.misId,
  name: p.name,
  visit_types: p.visitTypes,
  mis_schedule: p.misSchedule,
  appointment_on: p.appointmentOn,
});

/**
 * The integration API for clinic software (docs/product/mis-api.md): keys issued in the cabinet,
 * the clinic's doctors, the push of their slots and the change feed of their appointments.
 * Every call speaks for the key's clinic only; nothing names another clinic's rows.
 */
export function createMisService({ db, clock, jobs }: { db: Db; clock: Clock; jobs: JobSender }) {
  async function places(q: Db | DbTx, clinicId: number, lock = false): Promise<Place[]> {
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
  }

  async function clinicOf(q: Db | DbTx, clinicId: number) {
    const [clinic] = rowsOf<{ id: number; name: string; tz: string }>(
      await q.execute(sql`
        SELECT c.id, c.name, t.tz FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${clinicId}`),
    );
    if (!clinic) throw unauthorized(MIS_TEXTS.badKey);
    return clinic;
  }

  function cabinetClinic(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(MIS_KEY_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(MIS_KEY_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  async function listKeys(q: Db | DbTx, clinicId: number): Promise<KeyRow[]> {
    return rowsOf<KeyRow>(
      await q.execute(sql`
        SELECT id, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
        FROM mis_api_keys WHERE clinic_id = ${clinicId}
        ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC`),
    );
  }

  return {
    /**
     * The clinic a bearer key speaks for, or 401. Only the key's hash is stored; the comparison
     * takes the same time however much of it matches. Its last use is written at most once a
     * minute, not on every call.
     */
    async authenticate(authorization: string | undefined): Promise<MisClient> {
      if (!authorization) throw unauthorized(MIS_TEXTS.noKey);
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      if (!match) throw unauthorized(MIS_TEXTS.noKey);
      const secret = match[1];
      const parts = KEY_PATTERN.exec(secret);
      if (!parts) throw unauthorized(MIS_TEXTS.badKey);
      const [row] = rowsOf<{ id: number; clinicId: number; keyHash: string; revokedAt: string | null }>(
        await db.execute(sql`
          SELECT id, clinic_id AS "clinicId", key_hash AS "keyHash", revoked_at AS "revokedAt"
          FROM mis_api_keys WHERE prefix = ${parts[1]}`),
      );
      const given = Buffer.from(sha256(secret), 'hex');
      const stored = Buffer.from(row?.keyHash ?? sha256('none'), 'hex');
      if (!row || row.revokedAt !== null || !timingSafeEqual(given, stored))
        throw unauthorized(MIS_TEXTS.badKey);
      const now = clock.now();
      await db.execute(sql`
        UPDATE mis_api_keys SET last_used_at = ${now.toISOString()}::timestamptz
        WHERE id = ${row.id}
          AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)`);
      return { keyId: row.id, clinicId: row.clinicId };
    },

    async doctors(client: MisClient): Promise<MisDoctors> {
      const clinic = await clinicOf(db, client.clinicId);
      return { clinic, doctors: (await places(db, client.clinicId)).map(doctorOf) };
    },

    /** Sets a doctor's MIS id (unique within the clinic) and whether his slots come from the MIS. */
    async setDoctor(client: MisClient, doctorId: number, body: MisDoctorBody): Promise<MisDoctor> {
      try {
        return await db.transaction(async (tx) => {
          const place = (await places(tx, client.clinicId)).find((p) => p.doctorId === doctorId);
          if (!place) throw notFound(MIS_TEXTS.doctorNotFound);
          const misId = body.mis_id === undefined ? place.misId : body.mis_id;
          const misSchedule = body.mis_schedule ?? place.misSchedule;
          await tx.execute(sql`
            UPDATE workplaces SET mis_id = ${misId}, mis_schedule = ${misSchedule}
            WHERE id = ${place.workplaceId}`);
          return doctorOf({ ...place, misId, misSchedule });
        });
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation)
          throw conflict('mis_id_taken', MIS_TEXTS.misIdTaken);
        throw err;
      }
    },

    /**
     * Makes each named doctor's slots over the days from…to (the clinic's) exactly the pushed
     * ones, and puts him on the pushed schedule. One transaction; the doctors' workplace rows are
     * locked (in id order) so two pushes for one doctor apply one after the other. Booked visits
     * are rows of their own and stay whatever the push says. A doctor who gains times has them
     * offered to the waitlist.
     */
    async pushSlots(client: MisClient, body: MisSlotsPushRequest): Promise<MisSlotsPushed> {
      const clinic = await clinicOf(db, client.clinicId);
      const today = zonedDay(clock.now(), clinic.tz).date;
      const rangeError = rangeProblem({ from: body.from, to: body.to, today });
      if (rangeError) throw badRequest(rangeError);
      const windowFrom = zonedInstant(body.from, '00:00', clinic.tz);
      const windowTo = zonedInstant(addDays(body.to, 1), '00:00', clinic.tz);

      return db.transaction(async (tx) => {
        const all = await places(tx, client.clinicId, true);
        const byId = new Map(all.map((p) => [p.doctorId, p]));
        const byMisId = new Map(all.filter((p) => p.misId !== null).map((p) => [p.misId, p]));
        const seen = new Set<number>();
        const problems: string[] = [];
        const asked: { place: Place; slots: PushedSlot[] }[] = [];
        for (const entry of body.doctors) {
          const label =
            entry.doctor_id !== undefined ? String(entry.doctor_id) : `mis_id ${entry.doctor_mis_id}`;
          const place =
            entry.doctor_id !== undefined
              ? byId.get(entry.doctor_id)
              : byMisId.get(entry.doctor_mis_id ?? null);
          if (!place) {
            problems.push(MIS_TEXTS.unknownDoctor(label));
            continue;
          }
          if (seen.has(place.workplaceId)) {
            problems.push(MIS_TEXTS.twice(label));
            continue;
          }
          seen.add(place.workplaceId);
          const slots: PushedSlot[] = entry.slots.map((s) => ({
            misId: s.mis_id ?? null,
            startsAt: new Date(s.starts_at),
            durationMinutes: s.duration_minutes,
            visitType: s.visit_type,
          }));
          for (const type of new Set(slots.map((s) => s.visitType))) {
            if (!place.visitTypes.includes(type)) problems.push(MIS_TEXTS.noVisitType(label, type));
          }
          problems.push(
            ...slotProblems(slots, { from: body.from, to: body.to, timeZone: clinic.tz, doctor: label }),
          );
          asked.push({ place, slots });
        }
        if (problems.length) throw badRequest(problems[0], { problems: problems.slice(0, 50) });

        const ids = `{${asked.map((a) => a.place.workplaceId).join(',')}}`;
        // The start as epoch milliseconds: a number parses far faster than 9,000 timestamps.
        const stored = rowsOf<Omit<StoredSlot, 'startsAt'> & { workplaceId: number; startsAt: number }>(
          await tx.execute(sql`
            SELECT id, workplace_id AS "workplaceId", mis_id AS "misId",
                   (extract(epoch FROM starts_at) * 1000)::float8 AS "startsAt",
                   duration_minutes AS "durationMinutes", visit_type AS "visitType"
            FROM explicit_slots
            WHERE workplace_id = ANY(${ids}::int[])
              AND starts_at >= ${windowFrom.toISOString()}::timestamptz
              AND starts_at < ${windowTo.toISOString()}::timestamptz`),
        );
        const storedOf = new Map<number, StoredSlot[]>();
        for (const row of stored) {
          const list = storedOf.get(row.workplaceId) ?? [];
          list.push({ ...row, startsAt: new Date(row.startsAt) });
          storedOf.set(row.workplaceId, list);
        }

        const removed: number[] = [];
        const added: { workplaceId: number; slot: PushedSlot }[] = [];
        // Rows rewritten in place: a changed id or length, or a removed slot's row taking an added
        // slot of the same doctor (cheaper than a delete and an insert: no new row to check
        // against its foreign keys, no dead row left behind).
        const rewritten: { id: number; slot: PushedSlot }[] = [];
        const reply: MisSlotsPushed = { from: body.from, to: body.to, doctors: [] };
        const gained: number[] = [];
        for (const { place, slots } of asked) {
          const before = storedOf.get(place.workplaceId) ?? [];
          const diff = diffSlots(before, slots);
          const byId = new Map(before.map((row) => [row.id, row]));
          for (const u of diff.update) {
            const row = byId.get(u.id);
            if (row)
              rewritten.push({
                id: u.id,
                slot: { ...row, misId: u.misId, durationMinutes: u.durationMinutes },
              });
          }
          const reused = Math.min(diff.remove.length, diff.add.length);
          for (let i = 0; i < reused; i++) rewritten.push({ id: diff.remove[i], slot: diff.add[i] });
          removed.push(...diff.remove.slice(reused));
          added.push(...diff.add.slice(reused).map((slot) => ({ workplaceId: place.workplaceId, slot })));
          if (diff.add.length > 0) gained.push(place.workplaceId);
          reply.doctors.push({
            doctor_id: place.doctorId,
            added: diff.add.length,
            removed: diff.remove.length,
            updated: diff.update.length,
            unchanged: diff.unchanged,
          });
        }

        // One statement per change kind, whatever the number of slots (a week of 50 doctors is
        // thousands of rows): arrays unnested on the server.
        if (removed.length) {
          await tx.execute(
            sql`DELETE FROM explicit_slots WHERE id = ANY(${`{${removed.join(',')}}`}::int[])`,
          );
        }
        if (rewritten.length) {
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
        }
        if (added.length) {
          await tx.execute(sql`
            INSERT INTO explicit_slots (workplace_id, visit_type, starts_at, duration_minutes, mis_id)
            SELECT * FROM unnest(
              ${`{${added.map((a) => a.workplaceId).join(',')}}`}::int[],
              ${pgArray(added.map((a) => a.slot.visitType))}::text[],
              ${pgArray(added.map((a) => a.slot.startsAt.toISOString()))}::timestamptz[],
              ${`{${added.map((a) => a.slot.durationMinutes).join(',')}}`}::smallint[],
              ${pgArray(added.map((a) => a.slot.misId))}::text[])`);
        }
        const toMis = asked.filter((a) => !a.place.misSchedule).map((a) => a.place.workplaceId);
        if (toMis.length) {
          await tx.execute(
            sql`UPDATE workplaces SET mis_schedule = true WHERE id = ANY(${`{${toMis.join(',')}}`}::int[])`,
          );
        }
        if (gained.length) {
          await jobs.enqueue(
            tx,
            gained.map((workplaceId) => ({
              kind: WAITLIST_JOBS.opened,
              runAt: clock.now(),
              payload: { workplaceId },
            })),
          );
        }
        return reply;
      });
    },

    /**
     * The clinic's appointments written since the cursor, in the order of the transactions that
     * wrote them. Only rows of transactions older than every one still running are read (the
     * snapshot's xmin): a transaction that began earlier but commits later cannot slip behind a
     * cursor already past it. Holds (a form being filled) are not appointments and are left out.
     */
    async appointments(client: MisClient, query: { since?: string; limit: number }): Promise<MisFeed> {
      const cursor = query.since === undefined ? FEED_START : parseCursor(query.since);
      if (!cursor) throw badRequest(MIS_TEXTS.badCursor);
      const rows = rowsOf<{
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
        patientName: string;
        patientPhone: string;
        birthDate: string | null;
        price: number | null;
        prepaid: number | null;
        confirmed: boolean;
        canceledBy: 'patient' | 'clinic' | null;
        cancelReason: string | null;
        createdAt: string;
      }>(
        await db.execute(sql`
          SELECT a.id, a.change_xid::text AS xid, a.status, a.doctor_id AS "doctorId", w.mis_id AS "doctorMisId",
                 a.clinic_service_id AS "serviceId", cs.mis_service_id AS "serviceMisId",
                 (SELECT x.mis_id FROM explicit_slots x
                   WHERE x.workplace_id = a.workplace_id AND x.visit_type = a.visit_type
                     AND x.starts_at = lower(a.during) LIMIT 1) AS "slotMisId",
                 a.visit_type AS "visitType", lower(a.during) AS "startsAt", upper(a.during) AS "endsAt",
                 a.patient_name AS "patientName", a.patient_phone AS "patientPhone",
                 a.patient_birth_date::text AS "birthDate", a.price, a.prepaid_amount AS prepaid,
                 a.confirmed_at IS NOT NULL AS confirmed, a.canceled_by AS "canceledBy",
                 a.cancel_reason AS "cancelReason", a.created_at AS "createdAt"
          FROM appointments a
          LEFT JOIN workplaces w ON w.id = a.workplace_id
          LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id
          WHERE a.clinic_id = ${client.clinicId}
            AND (a.change_xid, a.id) > (${cursor.xid}::bigint, ${cursor.id}::int)
            AND a.change_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
            AND a.status <> 'held'
          ORDER BY a.change_xid, a.id
          LIMIT ${query.limit + 1}`),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        appointments: page.map(
          (r): MisAppointment => ({
            id: r.id,
            status: r.status === 'active' ? 'booked' : r.status,
            doctor_id: r.doctorId,
            doctor_mis_id: r.doctorMisId,
            service_id: r.serviceId,
            service_mis_id: r.serviceMisId,
            slot_mis_id: r.slotMisId,
            visit_type: r.visitType,
            starts_at: iso(r.startsAt),
            ends_at: iso(r.endsAt),
            patient: { name: r.patientName, phone: r.patientPhone, birth_date: r.birthDate },
            price: r.price,
            prepaid: r.prepaid === null ? null : Math.round(r.prepaid / 100),
            confirmed: r.confirmed,
            canceled_by: r.canceledBy,
            cancel_reason: r.cancelReason,
            created_at: iso(r.createdAt),
          }),
        ),
        next_cursor: formatCursor(last ? { xid: Number(last.xid), id: last.id } : cursor),
        has_more: rows.length > query.limit,
      };
    },

    /** The clinic's keys, for its cabinet. */
    async keys(viewer: SessionViewer): Promise<MisKeys> {
      const { clinicId } = cabinetClinic(viewer);
      const { tz } = await clinicOf(db, clinicId);
      return { keys: (await listKeys(db, clinicId)).map(keyOf), limit: MIS_KEYS_LIMIT, tz };
    },

    /** A new key; its text is in this reply only. The clinic row is locked: two presses never pass the limit. */
    async createKey(viewer: SessionViewer): Promise<MisKeyCreated> {
      const { clinicId, userId } = cabinetClinic(viewer);
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM clinics WHERE id = ${clinicId} FOR UPDATE`);
        const active = (await listKeys(tx, clinicId)).filter((k) => k.revokedAt === null);
        if (active.length >= MIS_KEYS_LIMIT) throw conflict('too_many_keys', MIS_KEY_TEXTS.tooManyKeys);
        const { prefix, secret } = newKey();
        const now = clock.now();
        const [row] = rowsOf<KeyRow>(
          await tx.execute(sql`
            INSERT INTO mis_api_keys (clinic_id, prefix, key_hash, created_by, created_at)
            VALUES (${clinicId}, ${prefix}, ${sha256(secret)}, ${userId}, ${now.toISOString()}::timestamptz)
            RETURNING id, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`),
        );
        await tx.insert(cabinetAudit).values({
          userId,
          action: 'mis_key.created',
          targetType: 'mis_api_keys',
          targetId: row.id,
          before: null,
          after: { prefix },
          at: now,
        });
        return { key: keyOf(row), secret };
      });
    },

    /** Revokes a key of the clinic's: calls with it are refused from this moment. */
    async revokeKey(viewer: SessionViewer, id: number): Promise<MisKey> {
      const { clinicId, userId } = cabinetClinic(viewer);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = rowsOf<KeyRow>(
          await tx.execute(sql`
            SELECT id, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
            FROM mis_api_keys WHERE id = ${id} AND clinic_id = ${clinicId} FOR UPDATE`),
        );
        if (!row) throw notFound(MIS_KEY_TEXTS.keyNotFound);
        if (row.revokedAt !== null) throw conflict('already_revoked', MIS_KEY_TEXTS.alreadyRevoked);
        await tx.execute(
          sql`UPDATE mis_api_keys SET revoked_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
        );
        await tx.insert(cabinetAudit).values({
          userId,
          action: 'mis_key.revoked',
          targetType: 'mis_api_keys',
          targetId: id,
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString() },
          at: now,
        });
        return keyOf({ ...row, revokedAt: now.toISOString() });
      });
    },
  };
}

/** A PostgreSQL array literal of texts (null elements as NULL), for unnest. */
function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

export { MIS_LIMITS };
