import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { INVITE_LOOKBACK_MS } from '../../../../core/reviews/invitation';
import type { Db, DbTx } from '../../../db/client';

/** Only the link's hash is kept: SHA-256, hex. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A visit over by now that has no invitation yet, as the sweep reads it. */
export interface EndedVisitRow {
  id: number;
  status: 'active' | 'done';
  endsAt: Date;
  tz: string;
}

/** An invitation as its link finds it, with its visit's state and subject. */
export interface InvitationRow {
  appointmentId: number;
  userId: number;
  expiresAt: Date | null;
  usedAt: Date | null;
  visitStatus: string;
  doctorId: number | null;
  clinicId: number;
  /** The review's subject: the doctor of the visit, or its clinic for a clinic's service. */
  kind: 'doctor' | 'lpu';
  subjectId: number;
  /** 'YYYY-MM' of the visit in Moscow's calendar (the form's month, as a review's visit month). */
  visitMonth: string;
  deletingSince: Date | null;
}

/** SQL of the review invitations (service.ts). */
export function createInvitationsRepo(db: Db) {
  return {
    /**
     * Visits booked on the site by a patient's account whose time has come to an end by `now`
     * (within the look-back and a day for the visit's length), with no invitation yet: the
     * unmarked ones through appointments_reminders, the attended ones through appointments_attended.
     */
    async endedVisits(tx: DbTx, now: Date): Promise<EndedVisitRow[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const from = sql`${new Date(now.getTime() - INVITE_LOOKBACK_MS - 86_400_000).toISOString()}::timestamptz`;
      const ended = (status: 'active' | 'done') => sql`
        SELECT a.id, a.status, upper(a.during) AS "endsAt", t.tz
        FROM appointments a
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        WHERE a.status = ${status} AND a.remind_from IS NOT NULL
          AND lower(a.during) > ${from} AND lower(a.during) <= ${at}
          AND upper(a.during) <= ${at} AND a.user_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM review_invitations i WHERE i.appointment_id = a.id)`;
      const { rows } = await tx.execute<{
        id: number;
        status: 'active' | 'done';
        endsAt: string;
        tz: string;
      }>(sql`${ended('active')} UNION ALL ${ended('done')}`);
      return rows.map((r) => ({ ...r, id: Number(r.id), endsAt: new Date(r.endsAt) }));
    },

    /**
     * Claims the invitations of these visits, one row per visit: the primary key refuses a second
     * (two sweeps at once, a retry). Returns the visits this call claimed.
     */
    async claim(tx: DbTx, ids: number[], now: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO review_invitations (appointment_id, user_id, created_at)
        SELECT a.id, a.user_id, ${now.toISOString()}::timestamptz
        FROM appointments a
        WHERE a.id = ANY(${`{${ids.join(',')}}`}::int[]) AND a.user_id IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING appointment_id AS id`);
      return rows.map((r) => Number(r.id));
    },

    /** The visit's state and the patient's review of it (of its doctor or clinic, that month), if any. */
    async visitOf(appointmentId: number): Promise<{
      status: string;
      userId: number;
      reviewed: boolean;
      sentAt: Date | null;
      skipped: string | null;
    } | null> {
      const { rows } = await db.execute<{
        status: string;
        userId: number;
        reviewed: boolean;
        sentAt: string | null;
        skipped: string | null;
      }>(sql`
        SELECT a.status, i.user_id AS "userId", i.sent_at AS "sentAt", i.skipped,
               EXISTS (
                 SELECT 1 FROM reviews r
                 WHERE r.user_id = i.user_id AND r.status <> 'deleted'
                   AND (r.appointment_id = a.id OR (
                     r.visit_month = date_trunc('month', lower(a.during) AT TIME ZONE 'Europe/Moscow')::date
                     AND CASE WHEN a.clinic_service_id IS NULL AND a.doctor_id IS NOT NULL
                              THEN r.doctor_id = a.doctor_id
                              ELSE r.doctor_id IS NULL AND r.clinic_id = a.clinic_id END))
               ) AS reviewed
        FROM review_invitations i JOIN appointments a ON a.id = i.appointment_id
        WHERE i.appointment_id = ${appointmentId}`);
      const r = rows[0];
      return r ? { ...r, sentAt: r.sentAt ? new Date(r.sentAt) : null } : null;
    },

    /** What the SMS says: the patient's phone, the visit's day in the clinic's zone, the doctor or the service. */
    async smsOf(appointmentId: number): Promise<{
      phone: string;
      startsAt: string;
      tz: string;
      doctorName: string | null;
      serviceName: string | null;
    } | null> {
      const { rows } = await db.execute<{
        phone: string;
        startsAt: string;
        tz: string;
        doctorName: string | null;
        serviceName: string | null;
      }>(sql`
        SELECT a.patient_phone AS phone, lower(a.during) AS "startsAt", t.tz,
               CASE WHEN a.clinic_service_id IS NULL THEN
                 (SELECT trim(d.last_name || ' ' || d.first_name || coalesce(' ' || d.patronymic, ''))
                  FROM doctors d WHERE d.id = a.doctor_id) END AS "doctorName",
               (SELECT cs.name FROM clinic_services cs WHERE cs.id = a.clinic_service_id) AS "serviceName"
        FROM appointments a JOIN clinics c ON c.id = a.clinic_id JOIN towns t ON t.id = c.town_id
        WHERE a.id = ${appointmentId}`);
      return rows[0] ?? null;
    },

    /** No SMS for this visit, and why. */
    async skip(appointmentId: number, why: 'visit' | 'reviewed' | 'no_phone') {
      await db.execute(sql`
        UPDATE review_invitations SET skipped = ${why}
        WHERE appointment_id = ${appointmentId} AND sent_at IS NULL`);
    },

    /**
     * The link's new token (its hash), before the SMS goes: a send retried after a failure gets a
     * new link, and the one that failed opens nothing.
     */
    async arm(appointmentId: number, hash: string, now: Date, expiresAt: Date) {
      await db.execute(sql`
        UPDATE review_invitations
        SET token_hash = ${hash}, sent_at = ${now.toISOString()}::timestamptz,
            expires_at = ${expiresAt.toISOString()}::timestamptz
        WHERE appointment_id = ${appointmentId} AND used_at IS NULL`);
    },

    /** The invitation a link's hash names, with its visit, or null. */
    async byHash(hash: string): Promise<InvitationRow | null> {
      const { rows } = await db.execute<
        Omit<InvitationRow, 'expiresAt' | 'usedAt' | 'deletingSince'> & {
          expiresAt: string | null;
          usedAt: string | null;
          deletingSince: string | null;
        }
      >(sql`
        SELECT i.appointment_id AS "appointmentId", i.user_id AS "userId",
               i.expires_at AS "expiresAt", i.used_at AS "usedAt",
               a.status AS "visitStatus", a.doctor_id AS "doctorId", a.clinic_id AS "clinicId",
               CASE WHEN a.clinic_service_id IS NULL AND a.doctor_id IS NOT NULL THEN 'doctor' ELSE 'lpu' END AS kind,
               CASE WHEN a.clinic_service_id IS NULL AND a.doctor_id IS NOT NULL THEN a.doctor_id ELSE a.clinic_id END AS "subjectId",
               to_char(lower(a.during) AT TIME ZONE 'Europe/Moscow', 'YYYY-MM') AS "visitMonth",
               u.deleting_since AS "deletingSince"
        FROM review_invitations i
        JOIN appointments a ON a.id = i.appointment_id
        JOIN users u ON u.id = i.user_id
        WHERE i.token_hash = ${hash}`);
      const r = rows[0];
      if (!r) return null;
      const date = (v: string | null) => (v ? new Date(v) : null);
      return {
        ...r,
        appointmentId: Number(r.appointmentId),
        subjectId: Number(r.subjectId),
        expiresAt: date(r.expiresAt),
        usedAt: date(r.usedAt),
        deletingSince: date(r.deletingSince),
      };
    },
  };
}
