import { defineCall } from '../http/call';
import type { FavouriteIds, FavouriteListParams, FavouriteState, FavouriteTargetParams } from './contracts';

/** Adds a doctor or clinic (an empty body): 201 when new, 200 when it was already there. */
export const favouriteAdd = defineCall<{ params: FavouriteTargetParams; reply: FavouriteState }>()(
  'POST',
  '/api/patient/favourites/:type/:id/',
);

/** Removes one; removing what is not there is fine. */
export const favouriteRemove = defineCall<{ params: FavouriteTargetParams; reply: FavouriteState }>()(
  'DELETE',
  '/api/patient/favourites/:type/:id/',
);

/** The hearts' state for many ids at once, in the order asked (at most 100). */
export const favouriteStates = defineCall<{
  params: FavouriteListParams;
  body: FavouriteIds;
  reply: FavouriteState[];
}>()('POST', '/api/patient/favourites/:type/');
