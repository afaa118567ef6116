import type { Town } from '../../../core/towns/contracts';
import { TOWN_SEARCH_MIN, TOWN_SUGGESTIONS } from '../../../core/towns/towns';
import type { Db } from '../../db/client';
import { createTownRepo, type TownRow } from './repo';

/** The server's town is the contract's (core/towns/contracts.ts). */
export type { Town };

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
    /**
     * Town suggestions (from 3 characters, at most 5): names starting with the query
     * first, then names or translits containing it.
     */
    async search(query: string): Promise<Town[]> {
      const q = query.trim().toLowerCase().replaceAll('ё', 'е');
      if (q.length < TOWN_SEARCH_MIN) return [];
      const norm = (s: string) => s.toLowerCase().replaceAll('ё', 'е');
      const { list } = await load();
      const starts = list.filter((t) => norm(t.name).startsWith(q) || t.slug.startsWith(q));
      const contains = list.filter(
        (t) => !starts.includes(t) && (norm(t.name).includes(q) || t.slug.includes(q)),
      );
      return [...starts, ...contains].slice(0, TOWN_SUGGESTIONS);
    },
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
