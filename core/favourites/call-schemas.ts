/**
 * The favourites list call's body schema. Apart from favourites.ts so the browser bundle,
 * which imports the texts and rules, does not carry zod.
 */
import { z } from 'zod';
import { FAVOURITE_TEXTS, MAX_FAVOURITE_IDS, parseFavouriteId } from './favourites';

const IdSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const id = parseFavouriteId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: FAVOURITE_TEXTS.badId });
    return z.NEVER;
  }
  return id;
});

const IdList = z
  .array(IdSchema, 'Не передан список идентификаторов')
  .max(MAX_FAVOURITE_IDS, `Не больше ${MAX_FAVOURITE_IDS} идентификаторов за запрос`);

/** The list call's body: a bare JSON array `[1, 2]` or `{ ids: [1, 2] }`. */
export const FavouriteIdsSchema = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && 'ids' in body ? body.ids : body,
  IdList,
);
