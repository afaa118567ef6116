import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_REVIEW_DOCUMENT_BYTES, MAX_REVIEW_DOCUMENTS, WRITE_ERRORS } from '../../../core/reviews/write';
import { badRequest } from '../../http/errors';
import { requireCsrf } from '../../security/csrf';
import { awardRoutes } from './awards/routes';
import type { ReviewAwardsService } from './awards/service';
import { moderationRoutes } from './moderation/routes';
import type { ReviewModerationService } from './moderation/service';
import { readRoutes } from './read/routes';
import type { PatientProfileService, ReviewsService } from './read/service';
import { writeRoutes } from './write/routes';
import type { ReviewWriteService } from './write/service';

/** The reviews' calls that live in the site's shared API scope: reading and the awards. */
export async function reviewsRoutes(
  app: FastifyInstance,
  {
    reviews,
    patientProfiles,
    awards,
  }: { reviews: ReviewsService; patientProfiles: PatientProfileService; awards: ReviewAwardsService },
) {
  await readRoutes(app, { reviews, patientProfiles });
  await awardRoutes(app, { awards });
}

/** What a rejected upload tells the form, under its documents field. */
const documentsRefusal = (detail: string) => badRequest(detail, { errors: { documents: detail } });

/**
 * Writing and moderating reviews, in a scope of their own: the review form carries files, which
 * the site's other forms may not. Every state-changing call checks the CSRF token before its
 * body is validated.
 */
export async function reviewWriteRoutes(
  app: FastifyInstance,
  { writer, moderation }: { writer: ReviewWriteService; moderation: ReviewModerationService },
) {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: {
      files: MAX_REVIEW_DOCUMENTS,
      fileSize: MAX_REVIEW_DOCUMENT_BYTES,
      fields: 40,
      fieldSize: 20_000,
    },
  });
  app.addHook('preValidation', requireCsrf);
  // The upload limits fail inside the multipart parser: they become the form's refusals, which
  // the one error handler answers.
  app.setErrorHandler((error: Error & { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw documentsRefusal(WRITE_ERRORS.documentSize);
    if (error.code === 'FST_FILES_LIMIT') throw documentsRefusal(WRITE_ERRORS.documentCount);
    throw error;
  });
  await writeRoutes(app, { writer });
  await moderationRoutes(app, { moderation });
}
