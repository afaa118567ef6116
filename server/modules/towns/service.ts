import type { Db } from '../../db/client';
import { createTownRepo, type TownRow } from './repo';

export interface Town {
  id: number;
  slug: string;
  name: string;
  nameIn: string;
  nameGen: string;
  tz: string;
  lat: number;
  lon: number;
}

export type TownService = ReturnType<typeof createTownService>;

/**
 * Towns are reference data read on every page; they are loaded once and kept in memory
 * (a handful of rows). `reload()` refreshes them after seeding.
 */
export function createTownService({ db }: { db: Db }) {
  const repo = createTownRepo(db);
  let cache: Promise<{ list: Town[]; bySlug: Map<string, Town> }> | null = null;

  const load = () => {
    cache ??= repo.all().then((rows) => {
      const list = rows.map(toTown);
      return { list, bySlug: new Map(list.map((t) => [t.slug, t])) };
    });
    cache.catch(() => {
      cache = null;
    });
    return cache;
  };

  return {
    list: async (): Promise<Town[]> => (await load()).list,
    bySlug: async (slug: string): Promise<Town | null> => (await load()).bySlug.get(slug) ?? null,
    reload: () => {
      cache = null;
    },
  };
}

function toTown(row: TownRow): Town {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameIn: row.nameIn,
    nameGen: row.nameGen,
    tz: row.tz,
    lat: row.lat,
    lon: row.lon,
  };
}
