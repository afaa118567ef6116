import { createHash } from 'node:crypto';
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
import { type CountColumn, createPageStatsRepo, type PageKind } from './repo';

export type PageStatsService = ReturnType<typeof createPageStatsService>;

type Counted = PageEvent | 'booking';

const COLUMN: Record<Exclude<Counted, 'time'>, CountColumn> = {
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
  /** The client's address key (server/security/client-address.ts: an IPv6 client by its /64). */
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
  const repo = createPageStatsRepo(db);

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
    return event === 'time'
      ? repo.addTime(kind, id, Math.min(ms, MAX_VISIT_MS), now)
      : repo.addOne(kind, id, COLUMN[event], now);
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
    const row = await repo.page(kind, id);
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
      const counted = await repo.counted(page.kind, page.id, from, today);
      // Bookings made on the site, counted from the visits themselves (a hold not yet confirmed is not one).
      const booked = await repo.bookings(page.kind, page.id, page.tz, from, today);
      return {
        ...base,
        available: true,
        upgrade: null,
        series: fillDays(today, days, [...counted, ...booked]),
      };
    },
  };
}
