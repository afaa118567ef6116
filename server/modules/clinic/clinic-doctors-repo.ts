import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { clinics, doctorSpecialities, doctors, specialities, workplaces } from '../../db/schema/directory';
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

function filterWhere(f: ClinicDoctorFilter): SQL {
  const parts: SQL[] = [eq(workplaces.clinicId, f.clinicId)];
  if (f.specialityId !== undefined) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM ${doctorSpecialities} WHERE ${doctorSpecialities.doctorId} = ${doctors.id} AND ${doctorSpecialities.specialityId} = ${f.specialityId})`,
    );
  }
  if (f.careerStartedBy !== undefined) parts.push(lte(doctors.careerStartYear, f.careerStartedBy));
  if (f.gender) parts.push(eq(doctors.gender, f.gender));
  if (f.homeVisit) parts.push(eq(doctors.homeVisit, true));
  if (f.name) {
    parts.push(
      sql`(${doctors.lastName} || ' ' || ${doctors.firstName} || ' ' || coalesce(${doctors.patronymic}, '')) ILIKE ${containing(f.name)}`,
    );
  }
  return and(...parts)!;
}

export type ClinicDoctorsRepo = ReturnType<typeof createClinicDoctorsRepo>;

export function createClinicDoctorsRepo(db: Db) {
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
      const query = db
        .select({
          id: doctors.id,
          careerStartYear: doctors.careerStartYear,
          total: sql<number>`count(*) OVER ()`.mapWith(Number),
        })
        .from(workplaces)
        .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
        .where(filterWhere(f))
        .orderBy(desc(doctors.rating), desc(doctors.reviewsCount), asc(doctors.id))
        .offset(offset);
      return runPrepared(limit === null ? query : query.limit(limit), 'clinic_doctors_page');
    },

    count: async (f: ClinicDoctorFilter): Promise<number> => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(workplaces)
        .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
        .where(filterWhere(f));
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
