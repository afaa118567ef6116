import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cabinetDocuments,
  cabinetUploadDocument,
  cabinetWithdrawDocument,
  doctorDocumentFile,
  staffDecideDocument,
  staffDocuments,
} from '../../../core/doctor/document-calls';
import {
  CabinetDocumentsSchema,
  DocumentDecisionBodySchema,
  DocumentIdParamsSchema,
  DocumentsQuerySchema,
  DocumentWithdrawBodySchema,
  StaffDocumentSchema,
  StaffDocumentsQuerySchema,
  StaffDocumentsSchema,
} from '../../../core/doctor/document-contracts';
import { DOCUMENT_LIMITS, DOCUMENT_TEXTS } from '../../../core/doctor/document-scans';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { ClientIdSchema } from '../../../core/schedule/contracts';
import { DomainError, notFound } from '../../http/errors';
import { serve } from '../../http/route';
import { requireCsrf } from '../../security/csrf';
import { documentRefusal } from './document-file';
import type { DoctorDocumentsService } from './documents';

type Part = MultipartFile | MultipartValue;

/** The scan form: its file's bytes (null when none was chosen), its kind and the clinic's doctor id. */
async function readDocumentForm(
  request: FastifyRequest,
): Promise<{ data: Buffer | null; kind?: string; doctorId?: number }> {
  if (!request.isMultipart()) throw documentRefusal(DOCUMENT_TEXTS.missing);
  const body = (request.body ?? {}) as Record<string, Part | Part[]>;
  const first = (name: string) => {
    const value = body[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const field = (name: string) => {
    const part = first(name);
    return part?.type === 'field' && typeof part.value === 'string' ? part.value : undefined;
  };
  const file = first('file');
  const data = file?.type === 'file' ? await file.toBuffer() : null;
  const kind = field('kind');
  const raw = field('doctor_id');
  if (raw === undefined || raw === '') return { data, kind };
  const parsed = ClientIdSchema.safeParse(raw);
  if (!parsed.success) throw notFound(PROFILE_TEXTS.noDoctor);
  return { data, kind, doctorId: parsed.data };
}

/**
 * The scans for the 'Документы проверены' marks, in a scope of their own (the form carries a file):
 *   GET  /cabinet/ajax/profile/documents/?doctor            one slot per kind with its latest scan
 *   POST /cabinet/ajax/profile/documents/                   multipart `file`, `kind` (+ `doctor_id`) → 201
 *   POST /cabinet/ajax/profile/documents/{id}/withdraw/     withdraws a pending scan
 *   GET  /cabinet/ajax/profile/documents/{id}/file/         the file (the doctor, his clinics, staff)
 *   GET  /api/staff/profiles/documents/?status=pending|decided&page
 *   POST /api/staff/profiles/documents/{id}/decision/       {decision: accept|reject, reason}
 */
export async function doctorDocumentRoutes(
  app: FastifyInstance,
  { documents }: { documents: DoctorDocumentsService },
) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { files: 1, fileSize: DOCUMENT_LIMITS.bytes, fields: 5, fieldSize: 100 },
    });
    scope.addHook('preValidation', requireCsrf);
    // The upload limits fail inside the multipart parser: they become the form's refusals.
    scope.setErrorHandler((error: Error & { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new DomainError('too_large', DOCUMENT_TEXTS.size, 413, {
          errors: { file: DOCUMENT_TEXTS.size },
        });
      if (
        error.code === 'FST_FILES_LIMIT' ||
        error.code === 'FST_PARTS_LIMIT' ||
        error.code === 'FST_FIELDS_LIMIT'
      )
        throw documentRefusal(DOCUMENT_TEXTS.type);
      throw error;
    });

    serve(
      scope,
      cabinetDocuments,
      { query: DocumentsQuerySchema, reply: CabinetDocumentsSchema },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return documents.documents(await request.viewer(), request.query.doctor);
      },
    );

    // Not checked by Fastify: a multipart body is not JSON; who sends is refused before what.
    serve(scope, cabinetUploadDocument, { reply: CabinetDocumentsSchema }, async (request, reply) => {
      const viewer = await request.viewer();
      const { data, kind, doctorId } = await readDocumentForm(request);
      const saved = await documents.upload(viewer, doctorId, kind, data);
      reply.status(201);
      return saved;
    });

    serve(
      scope,
      cabinetWithdrawDocument,
      { params: DocumentIdParamsSchema, body: DocumentWithdrawBodySchema, reply: CabinetDocumentsSchema },
      async (request) =>
        documents.withdraw(await request.viewer(), request.body.doctor_id, request.params.id),
    );

    // Never a page: a PDF is shown by the browser's viewer, an image as an image; nothing sniffs.
    serve(scope, doctorDocumentFile, { params: DocumentIdParamsSchema }, async (request, reply) => {
      const { data, contentType } = await documents.file(await request.viewer(), request.params.id);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });

    serve(
      scope,
      staffDocuments,
      { query: StaffDocumentsQuerySchema, reply: StaffDocumentsSchema },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return documents.queue(await request.viewer(), request.query.status, request.query.page);
      },
    );

    serve(
      scope,
      staffDecideDocument,
      { params: DocumentIdParamsSchema, body: DocumentDecisionBodySchema, reply: StaffDocumentSchema },
      async (request) => {
        const { decision, reason } = request.body;
        return documents.decide(await request.viewer(), request.params.id, decision, reason ?? null);
      },
    );
  });
}
