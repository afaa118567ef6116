import type { FastifyInstance } from 'fastify';
import { cabinetReception, cabinetVisitStatus } from '../../../core/cabinet/calls';
import {
  ReceptionQuerySchema,
  ReceptionSchema,
  ReceptionVisitSchema,
  VisitIdParamsSchema,
  VisitStatusBodySchema,
} from '../../../core/cabinet/contracts';
import { STATUS_CHANGE_TEXTS } from '../../../core/cabinet/reception';
import { serve } from '../../http/route';
import type { CabinetService } from './service';

/** The cabinet's calls (docs/product/cabinet.md): doctors and clinics only, their own data only. */
export async function cabinetRoutes(app: FastifyInstance, { cabinet }: { cabinet: CabinetService }) {
  serve(
    app,
    cabinetReception,
    { query: ReceptionQuerySchema, reply: ReceptionSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cabinet.reception(await request.viewer(), request.query);
    },
  );

  serve(
    app,
    cabinetVisitStatus,
    {
      params: VisitIdParamsSchema,
      body: VisitStatusBodySchema,
      reply: ReceptionVisitSchema,
      // A malformed id is a visit that is not there.
      invalid: { params: { status: 404, detail: STATUS_CHANGE_TEXTS.notFound } },
    },
    async (request) => cabinet.mark(await request.viewer(), request.params.id, request.body),
  );
}
