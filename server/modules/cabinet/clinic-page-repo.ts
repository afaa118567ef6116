import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { Db, DbTx } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinicHourExceptions, clinicHours, clinics, promotions } from '../../db/schema/clinics';
import { towns } from '../../db/schema/towns';

export type ClinicPageRepo = ReturnType<typeof createClinicPageRepo>;

type Hours = { opens: string | null; closes: string | null };
export type PromotionRow = {
  id: number;
  title: string;
  body: string;
  startsOn: string;
  endsOn: string | null;
};

/** 'HH:mm:ss' of a `time` column → 'HH:mm'. */
const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));

const promotionColumns = {
  id: promotions.id,
  title: promotions.title,
  body: promotions.body,
  startsOn: promotions.startsOn,
  endsOn: promotions.endsOn,
};

/** The SQL of the clinic page's cabinet sections (docs/product/cabinet.md, 'The clinic page'). */
export function createClinicPageRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: DbTx) => Promise<T>) => db.transaction(fn),

    /** The clinic's row, locked until the transaction ends: two saves of one clinic run one after the other. */
    async lockClinic(tx: DbTx, clinicId: number) {
      const [row] = (
        await tx.execute(sql`
          SELECT c.description, c.phones, c.covid_rules AS rules, coalesce(c.website, '') AS website, c.town_id AS "townId",
                 c.software_version AS version, t.tz
            FROM ${clinics} c JOIN ${towns} t ON t.id = c.town_id
           WHERE c.id = ${clinicId} FOR UPDATE OF c`)
      ).rows as {
        description: string;
        phones: string[];
        rules: string[];
        website: string;
        townId: number;
        version: SoftwareVersion | null;
        tz: string;
      }[];
      return row ?? null;
    },

    /** The same without a lock, for reading. */
    async clinic(clinicId: number) {
      const [row] = await db
        .select({
          description: clinics.description,
          phones: clinics.phones,
          rules: clinics.covidRules,
          website: clinics.website,
          version: clinics.softwareVersion,
          tz: towns.tz,
        })
        .from(clinics)
        .innerJoin(towns, eq(towns.id, clinics.townId))
        .where(eq(clinics.id, clinicId));
      return row ? { ...row, website: row.website ?? '' } : null;
    },

    async setAbout(
      tx: DbTx,
      clinicId: number,
      about: { description: string; phones: string[]; website: string },
    ) {
      await tx
        .update(clinics)
        .set({ description: about.description, phones: about.phones, website: about.website || null })
        .where(eq(clinics.id, clinicId));
    },

    async setRules(tx: DbTx, clinicId: number, rules: string[]) {
      await tx.update(clinics).set({ covidRules: rules }).where(eq(clinics.id, clinicId));
    },

    async week(q: Db | DbTx, clinicId: number) {
      const rows = await q
        .select({ weekday: clinicHours.weekday, opens: clinicHours.opens, closes: clinicHours.closes })
        .from(clinicHours)
        .where(eq(clinicHours.clinicId, clinicId))
        .orderBy(asc(clinicHours.weekday));
      return rows.map((r) => ({ weekday: r.weekday, opens: hhmm(r.opens), closes: hhmm(r.closes) }));
    },

    /** The week replaces the old one whole: a row per weekday, null times for a day off. */
    async setWeek(tx: DbTx, clinicId: number, week: ({ weekday: number } & Hours)[]) {
      await tx.delete(clinicHours).where(eq(clinicHours.clinicId, clinicId));
      await tx.insert(clinicHours).values(week.map((d) => ({ clinicId, ...d })));
    },

    async holidays(q: Db | DbTx, clinicId: number, fromDate: string) {
      const rows = await q
        .select({
          id: clinicHourExceptions.id,
          date: clinicHourExceptions.date,
          opens: clinicHourExceptions.opens,
          closes: clinicHourExceptions.closes,
        })
        .from(clinicHourExceptions)
        .where(and(eq(clinicHourExceptions.clinicId, clinicId), gte(clinicHourExceptions.date, fromDate)))
        .orderBy(asc(clinicHourExceptions.date));
      return rows.map((r) => ({ ...r, opens: hhmm(r.opens), closes: hhmm(r.closes) }));
    },

    /** A holiday day, added or (the same date again) given new hours; the row before, if any. */
    async putHoliday(tx: DbTx, clinicId: number, day: { date: string } & Hours) {
      const [before] = await tx
        .select({ opens: clinicHourExceptions.opens, closes: clinicHourExceptions.closes })
        .from(clinicHourExceptions)
        .where(and(eq(clinicHourExceptions.clinicId, clinicId), eq(clinicHourExceptions.date, day.date)));
      await tx
        .insert(clinicHourExceptions)
        .values({ clinicId, ...day })
        .onConflictDoUpdate({
          target: [clinicHourExceptions.clinicId, clinicHourExceptions.date],
          set: { opens: day.opens, closes: day.closes },
        });
      return before ? { opens: hhmm(before.opens), closes: hhmm(before.closes) } : null;
    },

    /** Removes one of the clinic's holiday days; the row removed, or null when it is not the clinic's. */
    async removeHoliday(tx: DbTx, clinicId: number, id: number) {
      const [row] = await tx
        .delete(clinicHourExceptions)
        .where(and(eq(clinicHourExceptions.id, id), eq(clinicHourExceptions.clinicId, clinicId)))
        .returning({
          date: clinicHourExceptions.date,
          opens: clinicHourExceptions.opens,
          closes: clinicHourExceptions.closes,
        });
      return row ? { ...row, opens: hhmm(row.opens), closes: hhmm(row.closes) } : null;
    },

    /** Current and upcoming promotions (not ended in `today`), by start. */
    currentPromotions: (q: Db | DbTx, clinicId: number, today: string): Promise<PromotionRow[]> =>
      q
        .select(promotionColumns)
        .from(promotions)
        .where(
          and(
            eq(promotions.clinicId, clinicId),
            or(isNull(promotions.endsOn), gte(promotions.endsOn, today)),
          ),
        )
        .orderBy(asc(promotions.startsOn), asc(promotions.id)),

    /** The latest ended promotions, most recently ended first. */
    endedPromotions: (
      q: Db | DbTx,
      clinicId: number,
      today: string,
      limit: number,
    ): Promise<PromotionRow[]> =>
      q
        .select(promotionColumns)
        .from(promotions)
        .where(
          and(eq(promotions.clinicId, clinicId), isNotNull(promotions.endsOn), lt(promotions.endsOn, today)),
        )
        .orderBy(desc(promotions.endsOn), desc(promotions.id))
        .limit(limit),

    async countCurrentPromotions(tx: DbTx, clinicId: number, today: string): Promise<number> {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(promotions)
        .where(
          and(
            eq(promotions.clinicId, clinicId),
            or(isNull(promotions.endsOn), gte(promotions.endsOn, today)),
          ),
        );
      return n;
    },

    async promotion(tx: DbTx, clinicId: number, id: number): Promise<PromotionRow | null> {
      const [row] = await tx
        .select(promotionColumns)
        .from(promotions)
        .where(and(eq(promotions.id, id), eq(promotions.clinicId, clinicId)));
      return row ?? null;
    },

    async addPromotion(tx: DbTx, clinicId: number, p: Omit<PromotionRow, 'id'>): Promise<number> {
      const [row] = await tx
        .insert(promotions)
        .values({ clinicId, ...p })
        .returning({ id: promotions.id });
      return row.id;
    },

    async setPromotion(tx: DbTx, id: number, p: Partial<Omit<PromotionRow, 'id'>>) {
      await tx.update(promotions).set(p).where(eq(promotions.id, id));
    },

    async countHolidays(tx: DbTx, clinicId: number, fromDate: string): Promise<number> {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(clinicHourExceptions)
        .where(and(eq(clinicHourExceptions.clinicId, clinicId), gte(clinicHourExceptions.date, fromDate)));
      return n;
    },

    async audit(
      tx: DbTx,
      row: {
        userId: number;
        action: string;
        targetType: string;
        targetId: number;
        before: unknown;
        after: unknown;
        at: Date;
      },
    ) {
      await tx.insert(cabinetAudit).values(row);
    },
  };
}
