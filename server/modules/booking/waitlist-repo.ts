import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { VisitType } from '../../../core/booking/urls';
import type { DayPart } from '../../../core/schedule/slot-filters';
import type { Db, DbTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { waitlistOffers, waitlistRequests } from '../../db/schema/booking';

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/** A workplace's doctor and clinic, and the clinic's zone. */
export async function workplacePlace(
  db: Db | DbTx,
  workplaceId: number,
): Promise<{ doctorId: number; clinicId: number; tz: string } | undefined> {
  const [place] = rowsOf<{ doctorId: number; clinicId: number; tz: string }>(
    await db.execute(sql`
      SELECT w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", t.tz
      FROM workplaces w JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
      WHERE w.id = ${workplaceId}`),
  );
  return place;
}

/**
 * Picks and marks (last_offered_at) the first `limit` open requests a freed time fits, their rows
 * locked: see offerFreedTime.
 */
export async function pickRequestsToOffer(
  tx: Db | DbTx,
  p: {
    doctorId: number;
    clinicId: number;
    visitType: VisitType;
    day: string;
    part: DayPart;
    startsAt: Date;
    freedBy: number | null;
    quietSince: Date;
    now: Date;
    limit: number;
  },
): Promise<{ id: number }[]> {
  const quietSince = p.quietSince.toISOString();
  const startsAt = p.startsAt.toISOString();
  return rowsOf<{ id: number }>(
    await tx.execute(sql`
      UPDATE waitlist_requests SET last_offered_at = ${p.now.toISOString()}::timestamptz
      WHERE id IN (
        SELECT r.id FROM waitlist_requests r
        WHERE r.status = 'active' AND r.doctor_id = ${p.doctorId}
          AND (r.clinic_id IS NULL OR r.clinic_id = ${p.clinicId})
          AND r.visit_type = ${p.visitType}
          AND r.date_from <= ${p.day}::date AND r.date_to >= ${p.day}::date
          AND ${p.part} = ANY (r.times)
          AND (r.last_offered_at IS NULL OR r.last_offered_at <= ${quietSince}::timestamptz)
          AND r.user_id IS DISTINCT FROM ${p.freedBy}
          AND (r.appointment_id IS NULL OR EXISTS (
            SELECT 1 FROM appointments a
            WHERE a.id = r.appointment_id AND a.status = 'active' AND lower(a.during) > ${startsAt}::timestamptz))
        ORDER BY r.created_at, r.id
        LIMIT ${p.limit}
        FOR UPDATE SKIP LOCKED)
      -- Checked again on the locked row: a time freed at the same moment told them already.
      AND (last_offered_at IS NULL OR last_offered_at <= ${quietSince}::timestamptz)
      RETURNING id`),
  );
}

/** One offer per picked request, each with its own link's token. */
export async function insertOffers(
  tx: Db | DbTx,
  requestIds: number[],
  time: { workplaceId: number; startsAt: Date; endsAt: Date },
  now: Date,
  expiresAt: Date,
): Promise<{ id: number }[]> {
  return tx
    .insert(waitlistOffers)
    .values(
      requestIds.map((requestId) => ({
        requestId,
        workplaceId: time.workplaceId,
        startsAt: time.startsAt,
        endsAt: time.endsAt,
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
        expiresAt,
      })),
    )
    .returning({ id: waitlistOffers.id });
}

/** What the waitlist needs of an appointment whose time was freed. */
export async function appointmentTime(tx: Db | DbTx, appointmentId: number) {
  const [a] = rowsOf<{
    workplaceId: number | null;
    visitType: VisitType;
    userId: number | null;
    startsAt: string | Date;
    endsAt: string | Date;
  }>(
    await tx.execute(sql`
      SELECT workplace_id AS "workplaceId", visit_type AS "visitType", user_id AS "userId",
             lower(during) AS "startsAt", upper(during) AS "endsAt"
      FROM appointments WHERE id = ${appointmentId}`),
  );
  return a;
}

/** Ends the patient's open request for the doctor. */
export async function endRequestOfDoctor(tx: DbTx, userId: number, doctorId: number, now: Date) {
  // Named: every booking runs it, and its text parsed and planned each time cost PostgreSQL more
  // than its run.
  await executeNamed(
    tx,
    'waitlist_settle',
    sql`UPDATE waitlist_requests SET status = 'done', ended_at = ${now.toISOString()}::timestamptz
        WHERE user_id = ${userId}::int AND doctor_id = ${doctorId}::int AND status = 'active'`,
  );
}

/** An offer with what its page, its SMS and its claim need. */
export interface OfferRow {
  offerId: number;
  requestId: number;
  userId: number;
  phone: string;
  status: string;
  appointmentId: number | null;
  appointmentToken: string | null;
  doctorId: number;
  clinicId: number;
  visitType: VisitType;
  startsAt: string | Date;
  expiresAt: string | Date;
  doctorName: string;
  doctorUrl: string;
  clinicName: string;
  address: string;
  tz: string;
}

const offerQuery = (where: SQL) => sql`
  SELECT o.id AS "offerId", r.id AS "requestId", r.user_id AS "userId", r.phone, r.status,
         r.appointment_id AS "appointmentId", a.cancel_token AS "appointmentToken",
         w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", r.visit_type AS "visitType",
         o.starts_at AS "startsAt", o.expires_at AS "expiresAt",
         trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS "doctorName",
         '/' || td.slug || '/vrach/' || d.id || '-' || d.slug || '/' AS "doctorUrl",
         c.name AS "clinicName", c.street || ', ' || c.house AS address, t.tz
  FROM waitlist_offers o
  JOIN waitlist_requests r ON r.id = o.request_id
  JOIN workplaces w ON w.id = o.workplace_id
  JOIN doctors d ON d.id = w.doctor_id
  JOIN towns td ON td.id = d.town_id
  JOIN clinics c ON c.id = w.clinic_id
  JOIN towns t ON t.id = c.town_id
  LEFT JOIN appointments a ON a.id = r.appointment_id
  WHERE ${where}`;

export async function offerByToken(db: Db, token: string): Promise<OfferRow | null> {
  const [row] = rowsOf<OfferRow>(await db.execute(offerQuery(sql`o.token = ${token}`)));
  return row ?? null;
}

/** An offer for its SMS, with its link's token and whether its time is taken (booked or held by another) at `now`. */
export async function offerToSend(db: Db, offerId: number, now: Date) {
  const [o] = rowsOf<OfferRow & { token: string; taken: boolean }>(
    await db.execute(sql`
      SELECT q.*, o2.token, EXISTS (
        SELECT 1 FROM appointments x
        WHERE x.doctor_id = q."doctorId"
          AND x.during && tstzrange(o2.starts_at, o2.ends_at)
          AND (x.status = 'active' OR (x.status = 'held' AND x.hold_expires_at > ${now.toISOString()}::timestamptz
                                        AND x.user_id <> q."userId"))
      ) AS taken
      FROM (${offerQuery(sql`o.id = ${offerId}`)}) q JOIN waitlist_offers o2 ON o2.id = q."offerId"`),
  );
  return o;
}

export async function markOfferClaimed(db: Db, offerId: number, now: Date) {
  await db.update(waitlistOffers).set({ claimedAt: now }).where(eq(waitlistOffers.id, offerId));
}

/** Inserts the patient's open request for the doctor, or changes it. */
export async function saveRequest(
  db: Db,
  key: { userId: number; doctorId: number; createdAt: Date },
  values: {
    phone: string;
    clinicId: number | null;
    visitType: VisitType;
    dateFrom: string;
    dateTo: string;
    times: DayPart[];
    appointmentId: number | null;
  },
): Promise<{ id: number }> {
  const [saved] = await db
    .insert(waitlistRequests)
    .values({ ...values, ...key })
    .onConflictDoUpdate({
      target: [waitlistRequests.userId, waitlistRequests.doctorId],
      targetWhere: sql`status = 'active'`,
      set: values,
    })
    .returning({ id: waitlistRequests.id });
  return saved;
}

export async function isRequestOf(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: waitlistRequests.id })
    .from(waitlistRequests)
    .where(and(eq(waitlistRequests.id, id), eq(waitlistRequests.userId, userId)));
  return rows.length > 0;
}

export async function stopRequest(db: Db, id: number, now: Date) {
  await db
    .update(waitlistRequests)
    .set({ status: 'stopped', endedAt: now })
    .where(and(eq(waitlistRequests.id, id), eq(waitlistRequests.status, 'active')));
}

/** The patient's open requests, newest first, at most 50. */
export async function openRequestsOf(db: Db, userId: number) {
  return rowsOf<{
    id: number;
    doctorName: string;
    doctorUrl: string;
    clinicName: string | null;
    dateFrom: string | Date;
    dateTo: string | Date;
    times: DayPart[];
    before: string | Date | null;
    tz: string;
  }>(
    await db.execute(sql`
      SELECT r.id, r.times, r.date_from::text AS "dateFrom", r.date_to::text AS "dateTo",
             trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS "doctorName",
             '/' || td.slug || '/vrach/' || d.id || '-' || d.slug || '/' AS "doctorUrl",
             c.name AS "clinicName", lower(a.during) AS before, coalesce(t.tz, td.tz) AS tz
      FROM waitlist_requests r
      JOIN doctors d ON d.id = r.doctor_id
      JOIN towns td ON td.id = d.town_id
      LEFT JOIN clinics c ON c.id = r.clinic_id
      LEFT JOIN towns t ON t.id = c.town_id
      LEFT JOIN appointments a ON a.id = r.appointment_id
      WHERE r.user_id = ${userId} AND r.status = 'active'
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 50`),
  );
}

/** The visit types the doctor's open requests ask for. */
export async function waitedVisitTypes(db: Db, doctorId: number): Promise<{ visitType: VisitType }[]> {
  return rowsOf<{ visitType: VisitType }>(
    await db.execute(sql`
      SELECT DISTINCT visit_type AS "visitType" FROM waitlist_requests
      WHERE doctor_id = ${doctorId} AND status = 'active'`),
  );
}

/** Ends the requests whose last day is before `yesterday` or whose visit is no longer ahead. */
export async function expireRequests(db: Db, yesterday: string, now: Date) {
  await db.execute(sql`
    UPDATE waitlist_requests r SET status = 'expired', ended_at = ${now.toISOString()}::timestamptz
    WHERE r.status = 'active' AND (r.date_to < ${yesterday}::date OR (r.appointment_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM appointments a
      WHERE a.id = r.appointment_id AND a.status = 'active' AND lower(a.during) > ${now.toISOString()}::timestamptz)))`);
}

export async function deleteOffersExpiredBefore(db: Db, before: Date) {
  await db.execute(sql`DELETE FROM waitlist_offers WHERE expires_at < ${before.toISOString()}::timestamptz`);
}
