import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mapGeocode, mapRoute, mapSuggest, mapTown } from '../../../core/map/calls';
import {
  AddressListSchema,
  AddressQuerySchema,
  AddressSchema,
  MapTownParamsSchema,
  MapTownSchema,
  RouteBodySchema,
  RouteListSchema,
} from '../../../core/map/contracts';
import { SUGGEST_LIMIT } from '../../../core/map/rules';
import type { RateLimitStore } from '../../cache/rate-limit';
import { tooManyRequests } from '../../http/errors';
import { serve } from '../../http/route';
import type { MapService } from './service';

/** Provider-backed calls per visitor address and minute: typing is debounced, routes are rare. */
export const MAP_CALLS_PER_MINUTE = 120;

/**
 * The map's calls (docs/product/map.md): the town's pins and base layer, suggestions and
 * geocoding for 'Адрес отправления', routes. Each asks the configured maps provider, so each
 * counts against a per-address limit; bodies are tiny (2 KB).
 */
export async function mapRoutes(
  app: FastifyInstance,
  { map, limits }: { map: MapService; limits: RateLimitStore },
) {
  const limit = async (request: FastifyRequest) => {
    const { count } = await limits.hit(`map:${request.addressKey}`, 60_000);
    if (count > MAP_CALLS_PER_MINUTE)
      throw tooManyRequests('Слишком много запросов. Попробуйте через минуту.');
  };
  const unknownTown = { params: { status: 404, detail: 'Город не найден' } };

  serve(
    app,
    mapTown,
    { params: MapTownParamsSchema, reply: MapTownSchema, invalid: unknownTown },
    async (request) => map.town(request.params.town),
  );

  serve(app, mapSuggest, { query: AddressQuerySchema, reply: AddressListSchema }, async (request) => {
    await limit(request);
    return { items: await map.suggest(request.query.town, request.query.q, SUGGEST_LIMIT) };
  });

  serve(app, mapGeocode, { query: AddressQuerySchema, reply: AddressSchema }, async (request) => {
    await limit(request);
    return map.geocode(request.query.town, request.query.q);
  });

  serve(
    app,
    mapRoute,
    { body: RouteBodySchema, reply: RouteListSchema, bodyLimit: 2048 },
    async (request) => {
      await limit(request);
      return map.route(request.body);
    },
  );
}
