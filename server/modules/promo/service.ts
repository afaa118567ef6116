import { pageTags } from '../../../core/cache/page-tags';
import { awardPhaseAt, awardYearAt } from '../../../core/promo/award-phase';
import {
  type AppPromoData,
  type AwardBannerData,
  type AwardYear,
  type AwardYearInput,
  calendarOf,
} from '../../../core/promo/contracts';
import type { PageCache } from '../../cache/page-cache';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { defaultAwardYear } from './award-defaults';
import { type AwardYearRow, createPromoRepo } from './repo';

export type PromoService = ReturnType<typeof createPromoService>;

export const PROMO_STAFF_ONLY = 'Раздел только для сотрудников ПроДокторов';

/**
 * Every page with the banner reads its year's row, so each process keeps it 30 s. A save clears
 * the saving process's copy at once; other processes show it within that time.
 */
const ROW_TTL_MS = 30_000;

function requireStaff(viewer: SessionViewer) {
  if (viewer.userId === null) throw unauthorized(PROMO_STAFF_ONLY);
  if (!viewer.isStaff) throw forbidden(PROMO_STAFF_ONLY);
}

function awardYearOf(row: AwardYearRow): AwardYear {
  return {
    year: row.year,
    starts: {
      announce: row.announceFrom.toISOString(),
      results: row.resultsFrom.toISOString(),
      grand_prix_registration: row.grandPrixRegistrationFrom.toISOString(),
      grand_prix_broadcast: row.grandPrixBroadcastFrom.toISOString(),
      grand_prix_results: row.grandPrixResultsFrom.toISOString(),
      ends: row.endsAt.toISOString(),
    },
    content: row.content,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The promo banners (docs/product/promotions.md): the annual award, whose year rows the staff
 * edit, and the mobile app's store links from the settings.
 */
export function createPromoService({
  db,
  read = db,
  clock,
  pageCache,
  appStores,
}: {
  db: Db;
  read?: Db;
  clock: Clock;
  pageCache?: PageCache;
  appStores: AppPromoData;
}) {
  const repo = createPromoRepo(db);
  const readRepo = createPromoRepo(read);
  const rows = createTtlCache<AwardYearRow | null>(clock, ROW_TTL_MS, 16);

  return {
    /** The award banner at `now` (a page's clock), or null when its year has none or it is over. */
    async awardBanner(now: Date): Promise<AwardBannerData | null> {
      const year = awardYearAt(now);
      const row = await rows.get(String(year), () => readRepo.awardYear(year));
      if (!row) return null;
      const award = awardYearOf(row);
      const phase = awardPhaseAt(now, calendarOf(award.starts));
      return phase ? { year, phase, content: award.content[phase] } : null;
    },

    appPromo(): AppPromoData {
      return appStores;
    },

    async awardYear(viewer: SessionViewer, year: number): Promise<AwardYear> {
      requireStaff(viewer);
      const row = await repo.awardYear(year);
      if (!row) throw notFound('Для этого года премия ещё не заведена');
      return awardYearOf(row);
    },

    /** A year for the staff's form: as saved, or the defaults it would start from (`savedAt` null). */
    async awardYearDraft(
      viewer: SessionViewer,
      year: number,
    ): Promise<{ award: AwardYearInput; savedAt: string | null }> {
      requireStaff(viewer);
      const row = await repo.awardYear(year);
      if (!row) return { award: defaultAwardYear(year), savedAt: null };
      const { starts, content, updated_at } = awardYearOf(row);
      return { award: { starts, content }, savedAt: updated_at };
    },

    /** Creates or replaces a year; the banner's pages show the change at once. */
    async saveAwardYear(viewer: SessionViewer, year: number, input: AwardYearInput): Promise<AwardYear> {
      requireStaff(viewer);
      if (awardYearAt(new Date(input.starts.announce)) !== year)
        throw badRequest(`Анонс премии ${year} года должен начинаться в ${year} году`);
      const row = await repo.saveAwardYear(year, input, clock.now());
      rows.clear();
      pageCache?.invalidate([pageTags.promo]);
      return awardYearOf(row);
    },
  };
}

/**
 * At start (server/main.ts): this year and the next get the default calendar and texts where
 * the staff have not set them up yet, so a process still running on 1 January has the new
 * year's banner. Idempotent; a year already there is never overwritten. Returns the years added.
 */
export async function addDefaultAwardYears(db: Db, now: Date): Promise<number[]> {
  const repo = createPromoRepo(db);
  const current = awardYearAt(now);
  const added: number[] = [];
  for (const year of [current, current + 1])
    if (await repo.addAwardYearIfMissing(year, defaultAwardYear(year), now)) added.push(year);
  return added;
}
