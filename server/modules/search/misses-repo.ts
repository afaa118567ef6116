import { sql } from 'drizzle-orm';
import { MISSES_PER_DAY_MAX } from '../../../core/search/misses';
import type { Db } from '../../db/client';
import { searchMisses } from '../../db/schema/search-misses';

export type MissRow = { query: string; count: number; lastDay: string };

/** Searches that found nothing, counted per day (core/search/misses.ts). */
export function createMissesRepo(db: Db) {
  return {
    /**
     * Counts one more search of `query` on `day`. A query new that day is kept only while the day
     * has fewer than MISSES_PER_DAY_MAX of them; one already kept is always counted.
     */
    async record(day: string, query: string): Promise<void> {
      await db.execute(sql`
        INSERT INTO ${searchMisses} (day, query, count)
        SELECT ${day}::date, ${query}, 1
         WHERE EXISTS (SELECT 1 FROM ${searchMisses} WHERE day = ${day}::date AND query = ${query})
            OR (SELECT count(*) FROM ${searchMisses} WHERE day = ${day}::date) < ${MISSES_PER_DAY_MAX}
        ON CONFLICT (day, query) DO UPDATE SET count = ${searchMisses.count} + 1`);
    },

    /** Deletes the days before `firstKept`. */
    async prune(firstKept: string): Promise<void> {
      await db.execute(sql`DELETE FROM ${searchMisses} WHERE day < ${firstKept}::date`);
    },

    /** The most searched queries from `fromDay` on, with their last day. */
    async top(fromDay: string, limit: number): Promise<MissRow[]> {
      const { rows } = await db.execute<MissRow>(sql`
        SELECT query, sum(count)::int AS count, to_char(max(day), 'YYYY-MM-DD') AS "lastDay"
          FROM ${searchMisses}
         WHERE day >= ${fromDay}::date
         GROUP BY query
         ORDER BY count DESC, query
         LIMIT ${limit}`);
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}
