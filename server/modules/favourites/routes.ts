import type { FastifyInstance } from 'fastify';
import { favouriteAdd, favouriteRemove, favouriteStates } from '../../../core/favourites/calls';
import {
  FavouriteIdsSchema,
  FavouriteListParamsSchema,
  FavouriteStateSchema,
  FavouriteStatesSchema,
  FavouriteTargetParamsSchema,
} from '../../../core/favourites/contracts';
import { FAVOURITE_TEXTS, parseFavouriteId } from '../../../core/favourites/favourites';
import { badRequest } from '../../http/errors';
import { serve } from '../../http/route';
import type { FavouritesService } from './service';

/** An unknown type is a 404, like any unknown address. */
const unknownType = { params: { status: 404, detail: FAVOURITE_TEXTS.notFound } };

/** The id of a favourite's path, or 400 'Некорректный идентификатор'. */
function favouriteIdOf(raw: string | number): number {
  const id = parseFavouriteId(raw);
  if (id === null) throw badRequest(FAVOURITE_TEXTS.badId);
  return id;
}

/**
 * The favourites calls (docs/product/favourites.md): add with an empty body, remove with
 * DELETE, and the hearts' state for a list of ids. 404 for an unknown type or doctor/clinic,
 * 400 for a bad id, 401 anonymous, 403 work accounts (see the service).
 */
export async function favouritesRoutes(
  app: FastifyInstance,
  { favourites }: { favourites: FavouritesService },
) {
  // Its own scope: "empty body" calls may still say Content-Type: application/json, which
  // Fastify's default parser refuses; here an empty JSON body is simply no body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('Некорректный JSON'), { statusCode: 400 }), undefined);
      }
    });

    serve(
      scope,
      favouriteAdd,
      { params: FavouriteTargetParamsSchema, reply: FavouriteStateSchema, invalid: unknownType },
      async (request, reply) => {
        const { type } = request.params;
        const id = favouriteIdOf(request.params.id);
        const { created } = await favourites.add(await request.viewer(), type, id);
        reply.status(created ? 201 : 200);
        return { id, in_user_favourites: true };
      },
    );

    serve(
      scope,
      favouriteRemove,
      { params: FavouriteTargetParamsSchema, reply: FavouriteStateSchema, invalid: unknownType },
      async (request) => {
        const { type } = request.params;
        const id = favouriteIdOf(request.params.id);
        await favourites.remove(await request.viewer(), type, id);
        return { id, in_user_favourites: false };
      },
    );

    serve(
      scope,
      favouriteStates,
      {
        params: FavouriteListParamsSchema,
        body: FavouriteIdsSchema,
        reply: FavouriteStatesSchema,
        invalid: unknownType,
      },
      async (request) => favourites.states(await request.viewer(), request.params.type, request.body),
    );
  });
}
