import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepareSql } from '../../db/prepared';
import { clinicHours, clinics } from '../../db/schema/clinics';
import {
  doctorSpecialities,
  doctors,
  type VisitType,
  workplacePrices,
  workplaces,
} from '../../db/schema/doctors';
import { specialities } from '../../db/schema/specialities';
import { districts, metroStations } from '../../db/schema/towns';

export type DoctorRow = typeof doctors.$inferSelect;
export type ClinicRow = typeof clinics.$inferSelect;
export type SpecialityRow = typeof specialities.$inferSelect;

const doctorNameExpr = sql`(${doctors.lastName} || ' ' || ${doctors.firstName} || ' ' || coalesce(${doctors.patronymic}, ''))`;

export type DoctorCardRow = {
  id: number;
  slug: string;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  gender: 'M' | 'F';
  photoUrl: string | null;
  careerStartYear: number;
  category: DoctorRow['category'];
  scienceDegree: number;
  professor: boolean;
  rating: number;
  reviewsCount: number;
  homeVisit: boolean;
  online: boolean;
  children: boolean;
  specialities: { id: number; name: string; translit: string }[];
  workplaces: {
    id: number;
    clinicId: number;
    clinicName: string;
    clinicSlug: string;
    street: string;
    house: string;
    metro: string | null;
    district: string | null;
    prices: { type: VisitType; price: number; clubPrice: number | null }[];
    /** The clinic's club terms: the club's one rule (core/club) gives the prices' club price. */
    clubEnabled: boolean;
    clubDiscountPercent: number;
  }[];
};

export interface DoctorQuery {
  townId: number;
  specialityId?: number;
  /** Lower-case substring of the full name. */
  name?: string;
}

/** The filter of a doctor list, on doctors (name search, whole town) or on doctor_specialities. */
function doctorWhere(q: DoctorQuery) {
  if (q.name) {
    const byName = and(eq(doctors.townId, q.townId), sql`${doctorNameExpr} ILIKE ${`%${q.name}%`}`);
    return q.specialityId === undefined
      ? byName
      : and(
          byName,
          sql`EXISTS (SELECT 1 FROM ${doctorSpecialities} WHERE ${doctorSpecialities.doctorId} = ${doctors.id} AND ${doctorSpecialities.specialityId} = ${q.specialityId})`,
        );
  }
  if (q.specialityId !== undefined) {
    return and(eq(doctorSpecialities.townId, q.townId), eq(doctorSpecialities.specialityId, q.specialityId));
  }
  return eq(doctors.townId, q.townId);
}

export type DirectoryRepo = ReturnType<typeof createDirectoryRepo>;

/** A town's clinics, or those of them with a step-free entrance (the list's 'Вход без ступенек'). */
function clinicScope(townId: number, stepFree: boolean): SQL | undefined {
  return stepFree
    ? and(eq(clinics.townId, townId), sql`${clinics.accessibility} @> ARRAY['step_free']::text[]`)
    : eq(clinics.townId, townId);
}

export function createDirectoryRepo(db: Db) {
  /**
   * Everything a doctor card shows, for a page of ids (one array parameter, so one text for any
   * number), in one round trip: PostgreSQL builds the nested specialities, workplaces and
   * prices as JSON. This replaced four queries whose building and row parsing were most of a
   * list page's database cost in Node.
   */
  const doctorCardRows = prepareSql<DoctorCardRow>(
    db,
    'directory_doctor_cards',
    sql`
        SELECT d.id, d.slug, d.last_name AS "lastName", d.first_name AS "firstName", d.patronymic, d.gender,
          d.photo_url AS "photoUrl", d.career_start_year AS "careerStartYear", d.category,
          d.science_degree AS "scienceDegree", d.professor, d.rating, d.reviews_count AS "reviewsCount",
          d.home_visit AS "homeVisit", d.online, d.children,
          (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'translit', s.translit)
                    ORDER BY ds.is_main DESC, s.sort), '[]')
             FROM ${doctorSpecialities} ds JOIN ${specialities} s ON s.id = ds.speciality_id
            WHERE ds.doctor_id = d.id) AS specialities,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', w.id, 'clinicId', c.id, 'clinicName', c.name, 'clinicSlug', c.slug,
                    'street', c.street, 'house', c.house, 'metro', m.name, 'district', di.name,
                    'clubEnabled', c.club_enabled, 'clubDiscountPercent', c.club_discount_percent,
                    'prices', (SELECT coalesce(json_agg(json_build_object(
                                 'type', wp.visit_type, 'price', wp.price, 'clubPrice', wp.club_price)), '[]')
                                 FROM ${workplacePrices} wp WHERE wp.workplace_id = w.id))
                    ORDER BY w.sort, w.id), '[]')
             FROM ${workplaces} w
             JOIN ${clinics} c ON c.id = w.clinic_id
             LEFT JOIN ${metroStations} m ON m.id = c.metro_id
             LEFT JOIN ${districts} di ON di.id = c.district_id
            WHERE w.doctor_id = d.id) AS workplaces
        FROM ${doctors} d
        WHERE d.id = ANY(${sql.placeholder('ids')}::int[])`,
  );
  return {
    // async: a drizzle query is a thenable that runs again on every await; callers cache the rows.
    specialities: async (): Promise<SpecialityRow[]> =>
      db
        .select()
        .from(specialities)
        .orderBy(asc(specialities.sort), sql`${specialities.name} COLLATE "und-x-icu"`),

    /** Number of doctors per speciality in a town, for the home and list pages. */
    async specialityCounts(townId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: doctorSpecialities.specialityId, n: count() })
        .from(doctorSpecialities)
        .where(eq(doctorSpecialities.townId, townId))
        .groupBy(doctorSpecialities.specialityId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /**
     * One page of doctor ids in list order (rating, then review count). A speciality list is
     * a range scan of doctor_specs_list, so page 200 costs about what page 1 does.
     */
    async doctorPage(q: DoctorQuery & { limit: number; offset: number }): Promise<number[]> {
      const rows = q.name
        ? await db
            .select({ id: doctors.id })
            .from(doctors)
            .where(doctorWhere(q))
            .orderBy(desc(doctors.rating), desc(doctors.reviewsCount), asc(doctors.id))
            .limit(q.limit)
            .offset(q.offset)
        : q.specialityId !== undefined
          ? await db
              .select({ id: doctorSpecialities.doctorId })
              .from(doctorSpecialities)
              .where(doctorWhere(q))
              .orderBy(
                desc(doctorSpecialities.rating),
                desc(doctorSpecialities.reviewsCount),
                asc(doctorSpecialities.doctorId),
              )
              .limit(q.limit)
              .offset(q.offset)
          : await db
              .select({ id: doctors.id })
              .from(doctors)
              .where(doctorWhere(q))
              .orderBy(desc(doctors.rating), desc(doctors.reviewsCount), asc(doctors.id))
              .limit(q.limit)
              .offset(q.offset);
      return rows.map((r) => r.id);
    },

    async doctorCount(q: DoctorQuery): Promise<number> {
      const table = !q.name && q.specialityId !== undefined ? doctorSpecialities : doctors;
      const [{ n }] = await db.select({ n: count() }).from(table).where(doctorWhere(q));
      return n;
    },

    /**
     * Everything a doctor card shows, for a page of ids, in one round trip: PostgreSQL builds
     * the nested specialities, workplaces and prices as JSON. This replaced four queries whose
     * building and row parsing were most of a list page's database cost in Node.
     */
    async doctorCardRows(ids: number[]): Promise<DoctorCardRow[]> {
      if (!ids.length) return [];
      return doctorCardRows.execute({ ids: `{${ids.map((id) => Math.trunc(id)).join(',')}}` });
    },

    async clinicPage(q: {
      townId: number;
      stepFree?: boolean;
      limit: number;
      offset: number;
    }): Promise<number[]> {
      const rows = await db
        .select({ id: clinics.id })
        .from(clinics)
        .where(clinicScope(q.townId, q.stepFree ?? false))
        .orderBy(desc(clinics.rating), desc(clinics.reviewsCount), asc(clinics.id))
        .limit(q.limit)
        .offset(q.offset);
      return rows.map((r) => r.id);
    },

    async clinicCount(townId: number, stepFree = false): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(clinics).where(clinicScope(townId, stepFree));
      return n;
    },

    clinicsByIds: (ids: number[]) =>
      ids.length
        ? db
            .select({ clinic: clinics, metro: metroStations.name, district: districts.name })
            .from(clinics)
            .leftJoin(metroStations, eq(metroStations.id, clinics.metroId))
            .leftJoin(districts, eq(districts.id, clinics.districtId))
            .where(inArray(clinics.id, ids))
        : Promise.resolve([]),

    /**
     * Each clinic's speciality with the most doctors who take online bookings there (main
     * specialities only): a clinic list card's calendar shows its free times.
     */
    bookingSpecialities: async (ids: number[]) => {
      if (!ids.length) return [];
      const { rows } = await db.execute<{ clinicId: number; specialityId: number; name: string }>(sql`
        SELECT DISTINCT ON (w.clinic_id) w.clinic_id AS "clinicId", s.id AS "specialityId", s.name
        FROM workplaces w
        JOIN clinics c ON c.id = w.clinic_id AND c.is_appointment_on
        JOIN doctor_specialities ds ON ds.doctor_id = w.doctor_id AND ds.is_main
        JOIN specialities s ON s.id = ds.speciality_id
        WHERE w.clinic_id = ANY(${`{${ids.join(',')}}`}::int[]) AND w.is_appointment_on
        GROUP BY w.clinic_id, s.id, s.name
        ORDER BY w.clinic_id, count(*) DESC, s.id`);
      return rows;
    },

    hoursOfClinics: (ids: number[]) =>
      ids.length
        ? db
            .select()
            .from(clinicHours)
            .where(inArray(clinicHours.clinicId, ids))
            .orderBy(asc(clinicHours.weekday))
        : Promise.resolve([]),

    /** Doctor or clinic URL parts for the sitemap, in id order, keyset-paged. */
    sitemapChunk: async (kind: 'doctors' | 'clinics', afterId: number, limit: number) => {
      const t = kind === 'doctors' ? doctors : clinics;
      return db
        .select({ id: t.id, slug: t.slug, townId: t.townId })
        .from(t)
        .where(sql`${t.id} > ${afterId}`)
        .orderBy(asc(t.id))
        .limit(limit);
    },

    /** Id boundaries splitting a table into sitemap files of `size` rows. */
    sitemapBounds: async (kind: 'doctors' | 'clinics', size: number): Promise<number[]> => {
      const table = kind === 'doctors' ? 'doctors' : 'clinics';
      const { rows } = await db.execute<{ id: number }>(
        sql`SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${sql.identifier(table)}) x WHERE (n - 1) % ${size} = 0 ORDER BY id`,
      );
      return rows.map((r) => Number(r.id));
    },

    /** Specialities of the doctors working at each clinic (POST /ajax/lpus/specialities/). */
    specialitiesOfClinics: (clinicIds: number[]) =>
      db
        .selectDistinct({
          clinicId: workplaces.clinicId,
          id: specialities.id,
          name: specialities.name,
          translit: specialities.translit,
          sort: specialities.sort,
        })
        .from(workplaces)
        .innerJoin(doctorSpecialities, eq(doctorSpecialities.doctorId, workplaces.doctorId))
        .innerJoin(specialities, eq(specialities.id, doctorSpecialities.specialityId))
        .where(inArray(workplaces.clinicId, clinicIds))
        .orderBy(asc(workplaces.clinicId), asc(specialities.sort), asc(specialities.id)),
  };
}
