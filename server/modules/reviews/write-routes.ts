import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FAKE_WARNINGS } from '../../../core/reviews/fake-warning';
import { MAX_REVIEW_DOCUMENT_BYTES, MAX_REVIEW_DOCUMENTS, WRITE_ERRORS } from '../../../core/reviews/write';
import { requireCsrf } from '../../security/csrf';
import { QUEUE_STATUSES, type ReviewModerationService } from './moderation';
import type { ReviewWriteService, UploadedDocument } from './write-service';

const IdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Некорректный идентификатор')
    .transform(Number),
});
const PageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,5}$/, 'Некорректный номер страницы')
    .transform(Number)
    .refine((n) => n >= 1, 'Некорректный номер страницы')
    .default(1),
});
const QueueQuery = PageQuery.extend({
  status: z.enum(QUEUE_STATUSES, 'Неизвестное состояние отзыва').default('pending'),
  q: z
    .string()
    .max(200, 'Запрос — не длиннее 200 символов')
    .transform((s) => s.trim() || null)
    .default(null),
});
const ModerateBody = z.object({
  action: z.enum(['publish', 'unconfirm', 'resolve', 'delete'], 'Неизвестное действие'),
  reason: z.string().max(500, 'Причина — не длиннее 500 символов').nullish(),
});
const ModerateReplyBody = z.object({
  action: z.enum(['publish', 'delete'], 'Неизвестное действие'),
  reason: z.string().max(500, 'Причина — не длиннее 500 символов').nullish(),
});

const FakeWarningBody = z.object({
  kind: z.enum(['doctor', 'lpu'], 'Укажите врача или клинику'),
  id: z.number('Укажите врача или клинику').int().positive('Укажите врача или клинику'),
  warning: z.enum(FAKE_WARNINGS, 'Неизвестное предупреждение').nullable(),
});

function bad(detail: string) {
  return Object.assign(new Error(detail), { statusCode: 400 });
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw bad(parsed.error.issues[0].message);
  return parsed.data;
}

type Part = MultipartFile | MultipartValue;

/**
 * The form's multipart body → plain fields (repeated names become arrays; `stars` and `tags` are
 * always lists) and the attached files.
 */
async function readForm(
  body: Record<string, Part | Part[]>,
): Promise<{ fields: Record<string, unknown>; files: UploadedDocument[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedDocument[] = [];
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
 * Writing and moderating reviews (issue 6; the spec names no calls for these):
 *   POST /api/reviews/                          a review (JSON, or multipart with `documents` files)
 *   POST /api/reviews/{id}/replies/             a doctor's or clinic's answer
 *   GET  /api/cabinet/reviews/?page             reviews about the signed-in doctor or clinic
 *   GET  /api/staff/reviews/?status&page&q      the moderation queue (q: a review number or words)
 *   POST /api/staff/reviews/{id}/moderate/      {action: publish|unconfirm|resolve|delete, reason}
 *   POST /api/staff/replies/{id}/moderate/      {action: publish|delete, reason}
 *   GET  /api/staff/reviews/documents/{id}/     an attached document (staff only)
 *   POST /api/staff/fake-warning/               {kind: doctor|lpu, id, warning: review|rating|null}
 * Its own scope: the review form carries files, which the site's other forms may not.
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
  app.addHook('preHandler', requireCsrf);
  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _request, reply) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply
        .status(400)
        .send({ detail: WRITE_ERRORS.documentSize, errors: { documents: WRITE_ERRORS.documentSize } });
    if (error.code === 'FST_FILES_LIMIT')
      return reply
        .status(400)
        .send({ detail: WRITE_ERRORS.documentCount, errors: { documents: WRITE_ERRORS.documentCount } });
    throw error;
  });

  app.post('/api/reviews/', async (request, reply) => {
    const viewer = await request.viewer();
    const { fields, files } = request.isMultipart()
      ? await readForm(request.body as Record<string, Part | Part[]>)
      : { fields: request.body, files: [] };
    return reply.status(201).send(await writer.create(viewer, fields, files));
  });

  app.post('/api/reviews/:id/replies/', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const body = request.isMultipart()
      ? (await readForm(request.body as Record<string, Part | Part[]>)).fields
      : request.body;
    return reply.status(201).send(await writer.reply(await request.viewer(), id, body));
  });

  app.get('/api/cabinet/reviews/', async (request, reply) => {
    const { page } = parse(PageQuery, request.query);
    reply.header('cache-control', 'private, no-store');
    return writer.aboutMe(await request.viewer(), page);
  });

  app.get('/api/staff/reviews/', async (request, reply) => {
    const { status, page, q } = parse(QueueQuery, request.query);
    reply.header('cache-control', 'private, no-store');
    return moderation.queue(await request.viewer(), status, page, q);
  });

  app.post('/api/staff/reviews/:id/moderate/', async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(ModerateBody, request.body);
    return moderation.moderate(await request.viewer(), id, body.action, body.reason ?? null);
  });

  app.post('/api/staff/replies/:id/moderate/', async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(ModerateReplyBody, request.body);
    return moderation.moderateReply(await request.viewer(), id, body.action, body.reason ?? null);
  });

  app.post('/api/staff/fake-warning/', async (request) => {
    const { kind, id, warning } = parse(FakeWarningBody, request.body);
    return moderation.setFakeWarning(await request.viewer(), { kind, id }, warning);
  });

  app.get('/api/staff/reviews/documents/:id/', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const doc = await moderation.document(await request.viewer(), id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', doc.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
      .send(doc.data);
  });
}
