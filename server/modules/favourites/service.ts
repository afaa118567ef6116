import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import {
  FAVOURITE_TEXTS,
  type FavouriteState,
  type FavouriteType,
  favouritesAccess,
} from '../../../core/favourites/favourites';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { httpError, type SessionViewer } from '../auth/viewer';
import type { DirectoryService } from '../directory/service';
import type { Town, TownService } from '../towns/service';
import { createFavouritesRepo } from './repo';

/** The /favourites page shows this many of each kind, newest first. */
export const FAVOURITES_PAGE_LIMIT = 100;

export type FavouritesService = ReturnType<typeof createFavouritesService>;

export type FavouritesPage =
  | { access: 'sign-in' | 'work-account' }
  | {
      access: 'patient';
      doctors: Awaited<ReturnType<DirectoryService['doctorCards']>>;
      clinics: Awaited<ReturnType<DirectoryService['clinicCards']>>;
    };

/**
 * Favourites of real patients (spec sections 4, 6, 7). Role checks live here, not only in the
 * hidden buttons: anonymous visitors get 401, work accounts 403.
 */
export function createFavouritesService({
  db,
  clock,
  directory,
  towns,
}: {
  db: Db;
  clock: Clock;
  directory: DirectoryService;
  towns: TownService;
}) {
  const repo = createFavouritesRepo(db);

  /** The patient's user id, or the 401/403 the call answers. */
  function patientId(viewer: SessionViewer): number {
    const access = favouritesAccess(viewer);
    if (access === 'work-account') throw httpError(403, WORK_ACCOUNT_TITLE);
    if (access === 'sign-in' || viewer.userId === null) throw httpError(401, FAVOURITE_TEXTS.signInTitle);
    return viewer.userId;
  }

  /** Cards of saved ids across towns (a patient may keep a Moscow and a Kazan doctor), in the ids' order. */
  async function cardsByTown<T extends { id: number }>(
    saved: { targetId: number; townId: number }[],
    cards: (town: Town, ids: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    const townById = new Map((await towns.list()).map((t) => [t.id, t]));
    const idsByTown = new Map<number, number[]>();
    for (const s of saved) idsByTown.set(s.townId, [...(idsByTown.get(s.townId) ?? []), s.targetId]);
    const found = new Map<number, T>();
    await Promise.all(
      [...idsByTown].map(async ([townId, ids]) => {
        const town = townById.get(townId);
        if (!town) return;
        for (const card of await cards(town, ids)) found.set(card.id, card);
      }),
    );
    return saved.flatMap((s) => found.get(s.targetId) ?? []);
  }

  return {
    /** Adds (idempotent); `created` is false when it was already a favourite. */
    async add(viewer: SessionViewer, type: FavouriteType, id: number): Promise<{ created: boolean }> {
      const userId = patientId(viewer);
      if (!(await repo.targetExists(type, id))) throw httpError(404, FAVOURITE_TEXTS.notFound);
      return { created: await repo.add(userId, type, id, clock.now()) };
    },

    /** Removes (idempotent); an id that is neither saved nor a known doctor or clinic is a 404. */
    async remove(viewer: SessionViewer, type: FavouriteType, id: number): Promise<void> {
      const userId = patientId(viewer);
      // A saved doctor who has since left the directory can still be removed.
      if (await repo.remove(userId, type, id)) return;
      if (!(await repo.targetExists(type, id))) throw httpError(404, FAVOURITE_TEXTS.notFound);
    },

    /**
     * The hearts' state for ids, in the order given. Visitors who are not patients have no
     * favourites: they get all false without touching the database; work accounts a 403.
     */
    async states(viewer: SessionViewer, type: FavouriteType, ids: number[]): Promise<FavouriteState[]> {
      const access = favouritesAccess(viewer);
      if (access === 'work-account') throw httpError(403, WORK_ACCOUNT_TITLE);
      const saved =
        access === 'patient' && viewer.userId !== null
          ? await repo.savedAmong(viewer.userId, type, [...new Set(ids)])
          : new Set<number>();
      return ids.map((id) => ({ id, in_user_favourites: saved.has(id) }));
    },

    /** The /favourites page: saved doctors and clinics, newest first. */
    async page(viewer: SessionViewer): Promise<FavouritesPage> {
      const access = favouritesAccess(viewer);
      if (access !== 'patient' || viewer.userId === null) {
        return { access: access === 'patient' ? 'sign-in' : access };
      }
      const [savedDoctors, savedClinics] = await Promise.all([
        repo.newest(viewer.userId, 'doctors', FAVOURITES_PAGE_LIMIT),
        repo.newest(viewer.userId, 'lpu', FAVOURITES_PAGE_LIMIT),
      ]);
      const [doctors, clinics] = await Promise.all([
        cardsByTown(savedDoctors, (town, ids) => directory.doctorCards(town, ids)),
        cardsByTown(savedClinics, (town, ids) => directory.clinicCards(town, ids)),
      ]);
      return { access, doctors, clinics };
    },
  };
}
