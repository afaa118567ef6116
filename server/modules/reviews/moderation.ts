import { pageTags } from '../../../core/cache/page-tags';
import type { FakeWarning } from '../../../core/reviews/fake-warning';
import { contribution, textLength } from '../../../core/reviews/rating';
import {
  isShownStatus,
  MODERATION_ACTIONS,
  MODERATION_ERRORS,
  type ModerationAction,
  moderationRefusal,
} from '../../../core/reviews/write';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { httpError, type SessionViewer } from '../auth/viewer';
import type { ReviewAwardsService } from './awards';
import type { DocumentStore } from './document-store';
import { createModerationRepo } from './moderation-repo';
import { applyRatingDelta, applyTagCounts, type RatedSubject } from './rating-repo';

export const STAFF_ONLY = 'Раздел только для модераторов';
export const QUEUE_PAGE_SIZE = 20;
export const QUEUE_STATUSES = ['pending', 'published', 'unconfirmed', 'resolved', 'deleted'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
/** Answers shown above the queue at once; the oldest first. */
const PENDING_REPLIES_SHOWN = 50;

function requireStaff(viewer: SessionViewer) {
  if (viewer.userId === null) throw httpError(401, STAFF_ONLY);
  if (!viewer.isStaff) throw httpError(403, STAFF_ONLY);
}

/**
 * The staff side of reviews (issue 6 item 5): the queue, moderation with a kept history, the
 * answers' moderation, and the documents. Nothing is hard-deleted: 'delete' is a state with a
 * reason. A change of state moves the subject's rating by that one review (rating-repo.ts).
 */
export function createReviewModerationService({
  db,
  clock,
  documents,
  pageCache,
  awards,
}: {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  pageCache: PageCache;
  /** The review award follows its review's state. */
  awards: Pick<ReviewAwardsService, 'onModeration'>;
}) {
  const repo = createModerationRepo(db);
  return {
    /**
     * A page of reviews in a state (pending: oldest first, the rest newest first), the number
     * waiting, and the answers waiting; `q` narrows both to a review number or words of the
     * text, the author or the subject.
     */
    async queue(viewer: SessionViewer, status: QueueStatus, page: number, q: string | null = null) {
      requireStaff(viewer);
      const [items, pendingCount, pendingReplies] = await Promise.all([
        repo.queue(status, q, QUEUE_PAGE_SIZE + 1, (page - 1) * QUEUE_PAGE_SIZE),
        repo.pendingCount(),
        repo.pendingReplies(q, PENDING_REPLIES_SHOWN),
      ]);
      return {
        items: items.slice(0, QUEUE_PAGE_SIZE),
        hasNext: items.length > QUEUE_PAGE_SIZE,
        pendingCount,
        pendingReplies,
      };
    },

    /**
     * Publishes, marks unconfirmed, resolves or deletes (with a reason) a review; the history
     * keeps who did what when; the subject's rating and count change by this one review.
     */
    async moderate(viewer: SessionViewer, reviewId: number, action: ModerationAction, reason: string | null) {
      requireStaff(viewer);
      const now = clock.now();
      const result = await repo.transaction(async (tx) => {
        const review = await repo.lockReview(tx, reviewId);
        if (!review) throw httpError(404, MODERATION_ERRORS.notFound);
        const refusal = moderationRefusal(review, action, reason);
        if (refusal) throw httpError(refusal === MODERATION_ERRORS.same ? 409 : 400, refusal);
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
        const subject: RatedSubject =
          review.doctorId !== null
            ? { kind: 'doctor', id: review.doctorId }
            : { kind: 'lpu', id: review.clinicId as number };
        const shown = Number(isShownStatus(to)) - Number(isShownStatus(review.status));
        const applied = await applyRatingDelta(
          tx,
          subject,
          {
            before: contribution({ ...facts, status: review.status }),
            after: contribution({ ...facts, status: to }),
            shown,
          },
          now,
        );
        await applyTagCounts(tx, subject, reviewId, shown);
        await awards.onModeration(
          tx,
          { id: reviewId, userId: review.userId, viaPortal: review.viaPortal },
          to,
          now,
        );
        return { status: to, ...applied };
      });
      pageCache.invalidate(result.tags);
      return { status: result.status, rating: result.rating, reviews_count: result.reviewsCount };
    },

    /** Publishes or deletes an answer; the change goes into its review's history. */
    async moderateReply(
      viewer: SessionViewer,
      replyId: number,
      action: 'publish' | 'delete',
      reason: string | null,
    ) {
      requireStaff(viewer);
      if (action === 'delete' && !reason?.trim()) throw httpError(400, MODERATION_ERRORS.reason);
      const to = action === 'publish' ? 'published' : 'deleted';
      const now = clock.now();
      const tags = await repo.transaction(async (tx) => {
        const reply = await repo.lockReply(tx, replyId);
        if (!reply) throw httpError(404, MODERATION_ERRORS.replyNotFound);
        if (reply.status === to) throw httpError(409, MODERATION_ERRORS.replySame);
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
      subject: { kind: 'doctor' | 'lpu'; id: number },
      warning: FakeWarning | null,
    ) {
      requireStaff(viewer);
      const found = await repo.setFakeWarning(subject.kind, subject.id, warning);
      if (!found) throw httpError(404, MODERATION_ERRORS.subjectNotFound);
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
      if (!row || !data) throw httpError(404, MODERATION_ERRORS.documentNotFound);
      return { fileName: row.fileName, mime: row.mime, data };
    },
  };
}

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;
