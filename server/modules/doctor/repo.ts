import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepareSql } from '../../db/prepared';
import {
  type DoctorActivityKind,
  doctorActivities,
  doctors,
  workplacePrices,
  workplaces,
} from '../../db/schema/doctors';
import { clinicServices } from '../../db/schema/services';
import { type ReviewSummaryRow, reviewSummaryColumns } from '../../db/sql/review-summary';

export interface ActivityItem {
  year: number | null;
  title: string;
  details: string | null;
}

export type DoctorRepo = ReturnType<typeof createDoctorRepo>;

type DoctorRow = typeof doctors.$inferSelect;

export type DoctorPageRow = ReviewSummaryRow &
  Pick<
    DoctorRow,
    | 'townId'
    | 'slug'
    | 'lastName'
    | 'firstName'
    | 'patronymic'
    | 'about'
    | 'careerStartYear'
    | 'education'
    | 'courses'
    | 'softwareVersion'
    | 'ownPhone'
    | 'fakeWarning'
    | 'licenseNumber'
    | 'educationConfirmed'
    | 'categoryConfirmed'
    | 'categoryExpiresOn'
    | 'scienceConfirmed'
    | 'scienceDegree'
    | 'professor'
  > & {
    services: {
      id: number;
      name: string;
      priceFull: number;
      priceClub: number | null;
      durationMinutes: number;
      clinicId: number;
      /** The line's clinic's club data and its service's directory visit type (the club's one rule). */
      clubEnabled: boolean;
      clubDiscountPercent: number;
      visitType: string | null;
    }[];
  };

export function createDoctorRepo(db: Db) {
  /** The doctor page's own fields, review summary, tags and priced services (see doctorPageRow). */
  const doctorPageRow = prepareSql<DoctorPageRow>(
    db,
    'directory_doctor_page',
    sql`
        SELECT d.town_id AS "townId", d.slug, d.last_name AS "lastName", d.first_name AS "firstName",
          d.patronymic, d.about, d.career_start_year AS "careerStartYear", d.education, d.courses,
          d.software_version AS "softwareVersion", d.own_phone AS "ownPhone", d.fake_warning AS "fakeWarning", d.license_number AS "licenseNumber",
          d.education_confirmed AS "educationConfirmed", d.category_confirmed AS "categoryConfirmed",
          d.category_expires_on::text AS "categoryExpiresOn", d.science_confirmed AS "scienceConfirmed",
          d.science_degree AS "scienceDegree", d.professor,
          ${reviewSummaryColumns('doctor', sql`d.id`, sql.placeholder('reviewLimit'))},
          (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'priceFull', x.price_full,
                    'priceClub', x.price_club, 'durationMinutes', x.duration_minutes, 'clinicId', x.clinic_id,
                    'clubEnabled', x.club_enabled, 'clubDiscountPercent', x.club_discount_percent, 'visitType', x.visit_type)
                    ORDER BY x.sort, x.id), '[]')
             FROM (SELECT cs.*, c.club_enabled, c.club_discount_percent, ss.visit_type
                   FROM ${clinicServices} cs JOIN clinics c ON c.id = cs.clinic_id
                   JOIN service_synonyms ss ON ss.id = cs.synonym_id
                   WHERE cs.doctor_id = d.id ORDER BY cs.sort, cs.id LIMIT 50) x) AS services
        FROM ${doctors} d WHERE d.id = ${sql.placeholder('id')}`,
  );
  return {
    /**
     * What a doctor page shows beyond the card, in one round trip: the doctor's own fields,
     * the review summary (counts by sentiment, latest published reviews) and the priced
     * services. Separate queries cost more in Node than this one does in the database.
     */
    async doctorPageRow(doctorId: number, reviewLimit: number): Promise<DoctorPageRow | null> {
      const rows = await doctorPageRow.execute({ id: doctorId, reviewLimit });
      return rows[0] ?? null;
    },

    /**
     * Per workplace: the position held and the partner app's telemedicine price; and whether
     * the doctor has any activity rows (asked in the same round trip).
     */
    workplaceDetails: (doctorId: number) =>
      db
        .select({
          id: workplaces.id,
          position: workplaces.position,
          partnerPrice: workplacePrices.partnerPrice,
          hasActivities: sql<boolean>`EXISTS (SELECT 1 FROM ${doctorActivities} WHERE ${doctorActivities.doctorId} = ${doctorId})`,
        })
        .from(workplaces)
        .leftJoin(
          workplacePrices,
          and(eq(workplacePrices.workplaceId, workplaces.id), eq(workplacePrices.visitType, 'telemed')),
        )
        .where(eq(workplaces.doctorId, doctorId)),

    /** The doctor's refresher courses (stored on the doctor, newest first); null without the doctor. */
    async courses(doctorId: number): Promise<ActivityItem[] | null> {
      const [row] = await db
        .select({ courses: doctors.courses })
        .from(doctors)
        .where(eq(doctors.id, doctorId))
        .limit(1);
      return row ? row.courses.map((c) => ({ year: c.year, title: c.title, details: null })) : null;
    },

    /** The first `perKind` items of each kind with each kind's total, in one query. */
    async firstActivities(doctorId: number, perKind: number) {
      const ranked = db
        .select({
          kind: doctorActivities.kind,
          year: doctorActivities.year,
          title: doctorActivities.title,
          details: doctorActivities.details,
          rank: sql<number>`row_number() OVER (PARTITION BY ${doctorActivities.kind} ORDER BY ${doctorActivities.year} DESC NULLS LAST, ${doctorActivities.id})`.as(
            'rank',
          ),
          total: sql<number>`count(*) OVER (PARTITION BY ${doctorActivities.kind})`.as('total'),
        })
        .from(doctorActivities)
        .where(eq(doctorActivities.doctorId, doctorId))
        .as('ranked');
      const rows = await db
        .select()
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perKind}`)
        .orderBy(asc(ranked.kind), asc(ranked.rank));
      return rows.map((r) => ({ ...r, total: Number(r.total) }));
    },

    /** One page of a kind, newest first, with the kind's total. */
    async activityPage(doctorId: number, kind: DoctorActivityKind, offset: number, limit: number) {
      const where = and(eq(doctorActivities.doctorId, doctorId), eq(doctorActivities.kind, kind));
      const [items, [{ total }]] = await Promise.all([
        db
          .select({
            year: doctorActivities.year,
            title: doctorActivities.title,
            details: doctorActivities.details,
          })
          .from(doctorActivities)
          .where(where)
          .orderBy(sql`${doctorActivities.year} DESC NULLS LAST`, asc(doctorActivities.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(doctorActivities).where(where),
      ]);
      return { items, total };
    },
  };
}
