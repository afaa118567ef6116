import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cabinetEffectiveness, pageEvent } from '../../../core/stats/calls';
import {
  EffectivenessQuerySchema,
  EffectivenessSchema,
  PageEventBodySchema,
} from '../../../core/stats/contracts';
import { serve } from '../../http/route';
import type { PageStatsService, Visitor } from './service';

export async function visitorOf(request: FastifyRequest): Promise<Visitor> {
  return {
    ip: request.addressKey,
    userAgent: request.headers['user-agent'] ?? '',
    viewer: await request.viewer(),
  };
}

/** The page beacon and the cabinet's effectiveness report (docs/product/cabinet.md, 'Page effectiveness'). */
export async function pageStatsRoutes(app: FastifyInstance, { stats }: { stats: PageStatsService }) {
  serve(app, pageEvent, { body: PageEventBodySchema }, async (request, reply) => {
    await stats.record(request.body, await visitorOf(request));
    return reply.status(204).send();
  });

  serve(
    app,
    cabinetEffectiveness,
    { query: EffectivenessQuerySchema, reply: EffectivenessSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stats.effectiveness(await request.viewer(), request.query);
    },
  );
}
