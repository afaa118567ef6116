import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DAY_PART_LABELS } from '../../../core/booking/callback';
import type {
  MyWait,
  OfferClaimed,
  WaitlistBody,
  WaitlistOfferPage,
  WaitlistSaved,
  WaitlistStopped,
} from '../../../core/booking/contracts';
import { doctorAppointmentUrl, rescheduleUrl, slotParam, type VisitType } from '../../../core/booking/urls';
import { formatVisitTime } from '../../../core/booking/visit';
import {
  dayPartOf,
  OFFER_TTL_MS,
  offerExpiry,
  WAITLIST_FANOUT,
  WAITLIST_QUIET_MS,
  WAITLIST_TEXTS,
  waitDatesProblem,
  waitlistOfferUrl,
  waitlistSms,
} from '../../../core/booking/waitlist';
import { formatDayShort, zonedDay } from '../../../core/dates/zoned';
import { addDays, wallClock, zonedInstant } from '../../../core/schedule/free-slots';
import { SCHEDULE_DAYS } from '../../../core/schedule/limits';
import { DAY_PARTS, type DayPart } from '../../../core/schedule/slot-filters';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { waitlistOffers, waitlistRequests } from '../../db/schema/booking';
import { sentMessages } from '../../db/schema/jobs';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Job, JobHandler, JobSender, NewJob } from '../../jobs/queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { SessionViewer } from '../auth/viewer';
import type { ScheduleService } from '../schedule/service';
import { holdFor } from './holds';
import { requirePatient } from './patient';
import type { PlacingDeps } from './spots';

/** The waitlist's jobs (server/jobs/kinds.ts). */
export const WAITLIST_JOBS = {
  /** One patient's SMS of a freed time. */
  offer: 'waitlist.offer',
  /** A clinic opened days again (a day off removed): their free times go to the waitlist. */
  opened: 'waitlist.opened',
  /** Hourly: requests whose days have passed, or whose visit is over, end. */
  cleanUp: 'waitlist.clean-up',
} as const;

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/** A freed time of a doctor at a workplace: a cancelled visit's, a moved visit's old one, a reopened day's. */
export interface FreedTime {
  workplaceId: number;
  startsAt: Date;
  endsAt: Date;
  visitType: VisitType;
  /** Who let it go: never offered their own time back. */
  freedBy: number | null;
}

/**
 * Tells the waitlist of a freed time, inside the transaction that freed it (so the messages
 * exist exactly when the time is free): the first WAITLIST_FANOUT open requests that fit it (the
 * doctor, the clinic or any, the visit type, the days and parts of them, before the patient's
 * current visit), first asked first, each told at most once a day per doctor. Each gets an offer
 * with its own link and an SMS job. One UPDATE picks and marks them, its rows locked: two times
 * freed at once never tell one patient twice. Returns the offers made.
 */
export async function offerFreedTime(
  tx: DbTx | Db,
  jobs: JobSender,
  freed: FreedTime,
  now: Date,
): Promise<number[]> {
  if (freed.startsAt.getTime() <= now.getTime()) return [];
  const [place] = rowsOf<{ doctorId: number; clinicId: number; tz: string }>(
    await tx.execute(sql`
      SELECT w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", t.tz
      FROM workplaces w JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
      WHERE w.id = ${freed.workplaceId}`),
  );
  if (!place) return [];
  const { day, time } = wallClock(freed.startsAt, place.tz);
  const part = dayPartOf(time);
  if (!part) return [];
  const quietSince = new Date(now.getTime() - WAITLIST_QUIET_MS).toISOString();
  const startsAt = freed.startsAt.toISOString();
  const picked = rowsOf<{ id: number }>(
    await tx.execute(sql`
      UPDATE waitlist_requests SET last_offered_at = ${now.toISOString()}::timestamptz
      WHERE id IN (
        SELECT r.id FROM waitlist_requests r
        WHERE r.status = 'active' AND r.doctor_id = ${place.doctorId}
          AND (r.clinic_id IS NULL OR r.clinic_id = ${place.clinicId})
          AND r.visit_type = ${freed.visitType}
          AND r.date_from <= ${day}::date AND r.date_to >= ${day}::date
          AND ${part} = ANY (r.times)
          AND (r.last_offered_at IS NULL OR r.last_offered_at <= ${quietSince}::timestamptz)
          AND r.user_id IS DISTINCT FROM ${freed.freedBy}
          AND (r.appointment_id IS NULL OR EXISTS (
            SELECT 1 FROM appointments a
            WHERE a.id = r.appointment_id AND a.status = 'active' AND lower(a.during) > ${startsAt}::timestamptz))
        ORDER BY r.created_at, r.id
        LIMIT ${WAITLIST_FANOUT}
        FOR UPDATE SKIP LOCKED)
      -- Checked again on the locked row: a time freed at the same moment told them already.
      AND (last_offered_at IS NULL OR last_offered_at <= ${quietSince}::timestamptz)
      RETURNING id`),
  );
  if (picked.length === 0) return [];
  const expiresAt = offerExpiry(now, freed.startsAt);
  const offers = await tx
    .insert(waitlistOffers)
    .values(
      picked.map((r) => ({
        requestId: r.id,
        workplaceId: freed.workplaceId,
        startsAt: freed.startsAt,
        endsAt: freed.endsAt,
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
        expiresAt,
      })),
    )
    .returning({ id: waitlistOffers.id });
  const sms: NewJob[] = offers.map((o) => ({
    kind: WAITLIST_JOBS.offer,
    runAt: now,
    payload: { offerId: o.id },
  }));
  await jobs.enqueue(tx as DbTx, sms);
  return offers.map((o) => o.id);
}

/**
 * The time an appointment had (or, given `was`, had before it moved), offered to the waitlist
 * when it was a doctor's visit. Called in the transaction that cancelled or moved it.
 */
export async function offerVisitTime(
  tx: DbTx,
  jobs: JobSender,
  appointmentId: number,
  now: Date,
  was?: { startsAt: Date; endsAt: Date },
): Promise<number[]> {
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
  if (!a || a.workplaceId === null) return [];
  return offerFreedTime(
    tx,
    jobs,
    {
      workplaceId: a.workplaceId,
      visitType: a.visitType,
      freedBy: a.userId,
      startsAt: was?.startsAt ?? new Date(a.startsAt),
      endsAt: was?.endsAt ?? new Date(a.endsAt),
    },
    now,
  );
}

/** A booking of the doctor by the patient ends their open request (it was for a time with him). */
export async function settleWaitlist(tx: DbTx, userId: number, doctorId: number | null, now: Date) {
  if (doctorId === null) return;
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
interface OfferRow {
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

const offerQuery = (where: ReturnType<typeof sql>) => sql`
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

/** The waitlist's calls: joining, stopping, the patient's open requests, an SMS link's page and its claim. */
export function createWaitlist(deps: PlacingDeps) {
  const { db, clock, repo } = deps;

  async function offerByToken(token: string): Promise<OfferRow | null> {
    const [row] = rowsOf<OfferRow>(await db.execute(offerQuery(sql`o.token = ${token}`)));
    return row ?? null;
  }

  /** Whether an offer's link still works now: its request open, not expired, the time ahead. */
  const isOpen = (o: OfferRow, now: Date) =>
    o.status === 'active' &&
    new Date(o.expiresAt).getTime() > now.getTime() &&
    new Date(o.startsAt).getTime() > now.getTime();

  return {
    /**
     * A patient asks to be told of a freed time of a doctor: at this clinic (or, with
     * `any_clinic`, any of his), on days from the clinic's today up to WAITLIST_MAX_DAYS, in parts
     * of them; with `appointment_id` (their visit with him here), only earlier times. A repeat
     * changes the patient's open request for the doctor.
     */
    async joinWaitlist(viewer: SessionViewer, body: WaitlistBody): Promise<WaitlistSaved> {
      const userId = requirePatient(viewer);
      const target = await repo.target(body.doctor_id, body.lpu_id, body.type);
      if (!target) throw notFound(WAITLIST_TEXTS.notFound);
      const now = clock.now();
      const problem = waitDatesProblem(body.date_from, body.date_to, zonedDay(now, target.tz).date);
      if (problem) throw badRequest(problem, { errors: { date_from: problem } });
      let appointmentId: number | null = null;
      if (body.appointment_id !== undefined) {
        const a = await repo.byId(body.appointment_id);
        const mine =
          a?.userId === userId &&
          a.status === 'active' &&
          a.doctorId === target.doctorId &&
          a.clinicId === target.clinicId &&
          new Date(a.startsAt).getTime() > now.getTime();
        if (!mine) throw conflict('appointment_gone', WAITLIST_TEXTS.appointment);
        appointmentId = a.id;
      }
      // A visit is moved within its clinic only.
      const anyClinic = body.any_clinic && appointmentId === null;
      const times = DAY_PARTS.filter((p) => body.times.includes(p));
      const values = {
        phone: viewer.userPhone,
        clinicId: anyClinic ? null : target.clinicId,
        visitType: body.type,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        times,
        appointmentId,
      };
      const [saved] = await db
        .insert(waitlistRequests)
        .values({ ...values, userId, doctorId: target.doctorId, createdAt: now })
        .onConflictDoUpdate({
          target: [waitlistRequests.userId, waitlistRequests.doctorId],
          targetWhere: sql`status = 'active'`,
          set: values,
        })
        .returning({ id: waitlistRequests.id });
      return {
        id: saved.id,
        date_from: body.date_from,
        date_to: body.date_to,
        times,
        any_clinic: anyClinic,
      };
    },

    /** 'Больше не присылать': the request's patient, or whoever holds one of its SMS links. */
    async stopWaitlist(viewer: SessionViewer, id: number, token: string | null): Promise<WaitlistStopped> {
      const offer = token ? await offerByToken(token) : null;
      const allowed =
        offer?.requestId === id ||
        (viewer.userId !== null &&
          (
            await db
              .select({ id: waitlistRequests.id })
              .from(waitlistRequests)
              .where(and(eq(waitlistRequests.id, id), eq(waitlistRequests.userId, viewer.userId)))
          ).length > 0);
      if (!allowed) throw notFound(WAITLIST_TEXTS.offerUnknown);
      await db
        .update(waitlistRequests)
        .set({ status: 'stopped', endedAt: clock.now() })
        .where(and(eq(waitlistRequests.id, id), eq(waitlistRequests.status, 'active')));
      return { status: 'stopped' };
    },

    /** The patient's open requests, newest first ('Мои записи'). */
    async myWaitlist(viewer: SessionViewer): Promise<MyWait[]> {
      if (viewer.userId === null) return [];
      const rows = rowsOf<{
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
          WHERE r.user_id = ${viewer.userId} AND r.status = 'active'
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT 50`),
      );
      return rows.map((r) => ({
        id: r.id,
        doctorName: r.doctorName,
        doctorUrl: r.doctorUrl,
        clinicName: r.clinicName,
        window: [
          `с ${formatDayShort(String(r.dateFrom))} по ${formatDayShort(String(r.dateTo))}`,
          ...DAY_PARTS.filter((p) => r.times.includes(p)).map((p) => DAY_PART_LABELS[p].toLowerCase()),
        ].join(', '),
        before: r.before === null ? null : `раньше ${formatVisitTime(r.before, r.tz)}`,
      }));
    },

    /** The SMS link's page, or null for an unknown link. */
    async waitlistOffer(token: string): Promise<WaitlistOfferPage | null> {
      const o = await offerByToken(token);
      if (!o) return null;
      const now = clock.now();
      return {
        token,
        requestId: o.requestId,
        open: isOpen(o, now),
        stopped: o.status === 'stopped',
        moving: o.appointmentId !== null,
        doctorName: o.doctorName,
        doctorUrl: o.doctorUrl,
        clinicName: o.clinicName,
        address: o.address,
        when: formatVisitTime(o.startsAt, o.tz),
        otherTimesUrl: doctorAppointmentUrl({
          doctorId: o.doctorId,
          lpuId: o.clinicId,
          type: o.visitType,
          source: 'waitlist',
        }),
      };
    },

    /**
     * The SMS link's holder takes the time: it is held for the request's patient (HOLD_MS) while
     * the booking form is filled (or the visit is moved). The first of the patients told to come
     * gets it; the others are refused like a booking ('Это время уже заняли', nearest times).
     */
    async claimOffer(token: string): Promise<OfferClaimed> {
      const o = await offerByToken(token);
      if (!o) throw notFound(WAITLIST_TEXTS.offerUnknown);
      const now = clock.now();
      if (!isOpen(o, now)) throw conflict('offer_gone', WAITLIST_TEXTS.offerGone);
      const { day, time } = wallClock(new Date(o.startsAt), o.tz);
      const slot = slotParam(day, time);
      const held = await holdFor(deps, o.userId, o.phone, {
        doctor_id: o.doctorId,
        lpu_id: o.clinicId,
        slot,
        type: o.visitType,
      });
      await db.update(waitlistOffers).set({ claimedAt: now }).where(eq(waitlistOffers.id, o.offerId));
      const url =
        o.appointmentId === null
          ? doctorAppointmentUrl({
              doctorId: o.doctorId,
              lpuId: o.clinicId,
              day,
              time,
              type: o.visitType,
              source: 'waitlist',
            })
          : `${rescheduleUrl({
              id: o.appointmentId,
              doctorId: o.doctorId,
              clinicId: o.clinicId,
              visitType: o.visitType,
              token: o.appointmentToken,
            })}&${new URLSearchParams({ slot })}`;
      return { ...held, url };
    },
  };
}

/**
 * The waitlist's jobs: the SMS of an offer (sent once; not when the time is taken, the request
 * stopped or the link expired by then), a reopened day's free times offered, and the hourly end
 * of requests whose days or visit have passed.
 */
export function createWaitlistHandlers({
  db,
  clock,
  sms,
  jobs,
  schedule,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
  jobs: JobSender;
  schedule: ScheduleService;
  publicOrigin: string;
}): Record<(typeof WAITLIST_JOBS)[keyof typeof WAITLIST_JOBS], JobHandler> {
  const idOf = (job: Job, key: string): number => {
    const id = (job.payload as Record<string, unknown> | null)?.[key];
    if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without ${key}`);
    return id;
  };

  return {
    async [WAITLIST_JOBS.offer](job) {
      if (!sms) return;
      const offerId = idOf(job, 'offerId');
      const key = `${job.kind}:${offerId}`;
      const [o] = rowsOf<OfferRow & { token: string; taken: boolean }>(
        await db.execute(sql`
          SELECT q.*, o2.token, EXISTS (
            SELECT 1 FROM appointments x
            WHERE x.doctor_id = q."doctorId"
              AND x.during && tstzrange(o2.starts_at, o2.ends_at)
              AND (x.status = 'active' OR (x.status = 'held' AND x.hold_expires_at > ${clock.now().toISOString()}::timestamptz
                                            AND x.user_id <> q."userId"))
          ) AS taken
          FROM (${offerQuery(sql`o.id = ${offerId}`)}) q JOIN waitlist_offers o2 ON o2.id = q."offerId"`),
      );
      const now = clock.now();
      if (!o || o.taken || o.status !== 'active') return;
      if (new Date(o.expiresAt).getTime() <= now.getTime()) return;
      const [sent] = await db
        .select({ key: sentMessages.key })
        .from(sentMessages)
        .where(eq(sentMessages.key, key));
      if (sent) return;
      const { day, time } = wallClock(new Date(o.startsAt), o.tz);
      const link = `${publicOrigin}${waitlistOfferUrl(o.token)}`;
      await sms.send(o.phone, waitlistSms({ doctorName: o.doctorName, day, time, link }));
      await db.insert(sentMessages).values({ key, jobId: job.id, sentAt: now }).onConflictDoNothing();
    },

    async [WAITLIST_JOBS.opened](job) {
      const workplaceId = idOf(job, 'workplaceId');
      const [w] = rowsOf<{ doctorId: number; clinicId: number; tz: string }>(
        await db.execute(sql`
          SELECT w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", t.tz
          FROM workplaces w JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
          WHERE w.id = ${workplaceId}`),
      );
      if (!w) return;
      const types = rowsOf<{ visitType: VisitType }>(
        await db.execute(sql`
          SELECT DISTINCT visit_type AS "visitType" FROM waitlist_requests
          WHERE doctor_id = ${w.doctorId} AND status = 'active'`),
      );
      const now = clock.now();
      const today = zonedDay(now, w.tz).date;
      for (const { visitType } of types) {
        const days = await schedule.doctorDays({
          doctorId: w.doctorId,
          clinicId: w.clinicId,
          from: today,
          days: SCHEDULE_DAYS,
          visitType,
          holdsOf: null,
        });
        // Earliest first: each patient is told of the first time that suits them (then once a day).
        for (const day of Object.keys(days).sort()) {
          for (const s of days[day]) {
            const startsAt = zonedInstant(day, s.time, w.tz);
            await db.transaction((tx) =>
              offerFreedTime(
                tx,
                jobs,
                {
                  workplaceId,
                  visitType,
                  freedBy: null,
                  startsAt,
                  endsAt: new Date(startsAt.getTime() + s.duration * 60_000),
                },
                now,
              ),
            );
          }
        }
      }
    },

    async [WAITLIST_JOBS.cleanUp]() {
      const now = clock.now();
      // Days are the clinic's; a day later than UTC's is safe for every Russian zone.
      const yesterday = addDays(now.toISOString().slice(0, 10), -1);
      await db.execute(sql`
        UPDATE waitlist_requests r SET status = 'expired', ended_at = ${now.toISOString()}::timestamptz
        WHERE r.status = 'active' AND (r.date_to < ${yesterday}::date OR (r.appointment_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM appointments a
          WHERE a.id = r.appointment_id AND a.status = 'active' AND lower(a.during) > ${now.toISOString()}::timestamptz)))`);
      // Offers' links are kept a month after they stopped working.
      const monthAgo = new Date(now.getTime() - 30 * 86_400_000 - OFFER_TTL_MS).toISOString();
      await db.execute(sql`DELETE FROM waitlist_offers WHERE expires_at < ${monthAgo}::timestamptz`);
    },
  };
}
