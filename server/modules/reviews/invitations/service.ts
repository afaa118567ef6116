import { createHmac } from 'node:crypto';
import { REVIEW_DISCOUNT_RUB } from '../../../../core/reviews/award';
import {
  INVITATION_ERRORS,
  INVITE_TOKEN_PATTERN,
  INVITE_TTL_MS,
  invitationDue,
  invitationEmail,
  invitationPath,
  invitationSms,
} from '../../../../core/reviews/invitation';
import { WRITE_ERRORS } from '../../../../core/reviews/write';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { DomainError, forbidden, notFound } from '../../../http/errors';
import type { JobKindName } from '../../../jobs/kinds';
import type { Job, JobHandler, JobSender } from '../../../jobs/queue';
import type { EmailProvider } from '../../../providers/email/email-provider';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import type { SessionViewer } from '../../auth/viewer';
import { createBookingPeople } from '../../profile/booking-people';
import { createReviewNoticesRepo } from '../notices-repo';
import { createInvitationsRepo, type InvitationRow, tokenHashOf } from './repo';

/** The review invitations' jobs (docs/product/reviews.md, 'Приглашение после приёма'). */
export const INVITATION_JOBS = {
  /** Each minute: the visits over by now get their invitation claimed and its SMS queued. */
  due: 'reviews.invitations-due',
  /** One visit's SMS with its link. */
  send: 'reviews.invitation',
} as const satisfies Record<string, JobKindName>;

/**
 * The sweep: the visits booked on the site whose invitation is due (core/reviews/invitation.ts:
 * an attended visit at its end, an unmarked one three hours later, never at night) are claimed,
 * one row per visit in review_invitations, and their SMS queued, in one transaction. The claim's
 * primary key makes two sweeps at once, a retried one or a clock moved back queue none twice.
 * A cancelled or missed visit is not read at all; whether the visit is still fit (not cancelled
 * or marked missed since, not reviewed already) is read again when the SMS goes.
 */
export async function queueDueInvitations(db: Db, jobs: JobSender, now: Date): Promise<number> {
  const repo = createInvitationsRepo(db);
  return db.transaction(async (tx) => {
    const ended = await repo.endedVisits(tx, now);
    const due = ended.filter((v) => invitationDue(v, now)).map((v) => v.id);
    const claimed = await repo.claim(tx, due, now);
    if (claimed.length > 0)
      await jobs.enqueue(
        tx,
        claimed.map((appointmentId) => ({
          kind: INVITATION_JOBS.send,
          runAt: now,
          payload: { appointmentId },
        })),
      );
    return claimed.length;
  });
}

function appointmentIdOf(job: Job): number {
  const id = (job.payload as { appointmentId?: unknown } | null)?.appointmentId;
  if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without appointmentId`);
  return id;
}

/**
 * A visit's link token: keyed (AUTH_SECRET) from the visit and the moment its invitation was
 * armed, so the SMS and the e-mail carry one link and a send retried after a provider failed
 * sends that same link again. Only its hash is stored; without the secret it cannot be made.
 */
export function invitationToken(secret: string, appointmentId: number, armedAt: Date): string {
  return createHmac('sha256', secret)
    .update(`review-invitation:${appointmentId}:${armedAt.toISOString()}`)
    .digest('base64url');
}

/**
 * The sweep's handler and the invitation's. The SMS is sent once per visit (its key in
 * sent_messages), then its e-mail copy once (its own key) when the patient chose copies by
 * e-mail in the profile. With no SMS provider configured nothing is sent.
 */
export function createInvitationHandlers({
  db,
  clock,
  jobs,
  sms,
  email = null,
  secret,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  sms: SmsProvider | null;
  email?: EmailProvider | null;
  /** Keys the links' tokens (invitationToken). */
  secret: string;
  publicOrigin: string;
}): Record<(typeof INVITATION_JOBS)[keyof typeof INVITATION_JOBS], JobHandler> {
  const repo = createInvitationsRepo(db);
  const sent = createReviewNoticesRepo(db);
  const people = createBookingPeople({ db });
  return {
    async [INVITATION_JOBS.due]() {
      await queueDueInvitations(db, jobs, clock.now());
    },

    async [INVITATION_JOBS.send](job) {
      if (!sms) return;
      const id = appointmentIdOf(job);
      const key = `${INVITATION_JOBS.send}:${id}`;
      const mailKey = `${key}:email`;
      if ((await sent.wasSent(key)) && (await sent.wasSent(mailKey))) return;
      const visit = await repo.visitOf(id);
      if (!visit || visit.skipped) return;
      // No longer fit (cancelled, marked missed or reviewed since): nothing more is sent; an
      // invitation whose SMS went already is not marked skipped.
      const unfit =
        visit.status !== 'active' && visit.status !== 'done' ? 'visit' : visit.reviewed ? 'reviewed' : null;
      if (unfit) return visit.sentAt ? undefined : repo.skip(id, unfit);
      const about = await repo.smsOf(id);
      if (!about || (!about.doctorName && !about.serviceName)) return repo.skip(id, 'visit');
      if (!about.phone) return repo.skip(id, 'no_phone');
      // Armed once: the first attempt's moment makes the token, a retry makes the same one.
      const armedAt = visit.sentAt ?? clock.now();
      const token = invitationToken(secret, id, armedAt);
      if (!visit.sentAt)
        await repo.arm(id, tokenHashOf(token), armedAt, new Date(armedAt.getTime() + INVITE_TTL_MS));
      const what = {
        ...(about.doctorName ? { doctorName: about.doctorName } : { serviceName: about.serviceName ?? '' }),
        startsAt: about.startsAt,
        tz: about.tz,
        discount: REVIEW_DISCOUNT_RUB,
        link: `${publicOrigin}${invitationPath(token)}`,
      };
      if (!(await sent.wasSent(key))) {
        await sms.send(about.phone, invitationSms(what));
        await sent.markSent(key, job.id, clock.now());
      }
      const address = email ? (await people.visitCopies(id)).email : null;
      if (email && address && !(await sent.wasSent(mailKey))) {
        await email.send({ to: address, ...invitationEmail(what) });
        await sent.markSent(mailKey, job.id, clock.now());
      }
    },
  };
}

/** A link's refusal: 404 unknown, 410 used or expired, 409 the visit did not happen, 403 someone else's. */
const gone = (code: string, detail: string) => new DomainError(code, detail, 410);

/**
 * The invitation a link opens for this viewer, or its refusal. Signed out, the link itself says
 * who writes (its patient); signed in, it must be that patient's own session.
 */
export function createInvitationReader(db: Db) {
  const repo = createInvitationsRepo(db);
  return async function openInvitation(
    viewer: SessionViewer,
    token: string,
    now: Date,
  ): Promise<InvitationRow & { hash: string }> {
    if (!INVITE_TOKEN_PATTERN.test(token)) throw notFound(INVITATION_ERRORS.unknown);
    const hash = tokenHashOf(token);
    const found = await repo.byHash(hash);
    if (!found?.expiresAt) throw notFound(INVITATION_ERRORS.unknown);
    if (viewer.userId !== null && viewer.userId !== found.userId)
      throw forbidden(INVITATION_ERRORS.otherPatient);
    if (found.usedAt) throw gone('invitation_used', INVITATION_ERRORS.used);
    if (found.expiresAt.getTime() <= now.getTime())
      throw gone('invitation_expired', INVITATION_ERRORS.expired);
    if (found.visitStatus !== 'active' && found.visitStatus !== 'done')
      throw new DomainError('invitation_visit', INVITATION_ERRORS.visit, 409);
    if (found.deletingSince) throw forbidden(WRITE_ERRORS.deleting);
    return { ...found, hash };
  };
}

export type OpenInvitation = ReturnType<typeof createInvitationReader>;
