import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import type { FavouriteState, FavouritesPageData } from '../../../core/favourites/contracts';
import { FAVOURITE_TEXTS, type FavouriteType, favouritesAccess } from '../../../core/favourites/favourites';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { ListService } from '../directory/lists-service';
import { createFavouritesRepo } from './repo';

/** The /favourites page shows this many of each kind, newest first. */
export const FAVOURITES_PAGE_LIMIT = 100;

export type FavouritesService = ReturnType<typeof createFavouritesService>;

export type FavouritesPage = FavouritesPageData;

/**
 * Favourites of real patients (docs/product/favourites.md). Role checks live here, not only in the
 * hidden buttons: anonymous visitors get 401, work accounts 403.
 */
export function createFavouritesService({ db, clock, lists }: { db: Db; clock: Clock; lists: ListService }) {
  const repo = createFavouritesRepo(db);

  /** The patient's user id, or the 401/403 the call answers. */
  function patientId(viewer: SessionViewer): number {
    const access = favouritesAccess(viewer);
    if (access === 'work-account') throw forbidden(WORK_ACCOUNT_TITLE);
    if (access === 'sign-in' || viewer.userId === null) throw unauthorized(FAVOURITE_TEXTS.signInTitle);
    return viewer.userId;
  }

  return {
    /** Adds (idempotent); `created` is false when it was already a favourite. */
    async add(viewer: SessionViewer, type: FavouriteType, id: number): Promise<{ created: boolean }> {
      const userId = patientId(viewer);
      if (!(await repo.targetExists(type, id))) throw notFound(FAVOURITE_TEXTS.notFound);
      return { created: await repo.add(userId, type, id, clock.now()) };
    },

    /** Removes (idempotent); an id that is neither saved nor a known doctor or clinic is a 404. */
    async remove(viewer: SessionViewer, type: FavouriteType, id: number): Promise<void> {
      const userId = patientId(viewer);
      // A saved doctor who has since left the directory can still be removed.
      if (await repo.remove(userId, type, id)) return;
      if (!(await repo.targetExists(type, id))) throw notFound(FAVOURITE_TEXTS.notFound);
    },

    /**
     * The hearts' state for ids, in the order given. Visitors who are not patients have no
     * favourites: they get all false without touching the database; work accounts a 403.
     */
    async states(viewer: SessionViewer, type: FavouriteType, ids: number[]): Promise<FavouriteState[]> {
      const access = favouritesAccess(viewer);
      if (access === 'work-account') throw forbidden(WORK_ACCOUNT_TITLE);
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
        // A patient may keep a Moscow and a Kazan doctor: each card is built with its own town.
        lists.doctorCardsAcrossTowns(savedDoctors.map((s) => ({ id: s.targetId, townId: s.townId }))),
        lists.clinicCardsAcrossTowns(savedClinics.map((s) => ({ id: s.targetId, townId: s.townId }))),
      ]);
      return { access, doctors, clinics };
    },
  };
}
