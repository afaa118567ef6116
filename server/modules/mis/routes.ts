import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cabinetCreateMisKey,
  cabinetMisKeys,
  cabinetRevokeMisKey,
  MIS_API,
  misAppointments,
  misBook,
  misCancel,
  misDoctors,
  misMark,
  misMove,
  misPushSlots,
  misSetDoctor,
} from '../../../core/mis/calls';
import type { MisAppointment } from '../../../core/mis/contracts';
import {
  MisAppointmentSchema,
  MisBookBodySchema,
  MisCancelBodySchema,
  MisDoctorBodySchema,
  MisDoctorParamsSchema,
  MisDoctorSchema,
  MisDoctorsSchema,
  MisFeedQuerySchema,
  MisFeedSchema,
  MisKeyBodySchema,
  MisKeyCreatedSchema,
  MisKeyParamsSchema,
  MisKeySchema,
  MisKeysSchema,
  MisMarkBodySchema,
  MisMoveBodySchema,
  MisSlotsPushedSchema,
  MisSlotsPushSchema,
  MisVisitParamsSchema,
} from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS, type MisScope } from '../../../core/mis/keys';
import { MIS_LIMITS, MIS_TEXTS } from '../../../core/mis/push';
import type { RateLimitStore } from '../../cache/rate-limit';
import { tooManyRequests } from '../../http/errors';
import { serve } from '../../http/route';
import { misOpenApi } from './openapi';
import { type MisClient, type MisService, withScope } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an MIS API call needs of its key (core/mis/keys.ts). */
    misScope?: MisScope;
  }
}

/** The scope each call needs (core/mis/keys.ts); reading the doctors needs none. */
const SCOPE_OF: Record<string, MisScope> = {
  [`${misSetDoctor.method} ${misSetDoctor.path}`]: 'doctors',
  [`${misPushSlots.method} ${misPushSlots.path}`]: 'slots',
  [`${misAppointments.method} ${misAppointments.path}`]: 'appointments:read',
  [`${misCancel.method} ${misCancel.path}`]: 'appointments:write',
  [`${misMove.method} ${misMove.path}`]: 'appointments:write',
  [`${misMark.method} ${misMark.path}`]: 'appointments:write',
  [`${misBook.method} ${misBook.path}`]: 'appointments:write',
};

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
        misScope: SCOPE_OF[`${route.method} ${route.url}`],
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
      // A key without the call's scope is refused before the body is read, naming the scope.
      const needed = request.routeOptions.config.misScope;
      clients.set(request, needed ? withScope(client, needed) : client);
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

    // The MIS's writes of visits (visits.ts): a repeat of an idempotency key gets the first reply.
    const unknownVisit = { params: { status: 404, detail: MIS_TEXTS.visitNotFound } };
    const answer = (reply: FastifyReply, outcome: { status: number; reply: unknown }) => {
      reply.status(outcome.status);
      return outcome.reply as MisAppointment;
    };

    serve(
      scope,
      misCancel,
      {
        params: MisVisitParamsSchema,
        body: MisCancelBodySchema,
        reply: MisAppointmentSchema,
        invalid: unknownVisit,
      },
      async (request, reply) =>
        answer(reply, await mis.misCancel(clientOf(request), request.params.id, request.body)),
    );
    serve(
      scope,
      misMove,
      {
        params: MisVisitParamsSchema,
        body: MisMoveBodySchema,
        reply: MisAppointmentSchema,
        invalid: unknownVisit,
      },
      async (request, reply) =>
        answer(reply, await mis.misMove(clientOf(request), request.params.id, request.body)),
    );
    serve(
      scope,
      misMark,
      {
        params: MisVisitParamsSchema,
        body: MisMarkBodySchema,
        reply: MisAppointmentSchema,
        invalid: unknownVisit,
      },
      async (request, reply) =>
        answer(reply, await mis.misMark(clientOf(request), request.params.id, request.body)),
    );
    serve(scope, misBook, { body: MisBookBodySchema, reply: MisAppointmentSchema }, async (request, reply) =>
      answer(reply, await mis.misBook(clientOf(request), request.body)),
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

  serve(
    app,
    cabinetCreateMisKey,
    { body: MisKeyBodySchema, reply: MisKeyCreatedSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.status(201);
      return mis.createKey(await request.viewer(), request.body);
    },
  );

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
