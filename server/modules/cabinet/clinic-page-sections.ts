import type {
  ClinicAbout,
  ClinicHours,
  ClinicPromotions,
  ClinicRules,
} from '../../../core/cabinet/clinic-page-contracts';
import { pageTags } from '../../../core/cache/page-tags';
import {
  CLINIC_PAGE_LIMITS,
  endedNow,
  holidayDateError,
  promotionDatesError,
  promotionEnded,
  promotionsAccess,
  promotionsUpgradeText,
  CLINIC_PAGE_TEXTS as T,
} from '../../../core/clinic/page-editor';
import { zonedDay } from '../../../core/dates/zoned';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createClinicPageRepo } from './clinic-page-repo';

type Hours = { opens: string | null; closes: string | null };
type PromotionInput = { title: string; body: string; startsOn: string; endsOn: string | null };

/**
 * The clinic page's sections beyond accessibility (docs/product/cabinet.md, 'The clinic page'):
 * about, hours and holiday hours, promotions. `clinicOf` refuses anyone but a clinic account and
 * names its clinic (from the session, never the body). Every save locks the clinic's row, so two
 * saves at once run one after the other; it is audited, and the cached pages showing the clinic
 * are dropped.
 */
export function createClinicPageSections({
  db,
  clock,
  pageCache,
  clinicOf,
}: {
  db: Db;
  clock: Clock;
  pageCache: PageCache;
  clinicOf: (viewer: SessionViewer) => { clinicId: number; userId: number };
}) {
  const repo = createClinicPageRepo(db);

  /** Runs a save on the locked clinic row, then drops the cached pages. */
  async function save<R>(
    viewer: SessionViewer,
    fn: (
      tx: DbTx,
      ctx: {
        clinicId: number;
        userId: number;
        today: string;
        clinic: NonNullable<Awaited<ReturnType<typeof repo.lockClinic>>>;
      },
    ) => Promise<R>,
  ): Promise<R> {
    const { clinicId, userId } = clinicOf(viewer);
    const { result, townId } = await repo.transaction(async (tx) => {
      const clinic = await repo.lockClinic(tx, clinicId);
      if (!clinic) throw notFound();
      const today = zonedDay(clock.now(), clinic.tz).date;
      return { result: await fn(tx, { clinicId, userId, today, clinic }), townId: clinic.townId };
    });
    pageCache.invalidate([pageTags.clinic(clinicId), pageTags.townLists(townId)]);
    return result;
  }

  const audit = (
    tx: DbTx,
    ctx: { userId: number },
    action: string,
    targetType: string,
    targetId: number,
    before: unknown,
    after: unknown,
  ) => repo.audit(tx, { userId: ctx.userId, action, targetType, targetId, before, after, at: clock.now() });

  async function hoursOf(q: Db | DbTx, clinicId: number, today: string): Promise<ClinicHours> {
    const [rows, holidays] = await Promise.all([repo.week(q, clinicId), repo.holidays(q, clinicId, today)]);
    const week = [1, 2, 3, 4, 5, 6, 7].map(
      (weekday) => rows.find((r) => r.weekday === weekday) ?? { weekday, opens: null, closes: null },
    );
    return { today, week, holidays };
  }

  async function promotionsOf(
    q: Db | DbTx,
    clinicId: number,
    today: string,
    version: Parameters<typeof promotionsAccess>[0],
  ): Promise<ClinicPromotions> {
    const access = promotionsAccess(version);
    if (!access.available) return { ...access, today, current: [], ended: [] };
    const [current, ended] = await Promise.all([
      repo.currentPromotions(q, clinicId, today),
      repo.endedPromotions(q, clinicId, today, CLINIC_PAGE_LIMITS.endedShown),
    ]);
    return { ...access, today, current, ended };
  }

  /** Below Стандарт a write is refused with what the level with promotions would give. */
  function requirePromotions(version: Parameters<typeof promotionsAccess>[0]) {
    const access = promotionsAccess(version);
    if (!access.available) {
      throw forbidden(promotionsUpgradeText(access.upgrade.version), { upgrade: access.upgrade });
    }
  }

  async function readClinic(viewer: SessionViewer) {
    const { clinicId } = clinicOf(viewer);
    const clinic = await repo.clinic(clinicId);
    if (!clinic) throw notFound();
    return { clinicId, clinic, today: zonedDay(clock.now(), clinic.tz).date };
  }

  return {
    async about(viewer: SessionViewer): Promise<ClinicAbout> {
      const { clinic } = await readClinic(viewer);
      return { description: clinic.description, phones: clinic.phones, website: clinic.website };
    },

    setAbout: (viewer: SessionViewer, body: ClinicAbout): Promise<ClinicAbout> =>
      save(viewer, async (tx, ctx) => {
        const before = {
          description: ctx.clinic.description,
          phones: ctx.clinic.phones,
          website: ctx.clinic.website,
        };
        await repo.setAbout(tx, ctx.clinicId, body);
        await audit(tx, ctx, 'clinic.about', 'clinics', ctx.clinicId, before, body);
        return body;
      }),

    async rules(viewer: SessionViewer): Promise<ClinicRules> {
      const { clinic } = await readClinic(viewer);
      return { rules: clinic.rules };
    },

    setRules: (viewer: SessionViewer, rules: string[]): Promise<ClinicRules> =>
      save(viewer, async (tx, ctx) => {
        await repo.setRules(tx, ctx.clinicId, rules);
        await audit(tx, ctx, 'clinic.rules', 'clinics', ctx.clinicId, { rules: ctx.clinic.rules }, { rules });
        return { rules };
      }),

    async hours(viewer: SessionViewer): Promise<ClinicHours> {
      const { clinicId, today } = await readClinic(viewer);
      return hoursOf(db, clinicId, today);
    },

    setWeek: (viewer: SessionViewer, week: ({ weekday: number } & Hours)[]): Promise<ClinicHours> =>
      save(viewer, async (tx, ctx) => {
        const before = await repo.week(tx, ctx.clinicId);
        const sorted = [...week].sort((a, b) => a.weekday - b.weekday);
        await repo.setWeek(tx, ctx.clinicId, sorted);
        await audit(tx, ctx, 'clinic.hours', 'clinics', ctx.clinicId, { week: before }, { week: sorted });
        return hoursOf(tx, ctx.clinicId, ctx.today);
      }),

    addHoliday: (viewer: SessionViewer, day: { date: string } & Hours): Promise<ClinicHours> =>
      save(viewer, async (tx, ctx) => {
        const refusal = holidayDateError(day.date, ctx.today);
        if (refusal) throw badRequest(refusal, { errors: { date: refusal } });
        const before = await repo.putHoliday(tx, ctx.clinicId, day);
        if (
          !before &&
          (await repo.countHolidays(tx, ctx.clinicId, ctx.today)) > CLINIC_PAGE_LIMITS.holidaysMax
        ) {
          // The transaction rolls back with the refusal: the day is not kept.
          throw badRequest(T.holidaysTooMany);
        }
        await audit(
          tx,
          ctx,
          before ? 'clinic.holiday.changed' : 'clinic.holiday.added',
          'clinics',
          ctx.clinicId,
          before ? { date: day.date, ...before } : null,
          day,
        );
        return hoursOf(tx, ctx.clinicId, ctx.today);
      }),

    removeHoliday: (viewer: SessionViewer, id: number): Promise<ClinicHours> =>
      save(viewer, async (tx, ctx) => {
        const removed = await repo.removeHoliday(tx, ctx.clinicId, id);
        if (!removed) throw notFound(T.holidayNotFound);
        await audit(tx, ctx, 'clinic.holiday.removed', 'clinics', ctx.clinicId, removed, null);
        return hoursOf(tx, ctx.clinicId, ctx.today);
      }),

    async promotions(viewer: SessionViewer): Promise<ClinicPromotions> {
      const { clinicId, clinic, today } = await readClinic(viewer);
      return promotionsOf(db, clinicId, today, clinic.version);
    },

    addPromotion: (viewer: SessionViewer, p: PromotionInput): Promise<ClinicPromotions> =>
      save(viewer, async (tx, ctx) => {
        requirePromotions(ctx.clinic.version);
        const refusal = promotionDatesError(p, ctx.today);
        if (refusal) throw badRequest(refusal, { errors: { endsOn: refusal } });
        if (
          (await repo.countCurrentPromotions(tx, ctx.clinicId, ctx.today)) >= CLINIC_PAGE_LIMITS.promotionsMax
        ) {
          throw badRequest(T.promotionsTooMany);
        }
        const id = await repo.addPromotion(tx, ctx.clinicId, p);
        await audit(tx, ctx, 'clinic.promotion.added', 'promotions', id, null, p);
        return promotionsOf(tx, ctx.clinicId, ctx.today, ctx.clinic.version);
      }),

    setPromotion: (viewer: SessionViewer, id: number, p: PromotionInput): Promise<ClinicPromotions> =>
      save(viewer, async (tx, ctx) => {
        requirePromotions(ctx.clinic.version);
        const before = await repo.promotion(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.promotionNotFound);
        if (promotionEnded(before.endsOn, ctx.today)) throw conflict('promotion_ended', T.promotionEnded);
        const refusal = promotionDatesError(p, ctx.today);
        if (refusal) throw badRequest(refusal, { errors: { endsOn: refusal } });
        await repo.setPromotion(tx, id, p);
        const { id: _, ...was } = before;
        await audit(tx, ctx, 'clinic.promotion.changed', 'promotions', id, was, p);
        return promotionsOf(tx, ctx.clinicId, ctx.today, ctx.clinic.version);
      }),

    endPromotion: (viewer: SessionViewer, id: number): Promise<ClinicPromotions> =>
      save(viewer, async (tx, ctx) => {
        requirePromotions(ctx.clinic.version);
        const before = await repo.promotion(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.promotionNotFound);
        // Ending an ended promotion again changes nothing.
        if (!promotionEnded(before.endsOn, ctx.today)) {
          const dates = endedNow(before.startsOn, ctx.today);
          await repo.setPromotion(tx, id, dates);
          await audit(
            tx,
            ctx,
            'clinic.promotion.ended',
            'promotions',
            id,
            { startsOn: before.startsOn, endsOn: before.endsOn },
            dates,
          );
        }
        return promotionsOf(tx, ctx.clinicId, ctx.today, ctx.clinic.version);
      }),
  };
}
