import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { doctorSpecialities, doctors, workplaces } from '../../db/schema/doctors';
import { specialities } from '../../db/schema/specialities';
import { containing } from './sql-like';

export interface ClinicDoctorFilter {
  clinicId: number;
  specialityId?: number;
  /** Doctors who started practice this year or earlier (the experience filter). */
  careerStartedBy?: number;
  gender?: 'M' | 'F';
  homeVisit?: boolean;
  /** Case-insensitive substring of the full name. */
  name?: string;
}

/** Which filters a request has: each combination is one prepared statement. */
const shapeOf = (f: ClinicDoctorFilter) => ({
  speciality: f.specialityId !== undefined,
  career: f.careerStartedBy !== undefined,
  gender: Boolean(f.gender),
  home: Boolean(f.homeVisit),
  name: Boolean(f.name),
});
type Shape = ReturnType<typeof shapeOf>;
const shapeKey = (s: Shape) => Object.values(s).map(Number).join('');

/** The filters' conditions, values as placeholders (filled from `values`). */
function shapeWhere(s: Shape): SQL {
  const parts: SQL[] = [eq(workplaces.clinicId, sql.placeholder('clinicId'))];
  if (s.speciality) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM ${doctorSpecialities} WHERE ${doctorSpecialities.doctorId} = ${doctors.id} AND ${doctorSpecialities.specialityId} = ${sql.placeholder('specialityId')})`,
    );
  }
  if (s.career) parts.push(lte(doctors.careerStartYear, sql.placeholder('careerStartedBy')));
  if (s.gender) parts.push(eq(doctors.gender, sql.placeholder('gender')));
  if (s.home) parts.push(eq(doctors.homeVisit, true));
  if (s.name) {
    parts.push(
      sql`(${doctors.lastName} || ' ' || ${doctors.firstName} || ' ' || coalesce(${doctors.patronymic}, '')) ILIKE ${sql.placeholder('pattern')}`,
    );
  }
  return and(...parts)!;
}

const values = (f: ClinicDoctorFilter) => ({
  clinicId: f.clinicId,
  specialityId: f.specialityId ?? null,
  careerStartedBy: f.careerStartedBy ?? null,
  gender: f.gender ?? null,
  pattern: f.name ? containing(f.name) : null,
});

export type ClinicDoctorsRepo = ReturnType<typeof createClinicDoctorsRepo>;

export function createClinicDoctorsRepo(db: Db) {
  /** Matching doctors in list order, prepared once per filter shape (and with or without a page size). */
  function pageQuery(shape: Shape, paged: boolean) {
    const query = db
      .select({
        id: doctors.id,
        careerStartYear: doctors.careerStartYear,
        total: sql<number>`count(*) OVER ()`.mapWith(Number),
      })
      .from(workplaces)
      .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
      .where(shapeWhere(shape))
      .orderBy(desc(doctors.rating), desc(doctors.reviewsCount), asc(doctors.id))
      .offset(sql.placeholder('offset'));
    const name = `clinic_doctors_page_${shapeKey(shape)}${Number(paged)}`;
    return paged ? query.limit(sql.placeholder('limit')).prepare(name) : query.prepare(name);
  }
  const pageQueries = new Map<string, ReturnType<typeof pageQuery>>();

  return {
    clinic: async (id: number) =>
      (
        await db
          .select({
            id: clinics.id,
            townId: clinics.townId,
            name: clinics.name,
            slug: clinics.slug,
            street: clinics.street,
            house: clinics.house,
            doctorsCount: clinics.doctorsCount,
          })
          .from(clinics)
          .where(eq(clinics.id, id))
          .limit(1)
      )[0] ?? null,

    /**
     * Matching doctors in list order (rating, then reviews), with the total in the same scan.
     * `limit` null returns every match (the staff view).
     */
    page: (f: ClinicDoctorFilter, limit: number | null, offset: number) => {
      const shape = shapeOf(f);
      const key = `${shapeKey(shape)}${Number(limit !== null)}`;
      let query = pageQueries.get(key);
      if (!query) {
        query = pageQuery(shape, limit !== null);
        pageQueries.set(key, query);
      }
      return query.execute({ ...values(f), limit, offset });
    },

    count: async (f: ClinicDoctorFilter): Promise<number> => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(workplaces)
        .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
        .where(shapeWhere(shapeOf(f)))
        .prepare(`clinic_doctors_count_${shapeKey(shapeOf(f))}`)
        .execute(values(f));
      return n;
    },

    /** Specialities of the clinic's doctors with how many doctors have each, by name. */
    specialities: (clinicId: number) =>
      db
        .select({
          id: specialities.id,
          name: specialities.name,
          translit: specialities.translit,
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(workplaces)
        .innerJoin(doctorSpecialities, eq(doctorSpecialities.doctorId, workplaces.doctorId))
        .innerJoin(specialities, eq(specialities.id, doctorSpecialities.specialityId))
        .where(eq(workplaces.clinicId, clinicId))
        .groupBy(specialities.id)
        .orderBy(sql`${specialities.name} COLLATE "und-x-icu"`),

    /** Whether any of the clinic's doctors makes home visits (the 'На дом' filter is offered). */
    hasHomeVisits: async (clinicId: number): Promise<boolean> => {
      const rows = await db
        .select({ id: doctors.id })
        .from(workplaces)
        .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
        .where(and(eq(workplaces.clinicId, clinicId), eq(doctors.homeVisit, true)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
