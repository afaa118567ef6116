import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BookingSource } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import {
  lowestVersionWith,
  type SoftwareVersion,
  softwareBenefits,
  softwareRights,
} from '../../../core/directory/software-version';
import { clinicUrl, doctorUrl } from '../../../core/directory/urls';
import type { Effectiveness, EffectivenessQuery, PageEventBody } from '../../../core/stats/contracts';
import {
  addDays,
  DEFAULT_PERIOD,
  EFFECTIVENESS_TEXTS,
  fillDays,
  MAX_VISIT_MS,
  type PageEvent,
} from '../../../core/stats/effectiveness';
import type { RateLimitStore } from '../../cache/rate-limit';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';

export type PageStatsService = ReturnType<typeof createPageStatsService>;

type PageKind = 'doctor' | 'clinic';
type Counted = PageEvent | 'booking';

const COLUMN: Record<Exclude<Counted, 'time'>, string> = {
  view: 'views',
  phone: 'phone_clicks',
  booking: 'booking_clicks',
};

/** The booking link's `source` that names a doctor's or a clinic's page as where the press was. */
const PAGE_OF_SOURCE: Partial<Record<BookingSource, PageKind>> = {
  doctor_page: 'doctor',
  clinic_page: 'clinic',
  clinic_doctors: 'clinic',
  clinic_prices: 'clinic',
};

/** A visitor as the counters know him: his address and browser, hashed (nothing of it is stored). */
export interface Visitor {
  ip: string;
  userAgent: string;
  viewer: SessionViewer;
}

/** How long a visitor is remembered as counted (a day and its zone's slack), and how much one address counts a day. */
const DAY_MS = 26 * 3600_000;
const MAX_PER_ADDRESS = 300;

const hashOf = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** Crawlers that run scripts still say so; their visits are not patients'. */
const CRAWLER = /bot|crawl|spider|slurp|headless|lighthouse|preview/i;

/**
 * Page effectiveness (docs/product/cabinet.md, 'Page effectiveness'): counts a doctor's and a
 * clinic's page views, booking presses and phone presses per day of the page's town, each visitor
 * once per page, day and event (the `seen` store remembers a hash of his address and browser for
 * a day; Redis when the app runs as several processes), and reports them with the bookings to the
 * page's owner when his software version has the right.
 */
export function createPageStatsService({ db, clock, seen }: { db: Db; clock: Clock; seen: RateLimitStore }) {
  /** `ms`: the time on the page of a 'time' event. */
  async function count(
    kind: PageKind,
    id: number,
    event: Counted,
    visitor: Visitor,
    ms = 0,
  ): Promise<boolean> {
    if (CRAWLER.test(visitor.userAgent)) return false;
    const { viewer } = visitor;
    // The page's own account looking at its page is not a patient.
    if (kind === 'doctor' && viewer.role === 'doctor' && viewer.doctorId === id) return false;
    if (kind === 'clinic' && viewer.role === 'clinic' && viewer.clinicId === id) return false;
    const now = clock.now();
    const who = hashOf(`${visitor.ip}\n${visitor.userAgent}`);
    // The day in UTC+3 bounds the key only; the row's day is the town's, set by the database.
    const { date } = zonedDay(now, 'Europe/Moscow');
    const { count: hits } = await seen.hit(`page:${kind}:${id}:${event}:${date}:${who}`, DAY_MS);
    if (hits !== 1) return false;
    // One address counts at most so many presses a day over all pages, whatever browser it names.
    const fromAddress = await seen.hit(`page-ip:${date}:${hashOf(visitor.ip)}`, DAY_MS);
    if (fromAddress.count > MAX_PER_ADDRESS) return false;
    const table = kind === 'doctor' ? sql`doctors` : sql`clinics`;
    const day = sql`(${now.toISOString()}::timestamptz AT TIME ZONE t.tz)::date`;
    let result: { rows: unknown[] };
    if (event === 'time') {
      const spent = Math.min(ms, MAX_VISIT_MS);
      result = await db.execute(sql`
        INSERT INTO page_stats (kind, page_id, day, timed, time_ms)
        SELECT ${kind}, p.id, ${day}, 1, ${spent}
          FROM ${table} p JOIN towns t ON t.id = p.town_id
         WHERE p.id = ${id}
        ON CONFLICT (kind, page_id, day)
          DO UPDATE SET timed = page_stats.timed + 1, time_ms = page_stats.time_ms + ${spent}
        RETURNING 1`);
    } else {
      const column = sql.raw(COLUMN[event]);
      result = await db.execute(sql`
        INSERT INTO page_stats (kind, page_id, day, ${column})
        SELECT ${kind}, p.id, ${day}, 1
          FROM ${table} p JOIN towns t ON t.id = p.town_id
         WHERE p.id = ${id}
        ON CONFLICT (kind, page_id, day) DO UPDATE SET ${column} = page_stats.${column} + 1
        RETURNING 1`);
    }
    return result.rows.length > 0;
  }

  async function ownPage(viewer: SessionViewer) {
    if (viewer.userId === null) throw unauthorized(EFFECTIVENESS_TEXTS.signIn);
    const kind: PageKind | null =
      viewer.role === 'doctor' && viewer.doctorId !== null
        ? 'doctor'
        : viewer.role === 'clinic' && viewer.clinicId !== null
          ? 'clinic'
          : null;
    if (viewer.role !== 'doctor' && viewer.role !== 'clinic') throw forbidden(EFFECTIVENESS_TEXTS.workOnly);
    if (kind === null) throw notFound(EFFECTIVENESS_TEXTS.noPage);
    const id = (kind === 'doctor' ? viewer.doctorId : viewer.clinicId) as number;
    const table = kind === 'doctor' ? sql`doctors` : sql`clinics`;
    const name =
      kind === 'doctor' ? sql`concat_ws(' ', p.last_name, p.first_name, p.patronymic)` : sql`p.name`;
    const [row] = (
      await db.execute(sql`
        SELECT p.id, p.slug, ${name} AS name, p.software_version AS version, t.slug AS "townSlug", t.tz
          FROM ${table} p JOIN towns t ON t.id = p.town_id WHERE p.id = ${id}`)
    ).rows as {
      id: number;
      slug: string;
      name: string;
      version: SoftwareVersion | null;
      townSlug: string;
      tz: string;
    }[];
    if (!row) throw notFound(EFFECTIVENESS_TEXTS.noPage);
    return { kind, ...row };
  }

  return {
    /** The page's beacon: a view, a phone press or the time on it; false when it did not count (seen already, a crawler…). */
    record(body: PageEventBody & { id: number; ms?: number }, visitor: Visitor): Promise<boolean> {
      return count(body.kind, body.id, body.event, visitor, body.ms ?? 0);
    },

    /** A booking page opened from a doctor's or a clinic's page (its link's `source`); never throws. */
    async bookingOpened(
      target: { source: string | null; doctorId: number | null; clinicId: number | null },
      visitor: Visitor,
    ): Promise<void> {
      const source = target.source ?? '';
      const kind = Object.hasOwn(PAGE_OF_SOURCE, source)
        ? PAGE_OF_SOURCE[source as BookingSource]
        : undefined;
      const id = kind === 'doctor' ? target.doctorId : kind === 'clinic' ? target.clinicId : null;
      if (!kind || !id) return;
      // A counter must never stop a patient from booking: a failure here loses one count only.
      await count(kind, id, 'booking', visitor).catch(() => false);
    },

    async effectiveness(viewer: SessionViewer, query: EffectivenessQuery): Promise<Effectiveness> {
      const page = await ownPage(viewer);
      const days = Number(query.days ?? DEFAULT_PERIOD);
      const base = {
        page: {
          kind: page.kind,
          id: page.id,
          name: page.name,
          url: (page.kind === 'doctor' ? doctorUrl : clinicUrl)(page.townSlug, page),
        },
        version: page.version,
        days,
      };
      if (!softwareRights(page.version, page.kind).effectiveness) {
        const next = lowestVersionWith('effectiveness', page.kind) as SoftwareVersion;
        const have = new Set(
          page.version ? softwareBenefits(page.version, page.kind) : softwareBenefits('LIGHT', page.kind),
        );
        const gains = softwareBenefits(next, page.kind).filter((b) => !have.has(b));
        return { ...base, available: false, upgrade: { version: next, gains }, series: [] };
      }
      const today = zonedDay(clock.now(), page.tz).date;
      const from = addDays(today, -(days - 1));
      const counted = (
        await db.execute(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, views, booking_clicks AS "bookingClicks",
                 phone_clicks AS "phoneClicks", timed, time_ms::float8 AS "timeMs"
            FROM page_stats WHERE kind = ${page.kind} AND page_id = ${page.id} AND day BETWEEN ${from} AND ${today}`)
      ).rows as {
        day: string;
        views: number;
        bookingClicks: number;
        phoneClicks: number;
        timed: number;
        timeMs: number;
      }[];
      // Bookings made on the site, counted from the visits themselves (a hold not yet confirmed is not one).
      const owner =
        page.kind === 'doctor'
          ? sql`a.workplace_id IN (SELECT id FROM workplaces WHERE doctor_id = ${page.id})`
          : sql`a.clinic_id = ${page.id}`;
      const booked = (
        await db.execute(sql`
          SELECT to_char((a.created_at AT TIME ZONE ${page.tz})::date, 'YYYY-MM-DD') AS day, count(*)::int AS bookings
            FROM appointments a
           WHERE ${owner} AND a.status <> 'held'
             AND a.created_at >= (${from}::date::timestamp AT TIME ZONE ${page.tz})
             AND a.created_at < ((${today}::date + 1)::timestamp AT TIME ZONE ${page.tz})
           GROUP BY 1`)
      ).rows as { day: string; bookings: number }[];
      return {
        ...base,
        available: true,
        upgrade: null,
        series: fillDays(today, days, [...counted, ...booked]),
      };
    },
  };
}
