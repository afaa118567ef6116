import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cabinetAddClinicPhoto,
  cabinetAddClinicVideo,
  cabinetAddEquipment,
  cabinetAddLicence,
  cabinetClinicMedia,
  cabinetMoveEquipment,
  cabinetMoveGalleryItem,
  cabinetRemoveEquipment,
  cabinetRemoveGalleryItem,
  cabinetRemoveLicence,
  cabinetSetEquipment,
  cabinetSetGalleryCaption,
  cabinetSetLicence,
  cabinetUploadClinicImage,
} from '../../../core/cabinet/calls';
import {
  CaptionBodySchema,
  ClinicMediaSchema,
  EquipmentBodySchema,
  LicenceBodySchema,
  MoveBodySchema,
  UploadedImageSchema,
  VideoBodySchema,
} from '../../../core/cabinet/clinic-page-contracts';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import {
  CLINIC_MEDIA_PATH,
  CLINIC_MEDIA_LIMITS as L,
  CLINIC_MEDIA_TEXTS as T,
} from '../../../core/clinic/media';
import { badRequest, DomainError, notFound } from '../../http/errors';
import { serve } from '../../http/route';
import { hashOfMediaName } from '../../media/store';
import type { ClinicPageEditor } from './clinic-page';

/**
 * A multipart form's file (null when none was chosen) and its caption. The calls' scope parses
 * multipart forms into plain values (server/modules/auth/routes.ts); the routes here let it take
 * one file of up to 10 MB (`multipartOptions`), which arrives as a Buffer.
 */
function readUpload(request: FastifyRequest, field: string): { data: Buffer | null; caption: string } {
  if (!request.isMultipart()) throw badRequest(T.imageMissing, { errors: { [field]: T.imageMissing } });
  const body = (request.body ?? {}) as Record<string, unknown>;
  const first = (name: string) => {
    const value = body[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const file = first(field);
  const data = Buffer.isBuffer(file) ? file : null;
  const raw = first('caption');
  const caption = CaptionBodySchema.shape.caption.safeParse(typeof raw === 'string' ? raw : '');
  if (!caption.success) throw badRequest(T.captionTooLong, { errors: { caption: T.captionTooLong } });
  return { data, caption: caption.data };
}

/**
 * The clinic page's media in the cabinet (docs/product/cabinet.md, 'Photos, videos, licences and
 * equipment'), in a scope of their own (two forms carry a file):
 *   GET    /cabinet/ajax/clinic/media/                       everything, as every call below answers
 *   POST   /cabinet/ajax/clinic/media/photos/                multipart `photo` (+ `caption`), 201
 *   POST   /cabinet/ajax/clinic/media/videos/                {url, caption}, 201
 *   POST   /cabinet/ajax/clinic/media/gallery/{id}/          {caption}
 *   POST   /cabinet/ajax/clinic/media/gallery/{id}/move/     {direction: up | down}
 *   DELETE /cabinet/ajax/clinic/media/gallery/{id}/
 *   POST   /cabinet/ajax/clinic/media/images/                multipart `image` → {src}, 201
 *   POST   /cabinet/ajax/clinic/media/licences/[{id}/]       {number, issuedAt, authority, image}
 *   DELETE /cabinet/ajax/clinic/media/licences/{id}/
 *   POST   /cabinet/ajax/clinic/media/equipment/[{id}/]      {name, description, attributes, image}
 *   POST   /cabinet/ajax/clinic/media/equipment/{id}/move/   {direction}
 *   DELETE /cabinet/ajax/clinic/media/equipment/{id}/
 * and the public images: GET /media/clinics/{hash}.webp, cached a year.
 * A scope inside the calls' one: its CSRF check and multipart parsing apply.
 */
export async function clinicMediaRoutes(app: FastifyInstance, media: ClinicPageEditor) {
  // One file of up to 10 MB per form, here only (the calls' scope takes no files).
  const multipartOptions = { limits: { files: 1, fileSize: L.imageBytes, fields: 5, fieldSize: 2000 } };
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, multipartOptions } as typeof route.config;
  });

  app.get<{ Params: { name: string } }>(
    CLINIC_MEDIA_PATH,
    { config: { csrfCookie: false } },
    async (request, reply) => {
      const hash = hashOfMediaName(request.params.name);
      const data = hash ? await media.publicImage(hash) : null;
      if (!data) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  // The upload limits fail inside the multipart parser: they become the form's refusals.
  app.setErrorHandler((error: Error & { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('too_large', T.imageSize, 413, {
        errors: { photo: T.imageSize, image: T.imageSize },
      });
    if (
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT' ||
      error.code === 'FST_FIELDS_LIMIT'
    )
      throw badRequest(T.imageType);
    throw error;
  });

  const invalid = { body: { detail: T.bodyInvalid } };
  const id = (detail: string) => ({ params: { status: 404, detail } });
  const item = id(T.itemNotFound);
  const licence = id(T.licenceNotFound);
  const equipment = id(T.equipmentNotFound);

  serve(app, cabinetClinicMedia, { reply: ClinicMediaSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return media.media(await request.viewer());
  });

  // Not checked by Fastify: a multipart body is not JSON; who sends is refused before what.
  serve(app, cabinetAddClinicPhoto, { reply: ClinicMediaSchema }, async (request, reply) => {
    const viewer = await request.viewer();
    media.requireClinic(viewer);
    const { data, caption } = readUpload(request, 'photo');
    const saved = await media.addPhoto(viewer, data, caption);
    reply.status(201);
    return saved;
  });
  serve(app, cabinetUploadClinicImage, { reply: UploadedImageSchema }, async (request, reply) => {
    const viewer = await request.viewer();
    media.requireClinic(viewer);
    const { data } = readUpload(request, 'image');
    const saved = await media.uploadImage(viewer, data);
    reply.status(201);
    return saved;
  });

  serve(
    app,
    cabinetAddClinicVideo,
    { body: VideoBodySchema, reply: ClinicMediaSchema, invalid },
    async (request, reply) => {
      const saved = await media.addVideo(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );
  serve(
    app,
    cabinetSetGalleryCaption,
    {
      params: CabinetIdParamsSchema,
      body: CaptionBodySchema,
      reply: ClinicMediaSchema,
      invalid: { ...invalid, ...item },
    },
    async (request) => media.setCaption(await request.viewer(), request.params.id, request.body.caption),
  );
  serve(
    app,
    cabinetMoveGalleryItem,
    {
      params: CabinetIdParamsSchema,
      body: MoveBodySchema,
      reply: ClinicMediaSchema,
      invalid: { ...invalid, ...item },
    },
    async (request) =>
      media.moveGalleryItem(await request.viewer(), request.params.id, request.body.direction),
  );
  serve(
    app,
    cabinetRemoveGalleryItem,
    { params: CabinetIdParamsSchema, reply: ClinicMediaSchema, invalid: item },
    async (request) => media.removeGalleryItem(await request.viewer(), request.params.id),
  );

  serve(
    app,
    cabinetAddLicence,
    { body: LicenceBodySchema, reply: ClinicMediaSchema, invalid },
    async (request, reply) => {
      const saved = await media.addLicence(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );
  serve(
    app,
    cabinetSetLicence,
    {
      params: CabinetIdParamsSchema,
      body: LicenceBodySchema,
      reply: ClinicMediaSchema,
      invalid: { ...invalid, ...licence },
    },
    async (request) => media.setLicence(await request.viewer(), request.params.id, request.body),
  );
  serve(
    app,
    cabinetRemoveLicence,
    { params: CabinetIdParamsSchema, reply: ClinicMediaSchema, invalid: licence },
    async (request) => media.removeLicence(await request.viewer(), request.params.id),
  );

  serve(
    app,
    cabinetAddEquipment,
    { body: EquipmentBodySchema, reply: ClinicMediaSchema, invalid },
    async (request, reply) => {
      const saved = await media.addEquipment(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );
  serve(
    app,
    cabinetSetEquipment,
    {
      params: CabinetIdParamsSchema,
      body: EquipmentBodySchema,
      reply: ClinicMediaSchema,
      invalid: { ...invalid, ...equipment },
    },
    async (request) => media.setEquipment(await request.viewer(), request.params.id, request.body),
  );
  serve(
    app,
    cabinetMoveEquipment,
    {
      params: CabinetIdParamsSchema,
      body: MoveBodySchema,
      reply: ClinicMediaSchema,
      invalid: { ...invalid, ...equipment },
    },
    async (request) => media.moveEquipment(await request.viewer(), request.params.id, request.body.direction),
  );
  serve(
    app,
    cabinetRemoveEquipment,
    { params: CabinetIdParamsSchema, reply: ClinicMediaSchema, invalid: equipment },
    async (request) => media.removeEquipment(await request.viewer(), request.params.id),
  );
}
