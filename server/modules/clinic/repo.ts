import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clinicHourExceptions,
  clinicHours,
  clinicLicences,
  clinicPhotos,
  clinics,
  equipment,
  promotions,
} from '../../db/schema/clinics';
import { districts, metroStations, towns } from '../../db/schema/towns';
import { type ReviewSummaryRow, reviewSummaryColumns } from '../../db/sql/review-summary';

export type ClinicRepo = ReturnType<typeof createClinicRepo>;

type HoursJson = { opens: string | null; closes: string | null };

export type ClinicDetailsRow = ReviewSummaryRow & {
  hours: ({ weekday: number } & HoursJson)[];
  holidays: ({ date: string } & HoursJson)[];
  licences: { id: number; number: string; issuedAt: string; authority: string; imageUrl: string | null }[];
  photos: { src: string; name: string; caption: string | null; isVideo: boolean }[];
  equipment: {
    id: number;
    name: string;
    imageUrl: string | null;
    attributes: { name: string; value: string }[];
    description: string;
  }[];
  promotions: { id: number; title: string; body: string; endsOn: string | null }[];
  /** Ended promotions, for the 'Архивные акции' link. */
  endedPromotions: number;
  branches: { id: number; slug: string; name: string; street: string; house: string }[];
};

/** The clinic page's details of clinic `clinicId` (an SQL expression: a parameter or an outer column). */
function clinicDetailsSql(clinicId: SQL, today: SQL): SQL {
  return sql`
        SELECT
          (SELECT coalesce(json_agg(json_build_object('weekday', h.weekday, 'opens', h.opens, 'closes', h.closes)
                    ORDER BY h.weekday), '[]')
             FROM ${clinicHours} h WHERE h.clinic_id = c.id) AS hours,
          (SELECT coalesce(json_agg(x ORDER BY x.date), '[]') FROM (
             SELECT e.date, e.opens, e.closes FROM ${clinicHourExceptions} e
              WHERE e.clinic_id = c.id AND e.date >= ${today}::date ORDER BY e.date LIMIT 10) x) AS holidays,
          (SELECT coalesce(json_agg(json_build_object('id', l.id, 'number', l.number, 'issuedAt', l.issued_at,
                    'authority', l.authority, 'imageUrl', l.image_url) ORDER BY l.issued_at DESC, l.id), '[]')
             FROM ${clinicLicences} l WHERE l.clinic_id = c.id AND l.removed_at IS NULL) AS licences,
          (SELECT coalesce(json_agg(json_build_object('src', p.src, 'name', p.name, 'caption', p.caption,
                    'isVideo', p.is_video)
                    ORDER BY p.sort, p.id), '[]')
             FROM ${clinicPhotos} p WHERE p.clinic_id = c.id AND p.removed_at IS NULL) AS photos,
          (SELECT coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'imageUrl', q.image_url,
                    'attributes', q.attributes, 'description', q.description) ORDER BY q.sort, q.id), '[]')
             FROM ${equipment} q WHERE q.clinic_id = c.id AND q.removed_at IS NULL) AS equipment,
          (SELECT coalesce(json_agg(json_build_object('id', pr.id, 'title', pr.title, 'body', pr.body,
                    'endsOn', pr.ends_on) ORDER BY pr.starts_on, pr.id), '[]')
             FROM ${promotions} pr
            WHERE pr.clinic_id = c.id AND (pr.ends_on IS NULL OR pr.ends_on >= ${today}::date)) AS promotions,
          (SELECT count(*)::int FROM ${promotions} pr
            WHERE pr.clinic_id = c.id AND pr.ends_on < ${today}::date) AS "endedPromotions",
          (SELECT coalesce(json_agg(b ORDER BY b.id), '[]') FROM (
             SELECT o.id, o.slug, o.name, o.street, o.house FROM ${clinics} o
              WHERE c.network_id IS NOT NULL AND o.network_id = c.network_id AND o.id <> c.id
              ORDER BY o.id LIMIT 20) b) AS branches,
          ${reviewSummaryColumns('lpu', sql`c.id`, sql`5`)}
        FROM ${clinics} c WHERE c.id = ${clinicId}`;
}

/** Upcoming holiday exceptions shown with an address schedule. */
const EXCEPTIONS_LIMIT = 10;

export function createClinicRepo(db: Db) {
  /** Ended promotions: those whose last day is before today (in the clinic's town). */
  const ended = (clinicId: number, today: string) =>
    and(eq(promotions.clinicId, clinicId), isNotNull(promotions.endsOn), lt(promotions.endsOn, today));

  // The clinic page's one query, prepared once per connection: its text is long and its plan
  // has a dozen subqueries, so parsing and planning it cost PostgreSQL more than running it.
  const clinicWithDetails = db
    .select({
      clinic: clinics,
      metro: metroStations.name,
      district: districts.name,
      details: sql<ClinicDetailsRow>`(SELECT row_to_json(x) FROM (${clinicDetailsSql(sql`${clinics.id}`, sql`${sql.placeholder('today')}`)}) x)`,
    })
    .from(clinics)
    .leftJoin(metroStations, eq(metroStations.id, clinics.metroId))
    .leftJoin(districts, eq(districts.id, clinics.districtId))
    .where(eq(clinics.id, sql.placeholder('id')))
    .prepare('directory_clinic_with_details');

  return {
    /**
     * Everything a clinic page shows, in one round trip: the clinic row with its metro and
     * district, and its details — hours, holiday hours from `today`, licences, photos,
     * equipment, current promotions, branches and the review summary, built as JSON by
     * PostgreSQL. Ten small queries cost more in Node (one socket write and one result parse
     * each) than this one does in the database.
     */
    async clinicWithDetails(clinicId: number, today: string) {
      const [row] = await clinicWithDetails.execute({ id: clinicId, today });
      return row ?? null;
    },

    covidRules: async (clinicId: number): Promise<string[] | null> =>
      (
        await db.select({ rules: clinics.covidRules }).from(clinics).where(eq(clinics.id, clinicId)).limit(1)
      )[0]?.rules ?? null,

    clinic: async (id: number) =>
      (
        await db
          .select({
            id: clinics.id,
            networkId: clinics.networkId,
            softwareVersion: clinics.softwareVersion,
            tz: towns.tz,
          })
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
          .where(and(eq(clinicLicences.id, id), isNull(clinicLicences.removedAt)))
          .limit(1)
      )[0] ?? null,
  };
}
