import type { z } from 'zod';
import { fieldErrors } from '../../../../core/http/contracts';
import {
  type AwaitingModeration,
  type CabinetReviews,
  type CabinetReviewsFilter,
  ReplyBodySchema,
  type ReviewFormContext,
  reviewBodySchema,
} from '../../../../core/reviews/contracts';
import { periodStart, ratingTrend, trendMonths } from '../../../../core/reviews/inbox';
import { INVITATION_ERRORS } from '../../../../core/reviews/invitation';
import { reviewScore } from '../../../../core/reviews/rating';
import {
  MAX_REVIEW_DOCUMENT_BYTES,
  MAX_REVIEW_DOCUMENTS,
  REVIEW_CRITERIA,
  type ReviewSubjectKind,
  sentimentOf,
  sniffDocumentType,
  starsToValue,
  visitMonthOptions,
  WRITE_ERRORS,
} from '../../../../core/reviews/write';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { PG_ERRORS, pgErrorCode } from '../../../db/errors';
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../../http/errors';
import type { SessionViewer } from '../../auth/viewer';
import { createInvitationReader } from '../invitations/service';
import type { ReviewsService } from '../read/service';
import type { DocumentStore, StagedDocument } from './document-store';
import { DOCUMENT_QUOTA, QUOTA_ERRORS } from './limits';
import { createReviewWriteRepo, type ReplySide } from './repo';

export interface UploadedDocument {
  fileName: string;
  data: Buffer;
}

export const REPLY_ERRORS = {
  signIn: 'Войдите как врач или клиника, чтобы ответить',
  notYours: 'Отвечать можно только на отзывы о себе или о своей клинике',
  duplicate: 'Вы уже ответили на этот отзыв',
  notFound: 'Отзыв не найден',
  notShown: 'Ответить можно на опубликованный отзыв',
} as const;

/** Why a viewer may not write a review, or null. */
export function writeRefusal(viewer: SessionViewer, deletingSince: Date | null): string | null {
  if (viewer.isAnonymous || viewer.userId === null) return WRITE_ERRORS.signIn;
  if (viewer.role !== 'patient') return WRITE_ERRORS.notPatient;
  if (deletingSince) return WRITE_ERRORS.deleting;
  if (!viewer.isRealPatient) return WRITE_ERRORS.confirmPhone;
  return null;
}

/**
 * The form's messages by field (the first of each) and the first of them as the detail; a body
 * that is not an object at all is the form's own error.
 */
function invalidForm(error: z.ZodError) {
  const errors = fieldErrors(error);
  if (Object.keys(errors).length === 0) errors.form = error.issues[0].message;
  return badRequest(Object.values(errors)[0], { errors });
}

/**
 * Writing reviews and answers (docs/product/reviews.md). A new review or answer waits for
 * moderation (../moderation); nothing here touches ratings, which count published reviews only.
 * Who writes is checked before the form's fields, so a signed-out visitor is told to sign in
 * whatever they sent; the fields are read with the contract's schemas (core/reviews/contracts.ts),
 * whether they came as JSON or as a multipart form.
 */
export function createReviewWriteService({
  db,
  clock,
  documents,
  reviews,
}: {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  reviews: ReviewsService;
}) {
  const repo = createReviewWriteRepo(db);
  const openInvitation = createInvitationReader(db);
  const deletingSince = (userId: number | null) => (userId === null ? null : repo.deletingSince(userId));

  /** The daily quota of attachments (limits.ts): 429 for too many files, 413 for too many bytes. */
  async function checkQuota(userId: number, docs: { data: Buffer }[], now: Date) {
    if (docs.length === 0) return;
    const used = await repo.documentsSince(userId, new Date(now.getTime() - DOCUMENT_QUOTA.windowMs));
    const bytes = docs.reduce((sum, d) => sum + d.data.length, 0);
    if (used.files + docs.length > DOCUMENT_QUOTA.files)
      throw tooManyRequests(QUOTA_ERRORS.files, { errors: { documents: QUOTA_ERRORS.files } });
    if (used.bytes + bytes > DOCUMENT_QUOTA.bytes)
      throw new DomainError('too_large', QUOTA_ERRORS.bytes, 413, {
        errors: { documents: QUOTA_ERRORS.bytes },
      });
  }

  return {
    /** What the form page shows: the subject, criteria, tags, months, and whether the viewer may write. */
    async formContext(
      viewer: SessionViewer,
      kind: ReviewSubjectKind,
      id: number,
    ): Promise<ReviewFormContext | null> {
      const head = await reviews.head({ kind, id });
      if (!head) return null;
      return {
        kind,
        id,
        name: head.name,
        url: head.url,
        criteria: REVIEW_CRITERIA[kind],
        tags: await repo.tags(),
        months: visitMonthOptions(clock.now()),
        ...refusalOf(writeRefusal(viewer, await deletingSince(viewer.userId))),
      };
    },

    /**
     * The form opened by an invitation's link (`/reviews/new/?invite=`): the visit's doctor (or
     * clinic) and its month only. A link that opens nothing gives its refusal instead of the form,
     * with the subject when the link named one.
     */
    async invitationForm(
      viewer: SessionViewer,
      token: string,
    ): Promise<ReviewFormContext | { refusal: string; form: null }> {
      try {
        const invitation = await openInvitation(viewer, token, clock.now());
        const head = await reviews.head({ kind: invitation.kind, id: invitation.subjectId });
        if (!head) return { refusal: INVITATION_ERRORS.visit, form: null };
        return {
          kind: invitation.kind,
          id: invitation.subjectId,
          name: head.name,
          url: head.url,
          criteria: REVIEW_CRITERIA[invitation.kind],
          tags: await repo.tags(),
          months: [invitation.visitMonth],
          refusal: null,
          signInToWrite: false,
          invite: token,
        };
      } catch (err) {
        if (err instanceof DomainError && err.status < 500) return { refusal: err.message, form: null };
        throw err;
      }
    },

    /**
     * A new review, pending moderation. Refusals: 401 signed out, 403 not a patient with a
     * confirmed phone, 400 with `errors` per field, 404 unknown subject, 409 a second review of the
     * same visit month (the unique index decides, so two tabs sending at once cannot both pass).
     */
    async create(
      viewer: SessionViewer,
      body: unknown,
      files: UploadedDocument[],
    ): Promise<AwaitingModeration> {
      const now = clock.now();
      // An invitation's link says who writes (signed out, or in that patient's own session) and
      // of which visit; without one the session must be a patient's with a confirmed phone.
      const invite =
        typeof (body as { invite?: unknown } | null)?.invite === 'string'
          ? await openInvitation(viewer, (body as { invite: string }).invite, now)
          : null;
      if (!invite) {
        const refusal = writeRefusal(viewer, await deletingSince(viewer.userId));
        if (refusal) throw refusal === WRITE_ERRORS.signIn ? unauthorized(refusal) : forbidden(refusal);
      }
      const userId = invite ? invite.userId : (viewer.userId as number);
      const parsed = reviewBodySchema(now).safeParse(body);
      if (!parsed.success) throw invalidForm(parsed.error);
      const input = parsed.data;
      const kind: ReviewSubjectKind = input.doctor_id !== undefined ? 'doctor' : 'lpu';
      const subjectId = (input.doctor_id ?? input.lpu_id) as number;
      if (
        invite &&
        (invite.kind !== kind || invite.subjectId !== subjectId || invite.visitMonth !== input.visit_month)
      )
        throw badRequest(INVITATION_ERRORS.mismatch, { errors: { subject: INVITATION_ERRORS.mismatch } });
      const criteria = REVIEW_CRITERIA[kind];
      if (input.stars.length !== criteria.length)
        throw badRequest('Поставьте оценки', { errors: { stars: 'Поставьте оценки' } });
      const docs = checkDocuments(files);
      if (!(await reviews.head({ kind, id: subjectId }))) throw notFound(WRITE_ERRORS.unknownSubject);

      const tags = await repo.tagsByTranslit(input.tags);
      if (tags.length !== new Set(input.tags).size)
        throw badRequest(WRITE_ERRORS.unknownTag, { errors: { tags: WRITE_ERRORS.unknownTag } });

      const values = input.stars.map((s) => (s === null ? null : starsToValue(s)));
      const sentiment = sentimentOf(values);
      await checkQuota(userId, docs, now);
      // The files wait in the store's staging directory and move in as the review commits; on
      // any refusal or error they are deleted (a moved file is no longer there to delete).
      const staged: StagedDocument[] = [];
      try {
        for (const d of docs) staged.push(await documents.stage(d.data));
        const id = await repo.insertReview(
          {
            kind,
            subjectId,
            userId,
            text: input.text,
            sentiment,
            isAnonymous: input.is_anonymous,
            assessments: criteria.map((name, i) => ({ name, value: values[i] })),
            score: reviewScore(values, sentiment),
            visitMonth: `${input.visit_month}-01`,
            invitation: invite ? { hash: invite.hash, appointmentId: invite.appointmentId } : null,
            tags,
            documents: docs.map((d, i) => ({
              fileName: d.fileName.slice(0, 200) || 'document',
              mime: d.mime,
              size: d.data.length,
              key: staged[i].key,
            })),
            now,
          },
          async () => {
            for (const file of staged) await file.commit();
          },
        );
        return { id, status: 'pending' };
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation)
          throw conflict('duplicate_review', WRITE_ERRORS.duplicate);
        throw err;
      } finally {
        await Promise.all(staged.map((file) => file.discard()));
      }
    },

    /**
     * A doctor's or clinic's answer to a review about them (a clinic also answers about its
     * doctors), pending moderation; one live answer per side.
     */
    async reply(viewer: SessionViewer, reviewId: number, body: unknown): Promise<AwaitingModeration> {
      const side = replySide(viewer);
      const parsed = ReplyBodySchema.safeParse(body);
      if (!parsed.success) throw invalidForm(parsed.error);
      const review = await repo.reviewForReply(reviewId, side);
      if (!review) throw notFound(REPLY_ERRORS.notFound);
      if (!review.mine) throw forbidden(REPLY_ERRORS.notYours);
      if (review.status === 'pending' || review.status === 'deleted')
        throw conflict('review_not_shown', REPLY_ERRORS.notShown);
      try {
        const id = await repo.insertReply({
          reviewId,
          side: side.side,
          userId: viewer.userId as number,
          text: parsed.data.text,
          now: clock.now(),
        });
        return { id, status: 'pending' };
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation)
          throw conflict('duplicate_reply', REPLY_ERRORS.duplicate);
        throw err;
      }
    },

    /**
     * The cabinet's inbox for a doctor or clinic account: shown reviews about them (a clinic's
     * include its doctors'), newest first, each with this side's answer and its state, filtered
     * by 'без ответа', doctor, tone and period, with each filter value's count and the trend.
     */
    async aboutMe(viewer: SessionViewer, query: CabinetReviewsFilter): Promise<CabinetReviews> {
      const now = clock.now();
      const { months, from } = trendMonths(now);
      const { rows, counts, trend } = await repo.inbox(
        replySide(viewer),
        {
          unanswered: query.unanswered === '1',
          doctor: query.doctor,
          tone: query.tone,
          since: periodStart(query.period, now),
          now,
        },
        ABOUT_ME_PAGE + 1,
        (query.page - 1) * ABOUT_ME_PAGE,
        from,
      );
      return {
        items: rows
          .slice(0, ABOUT_ME_PAGE)
          .map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
        hasNext: rows.length > ABOUT_ME_PAGE,
        counts,
        trend: ratingTrend(months, trend),
      };
    },
  };
}

/** Signing in (again) as a patient helps with anything but a profile being deleted. */
function refusalOf(refusal: string | null) {
  return { refusal, signInToWrite: refusal !== null && refusal !== WRITE_ERRORS.deleting };
}

/** The work account's side, or the refusal for anyone else. */
function replySide(viewer: SessionViewer): ReplySide {
  if (viewer.userId === null) throw unauthorized(REPLY_ERRORS.signIn);
  if (viewer.role === 'doctor') return { side: 'doctor', doctorId: viewer.doctorId };
  if (viewer.role === 'clinic') return { side: 'clinic', clinicId: viewer.clinicId };
  throw forbidden(REPLY_ERRORS.signIn);
}

/** Attached files: how many, their real type (from the bytes) and size. */
function checkDocuments(files: UploadedDocument[]) {
  const documentsError = (message: string) => badRequest(message, { errors: { documents: message } });
  if (files.length > MAX_REVIEW_DOCUMENTS) throw documentsError(WRITE_ERRORS.documentCount);
  return files.map((f) => {
    const mime = sniffDocumentType(f.data);
    if (!mime) throw documentsError(WRITE_ERRORS.documentType);
    if (f.data.length > MAX_REVIEW_DOCUMENT_BYTES) throw documentsError(WRITE_ERRORS.documentSize);
    return { ...f, mime };
  });
}

export const ABOUT_ME_PAGE = 20;

export type ReviewWriteService = ReturnType<typeof createReviewWriteService>;
