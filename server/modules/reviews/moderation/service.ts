import { pageTags } from '../../../../core/cache/page-tags';
import { clinicUrl, doctorUrl } from '../../../../core/directory/urls';
import type { ReviewSubject } from '../../../../core/reviews/contracts';
import type { FakeWarning } from '../../../../core/reviews/fake-warning';
import {
  BULK_ERRORS,
  type BulkModerated,
  type FakeWarningSet,
  type Moderated,
  type ModerationQueue,
  type PendingReply,
  type QueueFilter,
  type QueueItem,
  type QueueStatus,
  type ReplyModerated,
} from '../../../../core/reviews/moderation-contracts';
import { contribution, textLength } from '../../../../core/reviews/rating';
import {
  isShownStatus,
  MODERATION_ACTIONS,
  MODERATION_ERRORS,
  type ModerationAction,
  moderationRefusal,
  type ReviewStatus,
  type ReviewSubjectKind,
} from '../../../../core/reviews/write';
import type { PageCache } from '../../../cache/page-cache';
import type { Clock } from '../../../clock';
import type { Db, DbTx } from '../../../db/client';
import { badRequest, conflict, DomainError, forbidden, notFound, unauthorized } from '../../../http/errors';
import type { JobSender } from '../../../jobs/queue';
import type { SessionViewer } from '../../auth/viewer';
import type { ReviewAwardsService } from '../awards/service';
import { queueReviewNotice } from '../notices';
import { applyReviewChange } from '../rating/service';
import type { DocumentStore } from '../write/document-store';
import { createModerationRepo, type PendingReplyRow, type QueueRow } from './repo';

export const STAFF_ONLY = 'Раздел только для модераторов';
export const QUEUE_PAGE_SIZE = 20;
/** Answers shown above the queue at once; the oldest first. */
const PENDING_REPLIES_SHOWN = 50;

function requireStaff(viewer: SessionViewer) {
  if (viewer.userId === null) throw unauthorized(STAFF_ONLY);
  if (!viewer.isStaff) throw forbidden(STAFF_ONLY);
}

/** A state that is already the review's (or the answer's). */
const sameState = (detail: string) => conflict('same_state', detail);

/** A subject's page from its slugs. */
const subjectUrl = (kind: ReviewSubjectKind, id: number, townSlug: string, slug: string) =>
  kind === 'doctor' ? doctorUrl(townSlug, { id, slug }) : clinicUrl(townSlug, { id, slug });

const queueItem = ({ subject, createdAt, ...row }: QueueRow): QueueItem => ({
  ...row,
  createdAt: new Date(createdAt).toISOString(),
  subject: {
    kind: subject.kind,
    id: subject.id,
    name: subject.name,
    url: subjectUrl(subject.kind, subject.id, subject.townSlug, subject.slug),
    fakeWarning: subject.fakeWarning,
  },
});

const pendingReply = ({
  subjectKind,
  subjectId,
  townSlug,
  subjectSlug,
  createdAt,
  ...row
}: PendingReplyRow): PendingReply => ({
  ...row,
  createdAt: new Date(createdAt).toISOString(),
  subjectUrl: subjectUrl(subjectKind, subjectId, townSlug, subjectSlug),
});

/**
 * The staff side of reviews (docs/product/reviews.md): the queue, moderation with a kept
 * history, the answers' moderation, and the documents. Nothing is hard-deleted: 'delete' is a
 * state with a reason. A change of state moves the subject's rating by that one review
 * (rating/service.ts).
 */
export function createReviewModerationService({
  db,
  clock,
  documents,
  pageCache,
  awards,
  jobs,
}: {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  pageCache: PageCache;
  /** The review award follows its review's state. */
  awards: Pick<ReviewAwardsService, 'onModeration'>;
  /** The clinics' notices of a published review (../notices.ts), queued with the change. */
  jobs: JobSender;
}) {
  const repo = createModerationRepo(db);
  /** One review's change inside the caller's transaction (moderate, moderateMany). */
  async function moderateOne(
    tx: DbTx,
    viewer: SessionViewer,
    reviewId: number,
    action: ModerationAction,
    reason: string | null,
    now: Date,
  ) {
    const review = await repo.lockReview(tx, reviewId);
    if (!review) throw notFound(MODERATION_ERRORS.notFound);
    const refusal = moderationRefusal(review, action, reason);
    if (refusal) throw refusal === MODERATION_ERRORS.same ? sameState(refusal) : badRequest(refusal);
    const to = MODERATION_ACTIONS[action];
    const why = reason?.trim() || null;
    await repo.setReviewStatus(tx, reviewId, to, action === 'delete' ? why : null, now);
    await repo.addHistory(tx, {
      reviewId,
      actorUserId: viewer.userId,
      fromStatus: review.status,
      toStatus: to,
      reason: why,
      at: now,
    });
    const facts = {
      userId: review.userId,
      createdAt: new Date(review.createdAt),
      textLength: textLength(review.text),
      score: Number(review.score),
    };
    const subject: ReviewSubject =
      review.doctorId !== null
        ? { kind: 'doctor', id: review.doctorId }
        : { kind: 'lpu', id: review.clinicId as number };
    const shown = Number(isShownStatus(to)) - Number(isShownStatus(review.status));
    const applied = await applyReviewChange(
      tx,
      subject,
      reviewId,
      {
        before: contribution({ ...facts, status: review.status }),
        after: contribution({ ...facts, status: to }),
        shown,
      },
      now,
    );
    await awards.onModeration(
      tx,
      { id: reviewId, userId: review.userId, viaPortal: review.viaPortal },
      to,
      now,
    );
    if (to === 'published') await queueReviewNotice(tx, jobs, reviewId, now);
    return { status: to, ...applied };
  }

  return {
    /**
     * A page of reviews in a state (pending: oldest first, the rest newest first), the number
     * waiting, and the answers waiting; `q` narrows both to a review number or words of the
     * text, the author or the subject.
     */
    async queue(
      viewer: SessionViewer,
      status: QueueStatus,
      page: number,
      q: string | null = null,
      filter: QueueFilter = {},
    ): Promise<ModerationQueue> {
      requireStaff(viewer);
      const [items, matching, pendingCount, pendingReplies] = await Promise.all([
        repo.queue(status, q, filter, QUEUE_PAGE_SIZE + 1, (page - 1) * QUEUE_PAGE_SIZE),
        repo.matching(status, q, filter),
        repo.pendingCount(),
        repo.pendingReplies(q, PENDING_REPLIES_SHOWN),
      ]);
      return {
        items: items.slice(0, QUEUE_PAGE_SIZE).map(queueItem),
        hasNext: items.length > QUEUE_PAGE_SIZE,
        pendingCount,
        matching,
        pendingReplies: pendingReplies.map(pendingReply),
      };
    },

    /**
     * Publishes, marks unconfirmed, resolves or deletes (with a reason) a review; the history
     * keeps who did what when; the subject's rating and count change by this one review.
     */
    async moderate(
      viewer: SessionViewer,
      reviewId: number,
      action: ModerationAction,
      reason: string | null,
    ): Promise<Moderated> {
      requireStaff(viewer);
      const now = clock.now();
      const result = await repo.transaction((tx) => moderateOne(tx, viewer, reviewId, action, reason, now));
      pageCache.invalidate(result.tags);
      return { status: result.status, rating: result.rating, reviews_count: result.reviewsCount };
    },

    /**
     * Publishes or rejects (deletes) several reviews in one transaction: all or none. The reason
     * is required (it goes into each review's history with the moderator); a refusal of any one
     * review (unknown, already in that state) refuses the whole batch, naming that review.
     */
    async moderateMany(
      viewer: SessionViewer,
      ids: number[],
      action: 'publish' | 'delete',
      reason: string | null,
    ): Promise<BulkModerated> {
      requireStaff(viewer);
      if (!reason?.trim()) throw badRequest(BULK_ERRORS.reason, { errors: { reason: BULK_ERRORS.reason } });
      const now = clock.now();
      // Locked in id order, so two moderators' batches cannot deadlock.
      const sorted = [...new Set(ids)].sort((x, y) => x - y);
      const results = await repo.transaction(async (tx) => {
        const done: { id: number; status: ReviewStatus; tags: string[] }[] = [];
        for (const id of sorted) {
          try {
            const r = await moderateOne(tx, viewer, id, action, reason, now);
            done.push({ id, status: r.status, tags: r.tags });
          } catch (err) {
            if (err instanceof DomainError)
              throw new DomainError(err.code, `Отзыв №${id}: ${err.detail}`, err.status, { reviewId: id });
            throw err;
          }
        }
        return done;
      });
      pageCache.invalidate([...new Set(results.flatMap((r) => r.tags))]);
      return { items: results.map(({ id, status }) => ({ id, status })) };
    },

    /** Publishes or deletes an answer; the change goes into its review's history. */
    async moderateReply(
      viewer: SessionViewer,
      replyId: number,
      action: 'publish' | 'delete',
      reason: string | null,
    ): Promise<ReplyModerated> {
      requireStaff(viewer);
      if (action === 'delete' && !reason?.trim()) throw badRequest(MODERATION_ERRORS.reason);
      const to = action === 'publish' ? 'published' : 'deleted';
      const now = clock.now();
      const tags = await repo.transaction(async (tx) => {
        const reply = await repo.lockReply(tx, replyId);
        if (!reply) throw notFound(MODERATION_ERRORS.replyNotFound);
        if (reply.status === to) throw sameState(MODERATION_ERRORS.replySame);
        await repo.setReplyStatus(tx, replyId, to);
        await repo.addHistory(tx, {
          reviewId: reply.reviewId,
          replyId,
          actorUserId: viewer.userId,
          fromStatus: reply.status,
          toStatus: to,
          reason: reason?.trim() || null,
          at: now,
        });
        return [
          reply.doctorId !== null
            ? pageTags.doctor(reply.doctorId)
            : pageTags.clinic(reply.clinicId as number),
        ];
      });
      pageCache.invalidate(tags);
      return { status: to };
    },

    /**
     * Puts the fake-review banner ('review' or 'rating') on a doctor's or clinic's pages, or
     * takes it off (null).
     */
    async setFakeWarning(
      viewer: SessionViewer,
      subject: ReviewSubject,
      warning: FakeWarning | null,
    ): Promise<FakeWarningSet> {
      requireStaff(viewer);
      const found = await repo.setFakeWarning(subject.kind, subject.id, warning);
      if (!found) throw notFound(MODERATION_ERRORS.subjectNotFound);
      pageCache.invalidate([
        subject.kind === 'doctor' ? pageTags.doctor(subject.id) : pageTags.clinic(subject.id),
      ]);
      return { fake_warning: warning };
    },

    /** A document attached to a review, for staff only. */
    async document(viewer: SessionViewer, documentId: number) {
      requireStaff(viewer);
      const row = await repo.document(documentId);
      const data = row ? await documents.get(row.key) : null;
      if (!row || !data) throw notFound(MODERATION_ERRORS.documentNotFound);
      return { fileName: row.fileName, mime: row.mime, data };
    },
  };
}

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;
