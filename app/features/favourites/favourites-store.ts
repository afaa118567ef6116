import { useSyncExternalStore } from 'react';
import { favouriteAdd, favouriteRemove, favouriteStates } from '../../../core/favourites/calls';
import { type FavouriteType, MAX_FAVOURITE_IDS } from '../../../core/favourites/favourites';
import { api } from '../../lib/api';

/** One heart's state; `busy` while its state loads or a change is on the way (clicks wait). */
export interface FavouriteEntry {
  saved: boolean;
  busy: boolean;
}

const UNKNOWN: FavouriteEntry = { saved: false, busy: false };

const entries = new Map<string, FavouriteEntry>();
const loads = new Map<string, Promise<void>>();
const queued: Record<FavouriteType, Map<number, () => void>> = { doctors: new Map(), lpu: new Map() };
let flushTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

const keyOf = (type: FavouriteType, id: number) => `${type}:${id}`;

function set(type: FavouriteType, id: number, entry: FavouriteEntry) {
  entries.set(keyOf(type, id), entry);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the state of every heart queued in this tick with one list call per type (chunks of
 * 100): a page of twenty cards costs one request, not twenty. A failed list
 * call is only logged; the hearts then show 'not saved' and stay usable.
 */
function flush() {
  flushTimer = null;
  for (const type of ['doctors', 'lpu'] as const) {
    const batch = [...queued[type]];
    queued[type].clear();
    for (let i = 0; i < batch.length; i += MAX_FAVOURITE_IDS) {
      const chunk = batch.slice(i, i + MAX_FAVOURITE_IDS);
      api
        .send(favouriteStates, { params: { type }, body: chunk.map(([id]) => id) })
        .then(
          (states) => {
            for (const s of states) set(type, s.id, { saved: s.in_user_favourites, busy: false });
          },
          (error: unknown) => {
            console.warn(error);
            for (const [id] of chunk) set(type, id, UNKNOWN);
          },
        )
        .finally(() => {
          for (const [, done] of chunk) done();
        });
    }
  }
}

/** Loads a heart's state once per page; resolves when it is known (or failed). */
export function loadFavourite(type: FavouriteType, id: number): Promise<void> {
  const key = keyOf(type, id);
  const known = loads.get(key);
  if (known) return known;
  const load = new Promise<void>((resolve) => {
    queued[type].set(id, resolve);
  });
  loads.set(key, load);
  set(type, id, { saved: false, busy: true });
  flushTimer ??= setTimeout(flush, 0);
  return load;
}

export function useFavourite(type: FavouriteType, id: number): FavouriteEntry {
  return useSyncExternalStore(
    subscribe,
    () => entries.get(keyOf(type, id)) ?? UNKNOWN,
    () => UNKNOWN,
  );
}

export function favouriteEntry(type: FavouriteType, id: number): FavouriteEntry {
  return entries.get(keyOf(type, id)) ?? UNKNOWN;
}

/**
 * Saves or unsaves; every heart of the same doctor or clinic follows. The heart is busy until
 * the server answers; a failure puts the old state back and rethrows the ApiError for the
 * caller (401 asks to sign in, 403 is a work account, anything else a toast).
 */
export async function setFavourite(type: FavouriteType, id: number, saved: boolean): Promise<void> {
  const before = favouriteEntry(type, id);
  set(type, id, { saved: before.saved, busy: true });
  try {
    const state = await api.send(saved ? favouriteAdd : favouriteRemove, { params: { type, id } });
    set(type, id, { saved: state.in_user_favourites, busy: false });
  } catch (error) {
    set(type, id, { saved: before.saved, busy: false });
    throw error;
  }
}

/** Tests only: forget everything between cases. */
export function resetFavouritesStore() {
  entries.clear();
  loads.clear();
  queued.doctors.clear();
  queued.lpu.clear();
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
}
