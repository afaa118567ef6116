import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  callRequestCreate,
  callRequestFinish,
  codeConfirm,
  codeRequest,
  formCodeRequest,
  login,
  logout,
  phoneLogin,
  profilePhoneConfirm,
  pullAuth,
  staffPhoneConfirm,
} from '../../../core/auth/calls';
import {
  AuthorizationCodeSchema,
  CallFinishBodySchema,
  CallFinishedSchema,
  CallFinishQuerySchema,
  CallRequestBodySchema,
  CallRequestCreatedSchema,
  ClientQuerySchema,
  CodeConfirmBodySchema,
  CodeRequestBodySchema,
  CodeRequestedSchema,
  FormCodeBodySchema,
  FormPhoneBodySchema,
  LoginBodySchema,
  PhoneLoginBodySchema,
  StaffPhoneConfirmedSchema,
  ViewerReplySchema,
} from '../../../core/auth/contracts';
import { DOCTOR_LOGIN_LINK, doctorLoginTarget } from '../../../core/auth/login-link';
import { serve } from '../../http/route';
import { authFailure } from './failures';
import type { AuthService, RequestContext } from './service';

const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  addressKey: request.addressKey,
  userAgent: request.headers['user-agent'],
});

/**
 * The sign-in calls (docs/product/sign-in.md): the sign-in service under /services/sso/ (on this
 * same server), login / pullAuth / logout, and the staff and profile confirmation forms. The
 * service words every refusal for its flow; these routes only pass the request on.
 */
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    documentSiteUrl = null,
    isOfficeIp = () => false,
  }: {
    auth: AuthService;
    documentSiteUrl?: string | null;
    isOfficeIp?: (ip: string) => boolean;
  },
) {
  // The doctor login link decides per visitor, so the pages that carry it can be cached.
  app.get(DOCTOR_LOGIN_LINK, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return reply.redirect(doctorLoginTarget({ documentSiteUrl, fromOffice: isOfficeIp(request.ip) }), 302);
  });

  // The site's own forms post multipart/form-data; fields arrive as a plain body, files refused.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 10, fieldSize: 1000 },
  });

  // Staff confirm phones by SMS only (docs/product/sign-in.md): a staff session is never sent
  // a VK message or a flash call, whatever it asks.
  serve(app, codeRequest, { body: CodeRequestBodySchema, reply: CodeRequestedSchema }, async (request) =>
    auth.requestCode({
      phone: request.body.phone,
      confirmationFlow: request.body.confirmation_flow,
      smsOnly: (await request.viewer()).isStaff,
      ctx: contextOf(request),
    }),
  );

  serve(app, phoneLogin, { body: PhoneLoginBodySchema, reply: CodeRequestedSchema }, async (request) =>
    auth.requestCode({ phone: request.body.phone, smsOnly: true, ctx: contextOf(request) }),
  );

  serve(
    app,
    codeConfirm,
    { query: ClientQuerySchema, body: CodeConfirmBodySchema, reply: AuthorizationCodeSchema },
    async (request) => {
      const { authorization_code } = await auth.confirmCode({
        phone: request.body.phone,
        code: request.body.code,
        serviceId: request.body.service_id,
        clientId: request.query.client_id,
        viewer: await request.viewer(),
        ctx: contextOf(request),
      });
      return { authorization_code };
    },
  );

  serve(
    app,
    callRequestCreate,
    { body: CallRequestBodySchema, reply: CallRequestCreatedSchema },
    async (request) => auth.createCallRequest({ phone: request.body.phone, ctx: contextOf(request) }),
  );

  serve(
    app,
    callRequestFinish,
    { query: CallFinishQuerySchema, body: CallFinishBodySchema, reply: CallFinishedSchema },
    async (request, reply) => {
      const { source } = request.query;
      if (source != null && source !== 'timer' && source !== 'ws') throw authFailure(400, 'error_fields');
      const result = await auth.finishCallRequest({
        phone: request.body.phone,
        uuid: request.body.uuid,
        clientId: request.query.client_id,
        ctx: contextOf(request),
      });
      if ('status' in result) reply.status(202);
      return result;
    },
  );

  serve(app, login, { body: LoginBodySchema, reply: ViewerReplySchema }, async (request, reply) => ({
    user: await auth.login({
      authorizationCode: request.body.authorization_code,
      clientId: request.body.client_id,
      request,
      reply,
    }),
  }));

  serve(app, pullAuth, { reply: ViewerReplySchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { user: await request.viewer() };
  });

  serve(app, logout, { reply: ViewerReplySchema }, async (request, reply) => {
    await auth.logout(request, reply);
    return { user: await request.viewer() };
  });

  // The forms' replies are the texts their old clients expect, not JSON.
  serve(app, formCodeRequest, { body: FormPhoneBodySchema }, async (request) => {
    await auth.requestFormCode({
      phone: request.body.phone,
      viewer: await request.viewer(),
      ctx: contextOf(request),
    });
    return 'success';
  });

  serve(
    app,
    staffPhoneConfirm,
    { body: FormCodeBodySchema, reply: StaffPhoneConfirmedSchema },
    async (request) => {
      await auth.confirmStaffCode({
        phone: request.body.phone,
        code: request.body.code,
        viewer: await request.viewer(),
        ctx: contextOf(request),
      });
      return { result: 'OK' as const };
    },
  );

  serve(app, profilePhoneConfirm, { body: FormCodeBodySchema }, async (request) => {
    await auth.confirmProfileCode({
      phone: request.body.phone,
      code: request.body.code,
      viewer: await request.viewer(),
      ctx: contextOf(request),
    });
    return 'OK';
  });
}
