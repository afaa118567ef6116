import type { FastifyInstance } from 'fastify';
import {
  bulkModerateReviews,
  moderateReply,
  moderateReview,
  moderationQueue,
  reviewDocument,
  setFakeWarning,
} from '../../../../core/reviews/calls';
import { ReviewIdParamsSchema } from '../../../../core/reviews/contracts';
import {
  BulkModerateBodySchema,
  BulkModeratedSchema,
  FakeWarningBodySchema,
  FakeWarningSetSchema,
  ModerateBodySchema,
  ModeratedSchema,
  ModerateReplyBodySchema,
  ModerationQueueSchema,
  QueueQuerySchema,
  ReplyModeratedSchema,
} from '../../../../core/reviews/moderation-contracts';
import { serve } from '../../../http/route';
import type { ReviewModerationService } from './service';

/**
 * The staff's side (the service refuses anyone else):
 *   GET  /api/staff/reviews/?status&page&q&town&clinic&doctor&tone&from&to&documents   the queue
 *   POST /api/staff/reviews/bulk/               {ids, action: publish|delete, reason} all or none
 *   POST /api/staff/reviews/{id}/moderate/      {action: publish|unconfirm|resolve|delete, reason}
 *   POST /api/staff/replies/{id}/moderate/      {action: publish|delete, reason}
 *   GET  /api/staff/reviews/documents/{id}/     a document attached to a review
 *   POST /api/staff/fake-warning/               {kind: doctor|lpu, id, warning: review|rating|null}
 */
export async function moderationRoutes(
  app: FastifyInstance,
  { moderation }: { moderation: ReviewModerationService },
) {
  serve(
    app,
    moderationQueue,
    { query: QueueQuerySchema, reply: ModerationQueueSchema },
    async (request, reply) => {
      const { status, page, q, ...filter } = request.query;
      reply.header('cache-control', 'private, no-store');
      return moderation.queue(await request.viewer(), status, page, q, filter);
    },
  );

  serve(
    app,
    moderateReview,
    { params: ReviewIdParamsSchema, body: ModerateBodySchema, reply: ModeratedSchema },
    async (request) => {
      const { action, reason } = request.body;
      return moderation.moderate(await request.viewer(), request.params.id, action, reason ?? null);
    },
  );

  serve(
    app,
    bulkModerateReviews,
    { body: BulkModerateBodySchema, reply: BulkModeratedSchema },
    async (request) => {
      const { ids, action, reason } = request.body;
      return moderation.moderateMany(await request.viewer(), ids, action, reason ?? null);
    },
  );

  serve(
    app,
    moderateReply,
    { params: ReviewIdParamsSchema, body: ModerateReplyBodySchema, reply: ReplyModeratedSchema },
    async (request) => {
      const { action, reason } = request.body;
      return moderation.moderateReply(await request.viewer(), request.params.id, action, reason ?? null);
    },
  );

  serve(
    app,
    setFakeWarning,
    { body: FakeWarningBodySchema, reply: FakeWarningSetSchema },
    async (request) => {
      const { kind, id, warning } = request.body;
      return moderation.setFakeWarning(await request.viewer(), { kind, id }, warning);
    },
  );

  // The file itself, never shown inline: the browser saves it.
  serve(app, reviewDocument, { params: ReviewIdParamsSchema }, async (request, reply) => {
    const doc = await moderation.document(await request.viewer(), request.params.id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', doc.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
      .send(doc.data);
  });
}
