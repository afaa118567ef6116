import { and, asc, count, desc, eq, gte, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clinicHourExceptions,
  clinicHours,
  clinicLicences,
  clinics,
  promotions,
} from '../../db/schema/directory';
import { towns } from '../../db/schema/towns';

export type ClinicPageRepo = ReturnType<typeof createClinicPageRepo>;

/** Upcoming holiday exceptions shown with an address schedule. */
const EXCEPTIONS_LIMIT = 10;

export function createClinicPageRepo(db: Db) {
  /** Ended promotions: those whose last day is before today (in the clinic's town). */
  const ended = (clinicId: number, today: string) =>
    and(eq(promotions.clinicId, clinicId), isNotNull(promotions.endsOn), lt(promotions.endsOn, today));

  return {
    clinic: async (id: number) =>
      (
        await db
          .select({ id: clinics.id, networkId: clinics.networkId, tz: towns.tz })
          .from(clinics)
          .innerJoin(towns, eq(towns.id, clinics.townId))
          .where(eq(clinics.id, id))
          .limit(1)
      )[0] ?? null,

    /** The clinic and the branches of its network: every address its page may show. */
    addresses: (clinic: { id: number; networkId: number | null }) =>
      db
        .select({ id: clinics.id, street: clinics.street, house: clinics.house, tz: towns.tz })
        .from(clinics)
        .innerJoin(towns, eq(towns.id, clinics.townId))
        .where(
          clinic.networkId === null
            ? eq(clinics.id, clinic.id)
            : or(eq(clinics.id, clinic.id), eq(clinics.networkId, clinic.networkId)),
        ),

    hours: (clinicId: number) =>
      db
        .select({ weekday: clinicHours.weekday, opens: clinicHours.opens, closes: clinicHours.closes })
        .from(clinicHours)
        .where(eq(clinicHours.clinicId, clinicId)),

    upcomingExceptions: (clinicId: number, fromDate: string) =>
      db
        .select({
          date: clinicHourExceptions.date,
          opens: clinicHourExceptions.opens,
          closes: clinicHourExceptions.closes,
        })
        .from(clinicHourExceptions)
        .where(and(eq(clinicHourExceptions.clinicId, clinicId), gte(clinicHourExceptions.date, fromDate)))
        .orderBy(asc(clinicHourExceptions.date))
        .limit(EXCEPTIONS_LIMIT),

    async endedPromotionsCount(clinicId: number, today: string): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(promotions).where(ended(clinicId, today));
      return n;
    },

    /** Most recently ended first. */
    endedPromotions: (clinicId: number, today: string, limit: number, offset: number) =>
      db
        .select({
          id: promotions.id,
          title: promotions.title,
          body: promotions.body,
          startsOn: promotions.startsOn,
          endsOn: promotions.endsOn,
        })
        .from(promotions)
        .where(ended(clinicId, today))
        .orderBy(desc(promotions.endsOn), desc(promotions.id))
        .limit(limit)
        .offset(offset),

    licence: async (id: number) =>
      (
        await db
          .select({
            number: clinicLicences.number,
            issuedAt: clinicLicences.issuedAt,
            authority: clinicLicences.authority,
            clinicName: clinics.name,
            street: clinics.street,
            house: clinics.house,
            town: towns.name,
          })
          .from(clinicLicences)
          .innerJoin(clinics, eq(clinics.id, clinicLicences.clinicId))
          .innerJoin(towns, eq(towns.id, clinics.townId))
          .where(eq(clinicLicences.id, id))
          .limit(1)
      )[0] ?? null,
  };
}
