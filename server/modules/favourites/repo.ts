import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FavouriteType } from '../../../core/favourites/favourites';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { doctors } from '../../db/schema/doctors';
import { favourites } from '../../db/schema/favourites';

export type FavouritesRepo = ReturnType<typeof createFavouritesRepo>;

export function createFavouritesRepo(db: Db) {
  const target = (type: FavouriteType) => (type === 'doctors' ? doctors : clinics);

  return {
    /** True when the row is new; a second add of the same favourite changes nothing. */
    async add(userId: number, type: FavouriteType, targetId: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(favourites)
        .values({ userId, type, targetId, createdAt: at })
        .onConflictDoNothing()
        .returning({ targetId: favourites.targetId });
      return rows.length > 0;
    },

    /** True when there was such a favourite. */
    async remove(userId: number, type: FavouriteType, targetId: number): Promise<boolean> {
      const rows = await db
        .delete(favourites)
        .where(
          and(eq(favourites.userId, userId), eq(favourites.type, type), eq(favourites.targetId, targetId)),
        )
        .returning({ targetId: favourites.targetId });
      return rows.length > 0;
    },

    /**
     * Which of the ids the user saved: one query on the primary key (user, type, target), so
     * a page's twenty hearts cost one index probe each inside a single round trip.
     */
    async savedAmong(userId: number, type: FavouriteType, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ targetId: favourites.targetId })
        .from(favourites)
        .where(
          and(eq(favourites.userId, userId), eq(favourites.type, type), inArray(favourites.targetId, ids)),
        );
      return new Set(rows.map((r) => r.targetId));
    },

    async targetExists(type: FavouriteType, id: number): Promise<boolean> {
      const table = target(type);
      const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      return rows.length > 0;
    },

    /**
     * The user's saved doctors or clinics that still exist, newest first, with their town
     * (cards link into the town's pages). Reads the (user, created) index.
     */
    async newest(
      userId: number,
      type: FavouriteType,
      limit: number,
    ): Promise<{ targetId: number; townId: number }[]> {
      const table = target(type);
      return db
        .select({ targetId: favourites.targetId, townId: table.townId })
        .from(favourites)
        .innerJoin(table, eq(table.id, favourites.targetId))
        .where(and(eq(favourites.userId, userId), eq(favourites.type, type)))
        .orderBy(desc(favourites.createdAt), desc(favourites.targetId))
        .limit(limit);
    },
  };
}
