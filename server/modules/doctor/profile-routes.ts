import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cabinetProfile,
  cabinetSubmitProfile,
  cabinetUploadPhoto,
  cabinetWithdrawProfile,
  DOCTOR_PHOTO_PATH,
  profileChangePhoto,
  staffDecideProfile,
  staffProfiles,
} from '../../../core/doctor/profile-calls';
import {
  CabinetProfileSchema,
  ProfileChangeSchema,
  ProfileDecisionBodySchema,
  ProfileIdParamsSchema,
  ProfileQuerySchema,
  ProfileSubmitBodySchema,
  ProfileWithdrawBodySchema,
  StaffProfilesQuerySchema,
  StaffProfilesSchema,
} from '../../../core/doctor/profile-contracts';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { ClientIdSchema } from '../../../core/schedule/contracts';
import { DomainError, notFound } from '../../http/errors';
import { serve } from '../../http/route';
import { requireCsrf } from '../../security/csrf';
import type { DoctorDocumentsService } from './documents';
import { doctorDocumentRoutes } from './documents-routes';
import { photoRefusal } from './photo';
import type { DoctorProfileEditor } from './profile-edit';

type Part = MultipartFile | MultipartValue;

/** The photo form: its file's bytes (null when none was chosen) and the clinic's doctor id. */
async function readPhotoForm(request: FastifyRequest): Promise<{ data: Buffer | null; doctorId?: number }> {
  if (!request.isMultipart()) throw photoRefusal(PROFILE_TEXTS.photoMissing);
  const body = (request.body ?? {}) as Record<string, Part | Part[]>;
  const first = (name: string) => {
    const value = body[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const file = first('photo');
  const data = file?.type === 'file' ? await file.toBuffer() : null;
  const doctor = first('doctor_id');
  const raw = doctor?.type === 'field' ? doctor.value : undefined;
  if (raw === undefined || raw === '') return { data };
  const parsed = ClientIdSchema.safeParse(raw);
  if (!parsed.success) throw notFound(PROFILE_TEXTS.noDoctor);
  return { data, doctorId: parsed.data };
}

/**
 * The doctor's profile in the cabinet and its moderation, in a scope of their own (the photo
 * form carries a file):
 *   GET  /cabinet/ajax/profile/?doctor              the profile, the pending change, the last decision
 *   POST /cabinet/ajax/profile/                     the form's fields → a pending change (201)
 *   POST /cabinet/ajax/profile/photo/               multipart `photo` (+ `doctor_id`) → a pending change (201)
 *   POST /cabinet/ajax/profile/withdraw/            withdraws the pending change
 *   GET  /cabinet/ajax/profile/changes/{id}/photo/  a pending photo (the doctor, his clinics, staff)
 *   GET  /api/staff/profiles/?status=pending|decided&page
 *   POST /api/staff/profiles/{id}/decision/         {decision: approve|reject, reason}
 * and, outside it, the approved photos: GET /media/doctors/{hash}.webp; the scans for the
 * 'Документы проверены' marks are in documents-routes.ts.
 */
export async function doctorProfileRoutes(
  app: FastifyInstance,
  { profiles, documents }: { profiles: DoctorProfileEditor; documents: DoctorDocumentsService },
) {
  await doctorDocumentRoutes(app, { documents });

  app.get<{ Params: { name: string } }>(
    DOCTOR_PHOTO_PATH,
    { config: { csrfCookie: false } },
    async (request, reply) => {
      const hash = /^([0-9a-f]{32})\.webp$/.exec(request.params.name)?.[1];
      const data = hash ? await profiles.publicPhoto(hash) : null;
      if (!data) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { files: 1, fileSize: PROFILE_LIMITS.photoBytes, fields: 5, fieldSize: 100 },
    });
    scope.addHook('preValidation', requireCsrf);
    // The upload limits fail inside the multipart parser: they become the form's refusals.
    scope.setErrorHandler((error: Error & { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new DomainError('too_large', PROFILE_TEXTS.photoSize, 413, {
          errors: { photo: PROFILE_TEXTS.photoSize },
        });
      if (
        error.code === 'FST_FILES_LIMIT' ||
        error.code === 'FST_PARTS_LIMIT' ||
        error.code === 'FST_FIELDS_LIMIT'
      )
        throw photoRefusal(PROFILE_TEXTS.photoType);
      throw error;
    });

    serve(
      scope,
      cabinetProfile,
      { query: ProfileQuerySchema, reply: CabinetProfileSchema },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return profiles.profile(await request.viewer(), request.query.doctor);
      },
    );

    serve(
      scope,
      cabinetSubmitProfile,
      { body: ProfileSubmitBodySchema, reply: CabinetProfileSchema },
      async (request, reply) => {
        const { doctor_id, ...form } = request.body;
        const saved = await profiles.submit(await request.viewer(), doctor_id, form);
        reply.status(201);
        return saved;
      },
    );

    // Not checked by Fastify: a multipart body is not JSON; who sends is refused before what.
    serve(scope, cabinetUploadPhoto, { reply: CabinetProfileSchema }, async (request, reply) => {
      const viewer = await request.viewer();
      const { data, doctorId } = await readPhotoForm(request);
      const saved = await profiles.uploadPhoto(viewer, doctorId, data);
      reply.status(201);
      return saved;
    });

    serve(
      scope,
      cabinetWithdrawProfile,
      { body: ProfileWithdrawBodySchema, reply: CabinetProfileSchema },
      async (request) => profiles.withdraw(await request.viewer(), request.body.doctor_id),
    );

    serve(scope, profileChangePhoto, { params: ProfileIdParamsSchema }, async (request, reply) => {
      const data = await profiles.changePhoto(await request.viewer(), request.params.id);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });

    serve(
      scope,
      staffProfiles,
      { query: StaffProfilesQuerySchema, reply: StaffProfilesSchema },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return profiles.queue(await request.viewer(), request.query.status, request.query.page);
      },
    );

    serve(
      scope,
      staffDecideProfile,
      { params: ProfileIdParamsSchema, body: ProfileDecisionBodySchema, reply: ProfileChangeSchema },
      async (request) => {
        const { decision, reason } = request.body;
        return profiles.decide(await request.viewer(), request.params.id, decision, reason ?? null);
      },
    );
  });
}
