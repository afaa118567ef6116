import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The pages whose effectiveness is counted (core/cabinet/effectiveness.ts). */
export const STATS_PAGE_KINDS = ['doctor', 'clinic'] as const;

/**
 * A doctor's or a clinic's page, day by day in its town's calendar: how many visitors opened it,
 * pressed a booking button on it and pressed a phone number on it, and how long it stayed open.
 * Each visitor counts at most once per page, day and event. Bookings are not kept here: they are counted from the visits.
 */
export const pageStats = pgTable(
  'page_stats',
  {
    kind: text({ enum: STATS_PAGE_KINDS }).notNull(),
    pageId: integer().notNull(),
    day: date().notNull(),
    views: integer().notNull().default(0),
    bookingClicks: integer().notNull().default(0),
    phoneClicks: integer().notNull().default(0),
    /** Visits whose time on the page was reported (each visitor's first of the day), and their sum in ms. */
    timed: integer().notNull().default(0),
    timeMs: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.pageId, t.day] }),
    check(
      'page_stats_counts',
      sql`${t.views} >= 0 AND ${t.bookingClicks} >= 0 AND ${t.phoneClicks} >= 0 AND ${t.timed} >= 0 AND ${t.timeMs} >= 0`,
    ),
  ],
);
