import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  normaliseSearchQuery,
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from '../../../core/search/query';
import type { TownService } from '../towns/service';
import type { SearchService } from './service';

const TOO_SHORT = `Введите минимум ${SEARCH_MIN_LENGTH} символа`;

const SuggestQuery = z.object({
  q: z
    .string({ error: TOO_SHORT })
    .max(SEARCH_MAX_LENGTH, `Слишком длинный запрос: не больше ${SEARCH_MAX_LENGTH} символов`)
    .transform(normaliseSearchQuery)
    .pipe(z.string().min(SEARCH_MIN_LENGTH, TOO_SHORT)),
  town: z.string({ error: 'Не указан город' }).min(1, 'Не указан город').max(60, 'Город не найден'),
});

/** The DTO boundary: only these fields leave the server. */
const suggestionsSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...SEARCH_KINDS] },
          title: { type: 'string' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, subtitle: { type: 'string' }, url: { type: 'string' } },
              required: ['name', 'url'],
            },
          },
        },
        required: ['kind', 'title', 'items'],
      },
    },
  },
  required: ['query', 'groups'],
} as const;

const detailSchema = {
  type: 'object',
  properties: { detail: { type: 'string' } },
  required: ['detail'],
} as const;

export async function searchRoutes(
  app: FastifyInstance,
  { search, towns }: { search: SearchService; towns: TownService },
) {
  /** The header combobox's suggestions: specialities, doctors, clinics, services, treatments. */
  app.get(
    '/ajax/search/',
    { schema: { response: { 200: suggestionsSchema, 400: detailSchema, 404: detailSchema } } },
    async (request, reply) => {
      const parsed = SuggestQuery.safeParse(request.query);
      if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
      const town = await towns.bySlug(parsed.data.town);
      if (!town) return reply.status(404).send({ detail: 'Город не найден' });
      // Reference data changes slowly; a minute of browser caching spares repeated keystrokes.
      reply.header('cache-control', 'public, max-age=60');
      return search.suggest(town, parsed.data.q);
    },
  );
}
