import type { FavouriteState, FavouriteType } from '../../../core/favourites/favourites';
import { csrfToken } from '../../lib/csrf';

/** A failed call: `status` 0 when no answer came at all. */
export class FavouriteCallError extends Error {
  constructor(readonly status: number) {
    super(`favourites: HTTP ${status}`);
  }
}

async function call<T>(method: 'POST' | 'DELETE', url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        'X-CSRFToken': csrfToken(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new FavouriteCallError(0);
  }
  if (!response.ok) throw new FavouriteCallError(response.status);
  return response.json() as Promise<T>;
}

const path = (type: FavouriteType, id?: number) =>
  `/api/patient/favourites/${type}/${id === undefined ? '' : `${id}/`}`;

/** Spec section 7: POST with an empty body adds. */
export const addFavourite = (type: FavouriteType, id: number) => call<FavouriteState>('POST', path(type, id));

export const removeFavourite = (type: FavouriteType, id: number) =>
  call<FavouriteState>('DELETE', path(type, id));

/** The state of many hearts at once, in the order asked. */
export const favouriteStates = (type: FavouriteType, ids: number[]) =>
  call<FavouriteState[]>('POST', path(type), ids);
