import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { clinicServices, serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { specialities } from '../../db/schema/specialities';
import { containing } from './sql-like';

export interface PriceListFilter {
  clinicId: number;
  /** Case-insensitive substring of a line's name or its class name. */
  text?: string;
  /** A class name chosen from the suggestions (exact, case-insensitive). */
  category?: string;
  /** Only lines bookable online ('Только услуги с онлайн-записью'). */
  onlineOnly: boolean;
}

export interface PriceListRow {
  id: number;
  name: string;
  durationMinutes: number;
  priceFull: number;
  priceClub: number | null;
  synonymId: number;
  synonymTranslit: string;
  requiresPrimaryConsultation: boolean;
  appointmentOn: boolean;
  hasIntervals: boolean;
  isAvailableAppointmentDirect: boolean;
  className: string;
  classKind: 'service' | 'diagnostics' | 'analysis';
  specialityName: string | null;
  specialityTranslit: string | null;
  /** Lines matching the filter on all pages. */
  total: number;
  /** The clinic's town and club, for the lines' links and club prices. */
  townId: number;
  clubEnabled: boolean;
  clubDiscountPercent: number;
  /** The directory's visit type of the line's service: 'clinic' is a consultation (the club's 30 %). */
  visitType: string | null;
}

/** Which optional parts a filter has: each shape is one prepared statement. */
interface PageShape {
  text: boolean;
  category: boolean;
  online: boolean;
  categories: boolean;
}

/** The filter's conditions, values as placeholders (filled from `pageValues`). */
function shapeWhere(shape: PageShape): SQL {
  const parts: SQL[] = [eq(clinicServices.clinicId, sql.placeholder('clinicId'))];
  if (shape.text) {
    const pattern = sql.placeholder('pattern');
    parts.push(sql`(${clinicServices.name} ILIKE ${pattern} OR ${serviceClasses.name} ILIKE ${pattern})`);
  }
  if (shape.category) parts.push(sql`lower(${serviceClasses.name}) = lower(${sql.placeholder('category')})`);
  if (shape.online) {
    parts.push(eq(clinicServices.appointmentOn, true), eq(clinicServices.isAvailableAppointmentDirect, true));
  }
  return and(...parts)!;
}

const shapeOf = (f: PriceListFilter, categories: boolean): PageShape => ({
  text: Boolean(f.text),
  category: Boolean(f.category),
  online: f.onlineOnly,
  categories,
});

const pageValues = (f: PriceListFilter) => ({
  clinicId: f.clinicId,
  pattern: f.text ? containing(f.text) : null,
  category: f.category ?? null,
});

/** The clinic's service classes in price-list order: the search box's suggestions. */
const categoriesSql = sql<string[] | null>`(
  SELECT coalesce(json_agg(x.name ORDER BY x.sort, x.name), '[]') FROM (
    SELECT DISTINCT sc.name, sc.sort FROM clinic_services s JOIN service_classes sc ON sc.id = s.class_id
    WHERE s.clinic_id = ${sql.placeholder('clinicId')}) x)`;

export type PriceListRepo = ReturnType<typeof createPriceListRepo>;

export function createPriceListRepo(db: Db) {
  /** A page of lines of one filter shape, prepared once per shape (values as placeholders). */
  function pageQuery(shape: PageShape) {
    const ordered = sql`${serviceClasses.sort}, ${clinicServices.sort}, ${clinicServices.id}`;
    return db
      .select({
        id: clinicServices.id,
        name: clinicServices.name,
        durationMinutes: clinicServices.durationMinutes,
        priceFull: clinicServices.priceFull,
        priceClub: clinicServices.priceClub,
        synonymId: clinicServices.synonymId,
        synonymTranslit: serviceSynonyms.translit,
        requiresPrimaryConsultation: clinicServices.requiresPrimaryConsultation,
        appointmentOn: clinicServices.appointmentOn,
        hasIntervals: clinicServices.hasIntervals,
        isAvailableAppointmentDirect: clinicServices.isAvailableAppointmentDirect,
        className: serviceClasses.name,
        classKind: serviceClasses.kind,
        specialityName: specialities.name,
        specialityTranslit: specialities.translit,
        total: sql<number>`count(*) OVER ()`.mapWith(Number),
        townId: clinics.townId,
        clubEnabled: clinics.clubEnabled,
        clubDiscountPercent: clinics.clubDiscountPercent,
        visitType: serviceSynonyms.visitType,
        // The suggestions come once, on the page's first line (row numbers count every match).
        categories: shape.categories
          ? sql<
              string[] | null
            >`CASE WHEN row_number() OVER (ORDER BY ${ordered}) = ${sql.placeholder('offset')} + 1 THEN ${categoriesSql} END`
          : sql<null>`NULL`,
      })
      .from(clinicServices)
      .innerJoin(clinics, eq(clinics.id, clinicServices.clinicId))
      .innerJoin(serviceClasses, eq(serviceClasses.id, clinicServices.classId))
      .innerJoin(serviceSynonyms, eq(serviceSynonyms.id, clinicServices.synonymId))
      .leftJoin(specialities, eq(specialities.id, serviceSynonyms.specialityId))
      .where(shapeWhere(shape))
      .orderBy(asc(serviceClasses.sort), asc(clinicServices.sort), asc(clinicServices.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(
        `price_list_page_${Number(shape.text)}${Number(shape.category)}${Number(shape.online)}${Number(shape.categories)}`,
      );
  }
  const pageQueries = new Map<string, ReturnType<typeof pageQuery>>();

  return {
    clinic: async (id: number) =>
      (
        await db
          .select({ id: clinics.id, townId: clinics.townId, clubEnabled: clinics.clubEnabled })
          .from(clinics)
          .where(eq(clinics.id, id))
          .limit(1)
      )[0] ?? null,

    /**
     * One page of lines in price-list order (class, then the clinic's own order) with the
     * filtered total in the same scan, and the clinic's town and club on each line: a clinic
     * prices at most a few hundred lines, all read through clinic_services_clinic.
     * `withCategories` adds the search box's suggestions to the first line (the page the clinic
     * page renders first), saving that round trip.
     */
    page: async (
      f: PriceListFilter,
      limit: number,
      offset: number,
      withCategories = false,
    ): Promise<(PriceListRow & { categories: string[] | null })[]> => {
      const shape = shapeOf(f, withCategories);
      const key = JSON.stringify(shape);
      let query = pageQueries.get(key);
      if (!query) {
        query = pageQuery(shape);
        pageQueries.set(key, query);
      }
      return query.execute({ ...pageValues(f), limit, offset });
    },

    count: async (f: PriceListFilter): Promise<number> => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(clinicServices)
        .innerJoin(serviceClasses, eq(serviceClasses.id, clinicServices.classId))
        .where(shapeWhere(shapeOf(f, false)))
        .prepare(
          `price_list_count_${Number(Boolean(f.text))}${Number(Boolean(f.category))}${Number(f.onlineOnly)}`,
        )
        .execute(pageValues(f));
      return n;
    },

    /** The clinic's service classes in price-list order: the search box's suggestions. */
    categories: async (clinicId: number): Promise<string[]> => {
      const rows = await db
        .selectDistinct({ name: serviceClasses.name, sort: serviceClasses.sort })
        .from(clinicServices)
        .innerJoin(serviceClasses, eq(serviceClasses.id, clinicServices.classId))
        .where(eq(clinicServices.clinicId, clinicId))
        .orderBy(asc(serviceClasses.sort), asc(serviceClasses.name));
      return rows.map((r) => r.name);
    },
  };
}
