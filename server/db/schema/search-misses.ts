import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Searches that found nothing (core/search/misses.ts), day by day: the query's words only and how
 * many times they were searched that day. No account, no IP. Rows older than 90 days are deleted.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date().notNull(),
    query: text().notNull(),
    count: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    check('search_misses_sane', sql`${t.count} > 0 AND length(${t.query}) BETWEEN 2 AND 400`),
  ],
);
