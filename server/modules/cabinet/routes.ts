import type { FastifyInstance } from 'fastify';
import { cabinetReception } from '../../../core/cabinet/calls';
import { ReceptionQuerySchema, ReceptionSchema } from '../../../core/cabinet/contracts';
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
}
