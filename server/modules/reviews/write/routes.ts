import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cabinetReviews, createReply, createReview } from '../../../../core/reviews/calls';
import {
  AwaitingModerationSchema,
  CabinetReviewsQuerySchema,
  CabinetReviewsSchema,
  ReviewIdParamsSchema,
} from '../../../../core/reviews/contracts';
import { serve } from '../../../http/route';
import type { ReviewWriteService, UploadedDocument } from './service';

type Part = MultipartFile | MultipartValue;

/**
 * A form's body as plain fields and files: JSON as it came; a multipart form's text fields
 * (repeated names become lists; `stars` and `tags` are always lists, an empty star is 'not
 * rated') and its non-empty files. Either way the service reads the fields with the same schema.
 */
async function readForm(request: FastifyRequest): Promise<{ fields: unknown; files: UploadedDocument[] }> {
  if (!request.isMultipart()) return { fields: request.body, files: [] };
  const fields: Record<string, unknown> = {};
  const files: UploadedDocument[] = [];
  // A multipart body with no part at all (only its closing boundary) leaves no body: no fields.
  const body = (request.body ?? {}) as Record<string, Part | Part[]>;
  for (const [name, value] of Object.entries(body)) {
    const parts = Array.isArray(value) ? value : [value];
    const values: unknown[] = [];
    for (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files.push({ fileName: part.filename, data });
      } else values.push(part.value === '' && name === 'stars' ? null : part.value);
    }
    if (parts[0]?.type === 'field')
      fields[name] = name === 'stars' || name === 'tags' || values.length > 1 ? values : values[0];
  }
  return { fields, files };
}

/**
 * Writing reviews and answers:
 *   POST /api/reviews/                 a review (JSON, or multipart with `documents` files)
 *   POST /api/reviews/{id}/replies/    a doctor's or clinic's answer
 *   GET  /api/cabinet/reviews/?page&unanswered&doctor&tone&period   the doctor's or clinic's inbox
 * The two forms are not checked by Fastify: a multipart body is not JSON, and who writes is
 * refused before what they wrote (the service reads the fields with the contract's schemas).
 */
export async function writeRoutes(app: FastifyInstance, { writer }: { writer: ReviewWriteService }) {
  serve(app, createReview, { reply: AwaitingModerationSchema }, async (request, reply) => {
    const viewer = await request.viewer();
    const { fields, files } = await readForm(request);
    const created = await writer.create(viewer, fields, files);
    reply.status(201);
    return created;
  });

  serve(
    app,
    createReply,
    { params: ReviewIdParamsSchema, reply: AwaitingModerationSchema },
    async (request, reply) => {
      const { fields } = await readForm(request);
      const created = await writer.reply(await request.viewer(), request.params.id, fields);
      reply.status(201);
      return created;
    },
  );

  serve(
    app,
    cabinetReviews,
    { query: CabinetReviewsQuerySchema, reply: CabinetReviewsSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return writer.aboutMe(await request.viewer(), request.query);
    },
  );
}
