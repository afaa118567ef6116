import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { towns } from '../../db/schema/towns';

export type TownRow = typeof towns.$inferSelect;

export function createTownRepo(db: Db) {
  return {
    all: (): Promise<TownRow[]> => db.select().from(towns).orderBy(asc(towns.sort), asc(towns.id)),
  };
}
