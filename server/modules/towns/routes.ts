import type { FastifyInstance } from 'fastify';
import type { TownService } from './service';

export async function townRoutes(app: FastifyInstance, { towns }: { towns: TownService }) {
  app.get(
    '/api/towns/',
    {
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, translit: { type: 'string' }, url: { type: 'string' } },
              required: ['name', 'translit', 'url'],
            },
          },
        },
      },
    },
    async () =>
      (await towns.list()).map((t) => ({ name: t.name, translit: t.slug, url: `/${t.slug}/vrach/` })),
  );
}
