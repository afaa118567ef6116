import { shortName } from '../../../core/booking/visit';
import { CABINET_PAGES } from '../../../core/cabinet/pages';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { JobKindName } from '../../jobs/kinds';
import type { Job, JobHandler, JobSender } from '../../jobs/queue';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { createReviewNoticesRepo, type ReviewNoticeRow } from './notices-repo';

/**
 * The clinic's SMS and letter of a review published about it or one of its doctors
 * (docs/product/reviews.md, 'Кабинет'), to the contact and by the switch 'Новый отзыв' it set
 * for its bookings' notices. A doctor's review goes to every clinic the doctor works at: doctor
 * accounts keep no contact of their own for notices.
 */
export const REVIEW_NOTICE_JOB = 'reviews.clinic-notice' as const satisfies JobKindName;

/** Queued in the moderation's transaction whenever a review becomes published. */
export async function queueReviewNotice(tx: DbTx, jobs: JobSender, reviewId: number, now: Date) {
  await jobs.enqueue(tx, [{ kind: REVIEW_NOTICE_JOB, runAt: now, payload: { reviewId } }]);
}

const TONE = { positive: 'положительный', neutral: 'нейтральный', negative: 'отрицательный' } as const;

const about = (r: Pick<ReviewNoticeRow, 'doctorName'>) =>
  r.doctorName ? `враче ${shortName(r.doctorName)}` : 'клинике';

/** 'Новый отзыв о враче Петров П. П.: отрицательный. Ответить: …' — no author, no text. */
export function reviewNoticeSms(r: Pick<ReviewNoticeRow, 'doctorName' | 'sentiment'>, link: string): string {
  return `Новый отзыв о ${about(r)}: ${TONE[r.sentiment]}. Ответить: ${link}`;
}

/** The letter: the tone and the review's (public) text, and where to answer it. */
export function reviewNoticeEmail(r: ReviewNoticeRow, link: string): { subject: string; text: string } {
  return {
    subject: `Новый отзыв о ${about(r)}`,
    text: [
      `На ПроДокторов опубликован ${TONE[r.sentiment]} отзыв о ${about(r)}.`,
      '',
      r.text,
      '',
      `Ответить на отзыв: ${link}`,
    ].join('\n'),
  };
}

/**
 * The job's handler. It reads the review and the contacts when it runs: a review deleted or
 * unpublished since is not told, a switch turned off sends nothing. Each message has its key in
 * sent_messages (per review, clinic and channel), so a review published again, or a job run
 * again after a crash, sends nothing twice.
 */
export function createReviewNoticeHandlers({
  db,
  clock,
  sms,
  email,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
  email: EmailProvider;
  publicOrigin: string;
}): Record<typeof REVIEW_NOTICE_JOB, JobHandler> {
  const repo = createReviewNoticesRepo(db);
  const link = `${publicOrigin}${CABINET_PAGES.reviews.path}`;

  async function once(job: Job, key: string, send: () => Promise<unknown>) {
    if (await repo.wasSent(key)) return;
    await send();
    await repo.markSent(key, job.id, clock.now());
  }

  return {
    [REVIEW_NOTICE_JOB]: async (job) => {
      const reviewId = (job.payload as { reviewId?: unknown } | null)?.reviewId;
      if (typeof reviewId !== 'number') throw new Error(`job ${job.id}: payload without reviewId`);
      const review = await repo.review(reviewId);
      if (review?.status !== 'published') return;
      for (const c of await repo.contacts(reviewId)) {
        if (!c.on) continue;
        const key = `${REVIEW_NOTICE_JOB}:${reviewId}:${c.clinicId}`;
        const { phone, email: address } = c;
        if (phone && sms) await once(job, `${key}:sms`, () => sms.send(phone, reviewNoticeSms(review, link)));
        if (address)
          await once(job, `${key}:email`, () =>
            email.send({ to: address, ...reviewNoticeEmail(review, link) }),
          );
      }
    },
  };
}
