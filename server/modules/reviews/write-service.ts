import { randomUUID } from 'node:crypto';
import { reviewScore } from '../../../core/reviews/rating';
import {
  fieldErrors,
  MAX_REVIEW_DOCUMENT_BYTES,
  MAX_REVIEW_DOCUMENTS,
  REVIEW_CRITERIA,
  type ReviewSubjectKind,
  replyInputSchema,
  reviewInputSchema,
  sentimentOf,
  sniffDocumentType,
  starsToValue,
  visitMonthOptions,
  WRITE_ERRORS,
} from '../../../core/reviews/write';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PG_ERRORS, pgErrorCode } from '../../db/errors';
import { httpError, type SessionViewer } from '../auth/viewer';
import type { DocumentStore } from './document-store';
import type { ReviewsService } from './service';
import { createReviewWriteRepo, type ReplySide } from './write-repo';

export interface UploadedDocument {
  fileName: string;
  data: Buffer;
}

export interface ReviewFormContext {
  kind: ReviewSubjectKind;
  id: number;
  name: string;
  url: string;
  criteria: readonly string[];
  tags: { name: string; translit: string; polarity: number }[];
  months: string[];
  /** Why this viewer cannot write (null: the form is open). */
  refusal: string | null;
  /** The refusal is mended by signing in as a patient (with a confirmed phone). */
  signInToWrite: boolean;
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
 * Writing reviews and answers (issue 6 items 4 and 6). A new review or answer waits for
 * moderation (moderation.ts); nothing here touches ratings, which count published reviews only.
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
  const deletingSince = (userId: number | null) => (userId === null ? null : repo.deletingSince(userId));

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
     * A new review, pending moderation. Refusals: 401 signed out, 403 not a patient with a
     * confirmed phone, 400 with `errors` per field, 404 unknown subject, 409 a second review of the
     * same visit month (the unique index decides, so two tabs sending at once cannot both pass).
     */
    async create(
      viewer: SessionViewer,
      body: unknown,
      files: UploadedDocument[],
    ): Promise<{ id: number; status: 'pending' }> {
      const refusal = writeRefusal(viewer, await deletingSince(viewer.userId));
      if (refusal) throw httpError(refusal === WRITE_ERRORS.signIn ? 401 : 403, refusal);
      const userId = viewer.userId as number;
      const now = clock.now();
      const parsed = reviewInputSchema(now).safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw httpError(400, Object.values(errors)[0], { errors });
      }
      const input = parsed.data;
      const kind: ReviewSubjectKind = input.doctor_id !== undefined ? 'doctor' : 'lpu';
      const subjectId = (input.doctor_id ?? input.lpu_id) as number;
      const criteria = REVIEW_CRITERIA[kind];
      if (input.stars.length !== criteria.length)
        throw httpError(400, 'Поставьте оценки', { errors: { stars: 'Поставьте оценки' } });
      const docs = checkDocuments(files);
      if (!(await reviews.head({ kind, id: subjectId }))) throw httpError(404, WRITE_ERRORS.unknownSubject);

      const tags = await repo.tagsByTranslit(input.tags);
      if (tags.length !== new Set(input.tags).size)
        throw httpError(400, WRITE_ERRORS.unknownTag, { errors: { tags: WRITE_ERRORS.unknownTag } });

      const values = input.stars.map((s) => (s === null ? null : starsToValue(s)));
      const sentiment = sentimentOf(values);
      // Files first: a failed insert leaves an unreferenced file, never a row without its file.
      for (const d of docs) await documents.put(d.key, d.data);
      try {
        const id = await repo.insertReview({
          kind,
          subjectId,
          userId,
          text: input.text,
          sentiment,
          isAnonymous: input.is_anonymous,
          assessments: criteria.map((name, i) => ({ name, value: values[i] })),
          score: reviewScore(values, sentiment),
          visitMonth: `${input.visit_month}-01`,
          tags,
          documents: docs.map((d) => ({
            fileName: d.fileName.slice(0, 200) || 'document',
            mime: d.mime,
            size: d.data.length,
            key: d.key,
          })),
          now,
        });
        return { id, status: 'pending' };
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation) throw httpError(409, WRITE_ERRORS.duplicate);
        throw err;
      }
    },

    /**
     * A doctor's or clinic's answer to a review about them (a clinic also answers about its
     * doctors), pending moderation; one live answer per side.
     */
    async reply(
      viewer: SessionViewer,
      reviewId: number,
      body: unknown,
    ): Promise<{ id: number; status: 'pending' }> {
      const side = replySide(viewer);
      const parsed = replyInputSchema.safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw httpError(400, Object.values(errors)[0], { errors });
      }
      const review = await repo.reviewForReply(reviewId, side);
      if (!review) throw httpError(404, REPLY_ERRORS.notFound);
      if (!review.mine) throw httpError(403, REPLY_ERRORS.notYours);
      if (review.status === 'pending' || review.status === 'deleted')
        throw httpError(409, REPLY_ERRORS.notShown);
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
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation) throw httpError(409, REPLY_ERRORS.duplicate);
        throw err;
      }
    },

    /**
     * The cabinet's list for a doctor or clinic account: shown reviews about them (a clinic's
     * include its doctors'), newest first, each with this side's answer and its state.
     */
    async aboutMe(viewer: SessionViewer, page: number) {
      const rows = await repo.aboutMe(replySide(viewer), ABOUT_ME_PAGE + 1, (page - 1) * ABOUT_ME_PAGE);
      return { items: rows.slice(0, ABOUT_ME_PAGE), hasNext: rows.length > ABOUT_ME_PAGE };
    },
  };
}

/** Signing in (again) as a patient helps with anything but a profile being deleted. */
function refusalOf(refusal: string | null) {
  return { refusal, signInToWrite: refusal !== null && refusal !== WRITE_ERRORS.deleting };
}

/** The work account's side, or the refusal for anyone else. */
function replySide(viewer: SessionViewer): ReplySide {
  if (viewer.userId === null) throw httpError(401, REPLY_ERRORS.signIn);
  if (viewer.role === 'doctor') return { side: 'doctor', doctorId: viewer.doctorId };
  if (viewer.role === 'clinic') return { side: 'clinic', clinicId: viewer.clinicId };
  throw httpError(403, REPLY_ERRORS.signIn);
}

/** Attached files: how many, their real type (from the bytes) and size; each gets a storage key. */
function checkDocuments(files: UploadedDocument[]) {
  const documentsError = (message: string) => httpError(400, message, { errors: { documents: message } });
  if (files.length > MAX_REVIEW_DOCUMENTS) throw documentsError(WRITE_ERRORS.documentCount);
  return files.map((f) => {
    const mime = sniffDocumentType(f.data);
    if (!mime) throw documentsError(WRITE_ERRORS.documentType);
    if (f.data.length > MAX_REVIEW_DOCUMENT_BYTES) throw documentsError(WRITE_ERRORS.documentSize);
    return { ...f, mime, key: randomUUID() };
  });
}

export const ABOUT_ME_PAGE = 20;

export type ReviewWriteService = ReturnType<typeof createReviewWriteService>;
