import { sql } from 'drizzle-orm';
import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { Db } from '../../db/client';

export type PageKind = 'doctor' | 'clinic';
/** A page_stats column counted once per visitor. */
export type CountColumn = 'views' | 'phone_clicks' | 'booking_clicks';

const tableOf = (kind: PageKind) => (kind === 'doctor' ? sql`doctors` : sql`clinics`);
/** The day at `now` in the page's town (t). */
const dayOf = (now: Date) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE t.tz)::date`;

/** The page counters' SQL: one row per page and day of its town. */
export function createPageStatsRepo(db: Db) {
  return {
    /** Adds one visit's time; false when there is no such page. */
    async addTime(kind: PageKind, id: number, spent: number, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO page_stats (kind, page_id, day, timed, time_ms)
        SELECT ${kind}, p.id, ${dayOf(now)}, 1, ${spent}
          FROM ${tableOf(kind)} p JOIN towns t ON t.id = p.town_id
         WHERE p.id = ${id}
        ON CONFLICT (kind, page_id, day)
          DO UPDATE SET timed = page_stats.timed + 1, time_ms = page_stats.time_ms + ${spent}
        RETURNING 1`);
      return result.rows.length > 0;
    },

    /** Adds one to a counter; false when there is no such page. */
    async addOne(kind: PageKind, id: number, counter: CountColumn, now: Date): Promise<boolean> {
      const column = sql.raw(counter);
      const result = await db.execute(sql`
        INSERT INTO page_stats (kind, page_id, day, ${column})
        SELECT ${kind}, p.id, ${dayOf(now)}, 1
          FROM ${tableOf(kind)} p JOIN towns t ON t.id = p.town_id
         WHERE p.id = ${id}
        ON CONFLICT (kind, page_id, day) DO UPDATE SET ${column} = page_stats.${column} + 1
        RETURNING 1`);
      return result.rows.length > 0;
    },

    /** A doctor's or clinic's page as its report names it, with its software version and town. */
    async page(kind: PageKind, id: number) {
      const name =
        kind === 'doctor' ? sql`concat_ws(' ', p.last_name, p.first_name, p.patronymic)` : sql`p.name`;
      const [row] = (
        await db.execute(sql`
          SELECT p.id, p.slug, ${name} AS name, p.software_version AS version, t.slug AS "townSlug", t.tz
            FROM ${tableOf(kind)} p JOIN towns t ON t.id = p.town_id WHERE p.id = ${id}`)
      ).rows as {
        id: number;
        slug: string;
        name: string;
        version: SoftwareVersion | null;
        townSlug: string;
        tz: string;
      }[];
      return row;
    },

    /** The page's counted days from `from` to `to` ('yyyy-MM-dd'). */
    async counted(kind: PageKind, id: number, from: string, to: string) {
      return (
        await db.execute(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, views, booking_clicks AS "bookingClicks",
                 phone_clicks AS "phoneClicks", timed, time_ms::float8 AS "timeMs"
            FROM page_stats WHERE kind = ${kind} AND page_id = ${id} AND day BETWEEN ${from} AND ${to}`)
      ).rows as {
        day: string;
        views: number;
        bookingClicks: number;
        phoneClicks: number;
        timed: number;
        timeMs: number;
      }[];
    },

    /** The bookings of the doctor's or clinic's visits made on each day (its zone `tz`) from `from` to `to`. */
    async bookings(kind: PageKind, id: number, tz: string, from: string, to: string) {
      const owner =
        kind === 'doctor'
          ? sql`a.workplace_id IN (SELECT id FROM workplaces WHERE doctor_id = ${id})`
          : sql`a.clinic_id = ${id}`;
      return (
        await db.execute(sql`
          SELECT to_char((a.created_at AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS day, count(*)::int AS bookings
            FROM appointments a
           WHERE ${owner} AND a.status <> 'held'
             AND a.created_at >= (${from}::date::timestamp AT TIME ZONE ${tz})
             AND a.created_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})
           GROUP BY 1`)
      ).rows as { day: string; bookings: number }[];
    },
  };
}
