import type { FastifyInstance, FastifyReply } from 'fastify';
import { FavouriteIdsSchema } from '../../../core/favourites/call-schemas';
import {
  FAVOURITE_TEXTS,
  type FavouriteType,
  isFavouriteType,
  parseFavouriteId,
} from '../../../core/favourites/favourites';
import type { FavouritesService } from './service';

interface Params {
  type: string;
  id?: string;
}

/**
 * Spec section 7 'Favourites':
 * POST   /api/patient/favourites/{type}/{id}/  (empty body) adds,
 * DELETE /api/patient/favourites/{type}/{id}/  removes,
 * POST   /api/patient/favourites/{type}/       ids → [{id, in_user_favourites}] in the given order.
 * Errors are JSON `{detail}`: 404 for an unknown type or doctor/clinic, 400 for a bad id,
 * 401 anonymous, 403 work accounts (see the service).
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

    const typeOf = (params: Params, reply: FastifyReply): FavouriteType | null => {
      if (isFavouriteType(params.type)) return params.type;
      reply.status(404).send({ detail: FAVOURITE_TEXTS.notFound });
      return null;
    };

    const target = (params: Params, reply: FastifyReply) => {
      const type = typeOf(params, reply);
      if (!type) return null;
      const id = parseFavouriteId(params.id);
      if (id === null) {
        reply.status(400).send({ detail: FAVOURITE_TEXTS.badId });
        return null;
      }
      return { type, id };
    };

    scope.post<{ Params: Params }>('/api/patient/favourites/:type/:id/', async (request, reply) => {
      const t = target(request.params, reply);
      if (!t) return reply;
      const { created } = await favourites.add(await request.viewer(), t.type, t.id);
      return reply.status(created ? 201 : 200).send({ id: t.id, in_user_favourites: true });
    });

    scope.delete<{ Params: Params }>('/api/patient/favourites/:type/:id/', async (request, reply) => {
      const t = target(request.params, reply);
      if (!t) return reply;
      await favourites.remove(await request.viewer(), t.type, t.id);
      return { id: t.id, in_user_favourites: false };
    });

    scope.post<{ Params: Params }>('/api/patient/favourites/:type/', async (request, reply) => {
      const type = typeOf(request.params, reply);
      if (!type) return reply;
      const parsed = FavouriteIdsSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
      return favourites.states(await request.viewer(), type, parsed.data);
    });
  });
}
