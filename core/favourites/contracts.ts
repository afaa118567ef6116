/**
 * What the favourites calls exchange (docs/product/favourites.md). Apart from favourites.ts so
 * the browser bundle, which imports the texts and rules, does not carry zod.
 */
import { z } from 'zod';
import type { ClinicCard, DoctorCard } from '../directory/contracts';
import { FAVOURITE_TEXTS, FAVOURITE_TYPES, MAX_FAVOURITE_IDS, parseFavouriteId } from './favourites';

export const FavouriteTypeSchema = z.enum(FAVOURITE_TYPES);

/** The list call's path: `/api/patient/favourites/{type}/`; another type is a 404. */
export const FavouriteListParamsSchema = z.object({ type: FavouriteTypeSchema });
export type FavouriteListParams = z.input<typeof FavouriteListParamsSchema>;

/**
 * One favourite's path: `/api/patient/favourites/{type}/{id}/`. Another type is a 404; the id
 * is read by the route (`favouriteIdOf`), since a malformed one is a 400, not a 404.
 */
export const FavouriteTargetParamsSchema = z.object({
  type: FavouriteTypeSchema,
  id: z.union([z.string(), z.number()]),
});
export type FavouriteTargetParams = z.input<typeof FavouriteTargetParamsSchema>;

/** Whether a doctor or clinic is among the patient's favourites. */
export const FavouriteStateSchema = z.object({ id: z.number(), in_user_favourites: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

export const FavouriteStatesSchema = z.array(FavouriteStateSchema);

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
export type FavouriteIds = (number | string)[] | { ids: (number | string)[] };

/** The list call's body as ids, in the order given. */
export const FavouriteIdsSchema = z.preprocess(
  (body: FavouriteIds) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && 'ids' in body ? body.ids : body,
  IdList,
);

/**
 * The /favourites page's data: who it is for, and for a patient the saved doctors' and clinics'
 * cards (the directory's card shapes), newest first.
 */
export type FavouritesPageData =
  | { access: 'sign-in' | 'work-account' }
  | { access: 'patient'; doctors: DoctorCard[]; clinics: ClinicCard[] };
