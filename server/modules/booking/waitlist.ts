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
  offerExpiry,
  WAITLIST_FANOUT,
  WAITLIST_QUIET_MS,
  WAITLIST_TEXTS,
  waitDatesProblem,
} from '../../../core/booking/waitlist';
import { formatDayShort, zonedDay } from '../../../core/dates/zoned';
import { wallClock } from '../../../core/schedule/free-slots';
import { DAY_PARTS } from '../../../core/schedule/slot-filters';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { JobSender, NewJob } from '../../jobs/queue';
import type { SessionViewer } from '../auth/viewer';
import { holdFor } from './holds';
import { requirePatient } from './patient';
import type { PlacingDeps } from './spots';
import {
  appointmentTime,
  endRequestOfDoctor,
  offerByToken as findOfferByToken,
  insertOffers,
  isRequestOf,
  markOfferClaimed,
  type OfferRow,
  openRequestsOf,
  pickRequestsToOffer,
  saveRequest,
  stopRequest,
  workplacePlace,
} from './waitlist-repo';

/** The waitlist's jobs (server/jobs/kinds.ts). */
export const WAITLIST_JOBS = {
  /** One patient's SMS of a freed time. */
  offer: 'waitlist.offer',
  /** A clinic opened days again (a day off removed): their free times go to the waitlist. */
  opened: 'waitlist.opened',
  /** Hourly: requests whose days have passed, or whose visit is over, end. */
  cleanUp: 'waitlist.clean-up',
} as const;

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
  const place = await workplacePlace(tx, freed.workplaceId);
  if (!place) return [];
  const { day, time } = wallClock(freed.startsAt, place.tz);
  const part = dayPartOf(time);
  if (!part) return [];
  const picked = await pickRequestsToOffer(tx, {
    doctorId: place.doctorId,
    clinicId: place.clinicId,
    visitType: freed.visitType,
    day,
    part,
    startsAt: freed.startsAt,
    freedBy: freed.freedBy,
    quietSince: new Date(now.getTime() - WAITLIST_QUIET_MS),
    now,
    limit: WAITLIST_FANOUT,
  });
  if (picked.length === 0) return [];
  const offers = await insertOffers(
    tx,
    picked.map((r) => r.id),
    freed,
    now,
    offerExpiry(now, freed.startsAt),
  );
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
  const a = await appointmentTime(tx, appointmentId);
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
  await endRequestOfDoctor(tx, userId, doctorId, now);
}

/** The waitlist's calls: joining, stopping, the patient's open requests, an SMS link's page and its claim. */
export function createWaitlist(deps: PlacingDeps) {
  const { db, clock, repo } = deps;

  const offerByToken = (token: string) => findOfferByToken(db, token);

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
      const saved = await saveRequest(db, { userId, doctorId: target.doctorId, createdAt: now }, values);
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
        offer?.requestId === id || (viewer.userId !== null && (await isRequestOf(db, id, viewer.userId)));
      if (!allowed) throw notFound(WAITLIST_TEXTS.offerUnknown);
      await stopRequest(db, id, clock.now());
      return { status: 'stopped' };
    },

    /** The patient's open requests, newest first ('Мои записи'). */
    async myWaitlist(viewer: SessionViewer): Promise<MyWait[]> {
      if (viewer.userId === null) return [];
      const rows = await openRequestsOf(db, viewer.userId);
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
      await markOfferClaimed(db, o.offerId, now);
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
