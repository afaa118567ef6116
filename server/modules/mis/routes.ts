import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cabinetCreateMisKey,
  cabinetMisKeys,
  cabinetRevokeMisKey,
  MIS_API,
  misAppointments,
  misDoctors,
  misPushSlots,
  misSetDoctor,
} from '../../../core/mis/calls';
import {
  MisDoctorBodySchema,
  MisDoctorParamsSchema,
  MisDoctorSchema,
  MisDoctorsSchema,
  MisFeedQuerySchema,
  MisFeedSchema,
  MisKeyCreatedSchema,
  MisKeyParamsSchema,
  MisKeySchema,
  MisKeysSchema,
  MisSlotsPushedSchema,
  MisSlotsPushSchema,
} from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS } from '../../../core/mis/keys';
import { MIS_LIMITS, MIS_TEXTS } from '../../../core/mis/push';
import type { RateLimitStore } from '../../cache/rate-limit';
import { tooManyRequests } from '../../http/errors';
import { serve } from '../../http/route';
import { misOpenApi } from './openapi';
import type { MisClient, MisService } from './service';

/** A push of 100 doctors' 3,000 slots each is ~30 MB; a week of 50 doctors is well under 2 MB. */
const PUSH_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The integration API (docs/product/mis-api.md): bearer keys, not sessions, so no cookies and
 * no CSRF token; every call is authenticated and counted against its key's per-minute limit
 * before its body is read. Its OpenAPI description is public.
 */
export async function misApiRoutes(
  app: FastifyInstance,
  { mis, limits, origin }: { mis: MisService; limits: RateLimitStore; origin: string },
) {
  const description = misOpenApi(origin);
  app.get(`${MIS_API}openapi.json`, { config: { csrfCookie: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return description;
  });

  await app.register(async (scope) => {
    const clients = new WeakMap<FastifyRequest, MisClient>();
    scope.addHook('onRoute', (route) => {
      route.config = {
        ...route.config,
        csrfCookie: false,
        serverToServer:
          'the clinic software: a bearer key, no cookies, so no cross-site request can borrow it',
      };
    });
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const client = await mis.authenticate(request.headers.authorization);
      const { count, resetMs } = await limits.hit(`mis:${client.keyId}`, 60_000);
      if (count > MIS_LIMITS.callsPerMinute) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(resetMs / 1000))));
        throw tooManyRequests(MIS_TEXTS.tooMany);
      }
      clients.set(request, client);
    });
    const clientOf = (request: FastifyRequest): MisClient => {
      const client = clients.get(request);
      if (!client) throw new Error('MIS call without its authenticated client');
      return client;
    };

    serve(scope, misDoctors, { reply: MisDoctorsSchema }, async (request) => mis.doctors(clientOf(request)));

    serve(
      scope,
      misSetDoctor,
      {
        params: MisDoctorParamsSchema,
        body: MisDoctorBodySchema,
        reply: MisDoctorSchema,
        invalid: { params: { status: 404, detail: MIS_TEXTS.doctorNotFound } },
      },
      async (request) => mis.setDoctor(clientOf(request), request.params.id, request.body),
    );

    serve(
      scope,
      misPushSlots,
      { body: MisSlotsPushSchema, reply: MisSlotsPushedSchema, bodyLimit: PUSH_BODY_LIMIT },
      async (request) => mis.pushSlots(clientOf(request), request.body),
    );

    serve(scope, misAppointments, { query: MisFeedQuerySchema, reply: MisFeedSchema }, async (request) =>
      mis.appointments(clientOf(request), request.query),
    );
  });
}

/** The cabinet's calls that issue and revoke the clinic's keys (session and CSRF, like the rest of it). */
export async function misKeyRoutes(app: FastifyInstance, { mis }: { mis: MisService }) {
  serve(app, cabinetMisKeys, { reply: MisKeysSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return mis.keys(await request.viewer());
  });

  serve(app, cabinetCreateMisKey, { reply: MisKeyCreatedSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.status(201);
    return mis.createKey(await request.viewer());
  });

  serve(
    app,
    cabinetRevokeMisKey,
    {
      params: MisKeyParamsSchema,
      reply: MisKeySchema,
      invalid: { params: { status: 404, detail: MIS_KEY_TEXTS.keyNotFound } },
    },
    async (request) => mis.revokeKey(await request.viewer(), request.params.id),
  );
}
