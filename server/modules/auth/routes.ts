import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FLOW_A_CONFIRM_ERRORS,
  FLOW_A_REQUEST_ERRORS,
  type FlowAConfirmError,
  type FlowARequestError,
  flowBMessage,
  isFlowBError,
} from '../../../core/auth/errors';
import { DOCTOR_LOGIN_LINK, doctorLoginTarget } from '../../../core/auth/login-link';
import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import { AuthFailure, type AuthService, type RequestContext } from './service';
import { publicViewer } from './viewer';

const SIGN_IN_REQUIRED = 'Необходимо войти в личный кабинет';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Body)
    : {};
const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const queryOf = (request: FastifyRequest) => request.query as Record<string, string | undefined>;

/** Flow B (the sign-in service): `{code, detail, waiting_time?}` worded by the method in use. */
function sendFlowB(reply: FastifyReply, err: unknown) {
  if (!(err instanceof AuthFailure)) throw err;
  const detail = isFlowBError(err.code) ? flowBMessage(err.code, err.method) : SIGN_IN_REQUIRED;
  return reply.status(err.statusCode).send({
    code: err.code,
    detail,
    ...(err.waitingTime !== undefined ? { waiting_time: err.waitingTime } : {}),
  });
}

const FLOW_A_REQUEST_CODE: Record<string, FlowARequestError> = {
  invalid: 'invalid',
  error_limit: 'error_limit',
  error_limit_total: 'error_limit_total',
  too_many_requests: 'error_limit_total',
};
const FLOW_A_CONFIRM_CODE: Record<string, FlowAConfirmError> = {
  error_fields: 'invalid',
  error_code: 'error_code',
  obsolete: 'code_expired',
  attempts_out: 'code_expired',
  too_many_requests: 'code_expired',
  user_has_phone: 'user_has_phone',
};

/** Flow A (the site's own forms): the key under the field it concerns, `phone` or `secret_code`. */
function sendFlowA(reply: FastifyReply, err: unknown, stage: 'request' | 'confirm') {
  if (!(err instanceof AuthFailure)) throw err;
  if (err.code === 'forbidden')
    return reply.status(403).send({ code: 'forbidden', detail: SIGN_IN_REQUIRED });
  const phoneCode = stage === 'request' || err.code === 'invalid' ? FLOW_A_REQUEST_CODE[err.code] : undefined;
  if (phoneCode) {
    return reply.status(err.statusCode).send({
      code: phoneCode,
      detail: FLOW_A_REQUEST_ERRORS[phoneCode],
      phone: { code: phoneCode },
      ...(err.waitingTime !== undefined ? { waiting_time: err.waitingTime } : {}),
    });
  }
  const codeKey = FLOW_A_CONFIRM_CODE[err.code] ?? 'error_code';
  return reply
    .status(err.statusCode)
    .send({ code: codeKey, detail: FLOW_A_CONFIRM_ERRORS[codeKey], secret_code: { code: codeKey } });
}

/** Staff and no-registration calls send the number without the country code (spec section 5). */
function withCountryCode(raw: unknown): string {
  return typeof raw === 'string' && /^\d{10}$/.test(raw) ? `7${raw}` : '';
}

/**
 * The spec's 'Authentication' calls (section 7): the sign-in service under /services/sso/ (on
 * this same server), login / pullAuth / logout, and the staff and profile confirmation forms.
 */
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    clientIds,
    documentSiteUrl = null,
    isOfficeIp = () => false,
  }: {
    auth: AuthService;
    clientIds: readonly string[];
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

  app.post('/services/sso/confirmation/request/', async (request, reply) => {
    const body = bodyOf(request);
    try {
      return await auth.requestCode({
        phone: body.phone,
        confirmationFlow: body.confirmation_flow,
        viewer: await request.viewer(),
        ctx: contextOf(request),
      });
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.post('/services/sso/phone_login/', async (request, reply) => {
    try {
      return await auth.requestCode({
        phone: withCountryCode(bodyOf(request).phone),
        smsOnly: true,
        viewer: await request.viewer(),
        ctx: contextOf(request),
      });
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.post('/services/sso/confirmation/confirm/', async (request, reply) => {
    const body = bodyOf(request);
    try {
      const { authorization_code } = await auth.confirmCode({
        phone: body.phone,
        code: body.code,
        serviceId: body.service_id,
        clientId: queryOf(request).client_id,
        viewer: await request.viewer(),
        ctx: contextOf(request),
      });
      return { authorization_code };
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.post('/services/sso/calls/create_request/', async (request, reply) => {
    try {
      return await auth.createCallRequest({ phone: bodyOf(request).phone, ctx: contextOf(request) });
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.post('/services/sso/calls/finish_request/', async (request, reply) => {
    const body = bodyOf(request);
    const query = queryOf(request);
    if (query.source !== undefined && query.source !== 'timer' && query.source !== 'ws')
      return sendFlowB(reply, new AuthFailure(400, 'error_fields'));
    try {
      const result = await auth.finishCallRequest({
        phone: body.phone,
        uuid: body.uuid,
        clientId: query.client_id,
        ctx: contextOf(request),
      });
      if ('status' in result) return reply.status(202).send(result);
      return result;
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.post('/api/auth/login/', async (request, reply) => {
    const body = bodyOf(request);
    try {
      const viewer = await auth.login({
        authorizationCode: body.authorization_code,
        clientId: body.client_id ?? clientIds[0],
        request,
        reply,
      });
      return { user: publicViewer(viewer) };
    } catch (err) {
      return sendFlowB(reply, err);
    }
  });

  app.get('/api/auth/pull/', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { user: publicViewer(await request.viewer()) };
  });

  app.post('/api/auth/logout/', async (request, reply) => {
    await auth.logout(request, reply);
    return { user: publicViewer(await request.viewer()) };
  });

  app.post('/ajax/phone_confirmation/', async (request, reply) => {
    const viewer = await request.viewer();
    if (viewer.isAnonymous) return reply.status(403).send({ code: 'forbidden', detail: SIGN_IN_REQUIRED });
    if (viewer.isDoctor || viewer.isLpu)
      return reply.status(403).send({ code: 'forbidden', detail: WORK_ACCOUNT_TITLE });
    try {
      await auth.requestFormCode({
        phone: withCountryCode(bodyOf(request).phone),
        viewer,
        ctx: contextOf(request),
      });
      return 'success';
    } catch (err) {
      return sendFlowA(reply, err, 'request');
    }
  });

  app.post('/ajax/phone/confirm/', async (request, reply) => {
    const viewer = await request.viewer();
    if (!viewer.isStaff)
      return reply.status(403).send({ code: 'forbidden', detail: 'Доступно только сотрудникам' });
    const body = bodyOf(request);
    try {
      await auth.confirmStaffCode({
        phone: withCountryCode(body.phone),
        code: body.code,
        viewer,
        ctx: contextOf(request),
      });
      return { result: 'OK' };
    } catch (err) {
      return sendFlowA(reply, err, 'confirm');
    }
  });

  app.post('/profile/ajax/confirm_sms_code/', async (request, reply) => {
    const viewer = await request.viewer();
    if (viewer.isAnonymous) return reply.status(403).send({ code: 'forbidden', detail: SIGN_IN_REQUIRED });
    if (viewer.role !== 'patient')
      return reply.status(403).send({ code: 'forbidden', detail: WORK_ACCOUNT_TITLE });
    const body = bodyOf(request);
    try {
      await auth.confirmProfileCode({
        phone: withCountryCode(body.phone),
        code: body.code,
        viewer,
        ctx: contextOf(request),
      });
      return 'OK';
    } catch (err) {
      return sendFlowA(reply, err, 'confirm');
    }
  });
}
