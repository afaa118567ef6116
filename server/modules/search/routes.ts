import type { FastifyInstance } from 'fastify';
import { searchSuggest } from '../../../core/search/calls';
import { SearchResultsSchema, SuggestQuerySchema } from '../../../core/search/contracts';
import { notFound } from '../../http/errors';
import { serve } from '../../http/route';
import type { TownService } from '../towns/service';
import type { SearchService } from './service';

export async function searchRoutes(
  app: FastifyInstance,
  { search, towns }: { search: SearchService; towns: TownService },
) {
  /** The header combobox's suggestions: specialities, doctors, clinics, services, treatments. */
  serve(
    app,
    searchSuggest,
    { query: SuggestQuerySchema, reply: SearchResultsSchema },
    async (request, reply) => {
      const town = await towns.bySlug(request.query.town);
      if (!town) throw notFound('Город не найден');
      // Reference data changes slowly; a minute of browser caching spares repeated keystrokes.
      reply.header('cache-control', 'public, max-age=60');
      return search.suggest(town, request.query.q);
    },
  );
}
