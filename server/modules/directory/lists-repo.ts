import { and, asc, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import {
  type DoctorFilters,
  type DoctorSort,
  type FirstFreeVisitType,
  FREE_WINDOW_DAYS,
  type FreeWindow,
} from '../../../core/directory/list-filters';
import type { ServiceKind, ServiceSort } from '../../../core/directory/list-urls';
import type { Db } from '../../db/client';
import { executeShaped } from '../../db/prepared';
import { clinics } from '../../db/schema/clinics';
import { doctorSpecialities, doctors, workplacePrices, workplaces } from '../../db/schema/doctors';
import { clinicServices, serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { treatmentSpecialities, treatments } from '../../db/schema/specialities';
import { districts, metroStations } from '../../db/schema/towns';

/** A metro station or district; lists narrowed to it are the doctors or clinics there. */
export type PlaceTable = 'metro' | 'district';

/**
 * Which doctors a list holds before filters: a town (or every town for the online list),
 * optionally narrowed to specialities (one, or a treatment's), a place or a name.
 */
export interface DoctorScope {
  townId: number | null;
  specialityIds?: number[];
  place?: { table: PlaceTable; id: number };
  /** Lower-case substring of the full name. */
  name?: string;
  /** Only doctors who consult online (the /online/vrach/ list). */
  onlineOnly?: boolean;
}

/** The first-free-time side of a list (table doctor_first_free, ADR 046). */
export interface FreeScope {
  visitType: FirstFreeVisitType;
  /** Only doctors with a free time within the window (days of the clinic's zone). */
  free?: FreeWindow | null;
  now: Date;
}

/**
 * A doctor whose first free time falls before the end of the window: the midnight after the
 * clinic's today plus the window's days, in the zone of the clinic that has that time.
 */
function freeWhere(f: FreeScope, joined = false): SQL {
  if (!f.free) return sql`TRUE`;
  const days = FREE_WINDOW_DAYS[f.free];
  const within = (ff: SQL) => sql`${ff}.first_free_at IS NOT NULL
    AND ${ff}.first_free_at < ((date_trunc('day', ${f.now.toISOString()}::timestamptz AT TIME ZONE ${ff}.tz)
                                + make_interval(days => ${days}::int)) AT TIME ZONE ${ff}.tz)`;
  // Sorted by the first free time, the row is already joined as f: the index walk stops at a page.
  if (joined) return within(sql.raw('f'));
  return sql`EXISTS (SELECT 1 FROM doctor_first_free ff WHERE ff.doctor_id = d.id
    AND ff.visit_type = ${f.visitType} AND ${within(sql.raw('ff'))})`;
}

export interface ClinicScope {
  townId: number;
  place?: { table: PlaceTable; id: number };
  kind?: string;
  minReviews?: number;
}

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** The WHERE of a doctor list on `doctors d`; each branch has its index (migrations 0006, 0007). */
function doctorWhere(scope: DoctorScope, filters: DoctorFilters): SQL {
  const parts: SQL[] = [];
  if (scope.townId !== null) parts.push(sql`d.town_id = ${scope.townId}`);
  if (scope.onlineOnly || filters.online) parts.push(sql`d.online`);
  if (filters.homeVisit) parts.push(sql`d.home_visit`);
  if (filters.children) parts.push(sql`d.children`);
  if (filters.club) {
    // A price with a club price by the club's one rule (core/club/rules.ts clubLinePrice): the
    // line has one, its clinic is in the club, and a home or online visit needs the clinic's N %.
    parts.push(sql`EXISTS (SELECT 1 FROM ${workplaces} w JOIN ${workplacePrices} wp ON wp.workplace_id = w.id
      JOIN ${clinics} cc ON cc.id = w.clinic_id AND cc.club_enabled
      WHERE w.doctor_id = d.id AND wp.club_price IS NOT NULL
        AND (wp.visit_type = 'clinic' OR cc.club_discount_percent > 0))`);
  }
  if (scope.specialityIds?.length) {
    // In a town doctor_specs_list finds the speciality's doctors by range; across towns,
    // doctor_specs_speciality does.
    const town = scope.townId === null ? sql`` : sql`ds.town_id = ${scope.townId} AND `;
    parts.push(sql`d.id IN (SELECT ds.doctor_id FROM ${doctorSpecialities} ds
      WHERE ${town}ds.speciality_id IN (${ids(scope.specialityIds)}))`);
  }
  if (scope.place) {
    const column = scope.place.table === 'metro' ? sql`c.metro_id` : sql`c.district_id`;
    parts.push(sql`d.id IN (SELECT w.doctor_id FROM ${clinics} c JOIN ${workplaces} w ON w.clinic_id = c.id
      WHERE c.town_id = ${scope.townId} AND ${column} = ${scope.place.id})`);
  }
  if (scope.name) {
    // The same expression as the doctors_name_trgm index.
    parts.push(
      sql`(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) ILIKE ${`%${scope.name}%`}`,
    );
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** Each sort walks one of the doctors_town_* indexes (id breaks ties, so pages never overlap). */
const DOCTOR_ORDER: Record<DoctorSort, SQL> = {
  rating: sql`d.rating DESC, d.reviews_count DESC, d.id`,
  reviews: sql`d.reviews_count DESC, d.id`,
  experience: sql`d.career_start_year, d.id`,
  price: sql`d.min_price NULLS LAST, d.id`,
  // On the doctor_first_free_order index (the query joins it as f): nobody free comes last.
  nearest: sql`f.first_free_at NULLS LAST, f.doctor_id`,
};

function clinicWhere(scope: ClinicScope) {
  return and(
    eq(clinics.townId, scope.townId),
    scope.place?.table === 'metro' ? eq(clinics.metroId, scope.place.id) : undefined,
    scope.place?.table === 'district' ? eq(clinics.districtId, scope.place.id) : undefined,
    scope.kind ? eq(clinics.kind, scope.kind) : undefined,
    scope.minReviews ? gte(clinics.reviewsCount, scope.minReviews) : undefined,
  );
}

/** Great-circle distance in km from a point to clinic `c`, in SQL (as core/geo/distance.ts). */
function clinicDistanceKm(point: { lat: number; lon: number }) {
  return sql`(12742 * asin(least(1, sqrt(
    power(sin(radians(c.lat - ${point.lat}) / 2), 2)
    + cos(radians(${point.lat})) * cos(radians(c.lat)) * power(sin(radians(c.lon - ${point.lon}) / 2), 2)))))`;
}

export interface NearbyQuery {
  townId: number;
  point: { lat: number; lon: number };
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  radiusKm: number;
  specialityIds?: number[];
  filters: DoctorFilters;
  firstFree: FreeScope;
}

export type ListRepo = ReturnType<typeof createListRepo>;

/**
 * The first free time a page sorted by it was ordered by, with its clinic and zone: the cards
 * show these, not a second read, so what they say is in the order they stand in even while the
 * each-minute job rewrites rows. A row whose time has expired (its `valid_until` passed, not yet
 * recomputed) gives none: the cards never show an expired time.
 */
const orderedTime = (now: Date) => sql`f.first_free_at, f.tz, f.clinic_id AS "clinicId",
  f.valid_until > ${now.toISOString()}::timestamptz AS "valid"`;

/** A page row's first free time, when the page was ordered by it. */
export interface OrderedTime {
  at: Date;
  tz: string;
  clinicId: number | null;
}

function orderedTimeOf(r: {
  first_free_at?: string | Date | null;
  tz?: string | null;
  clinicId?: number | null;
  valid?: boolean | null;
}): OrderedTime | null {
  if (!r.first_free_at || !r.tz || !r.valid) return null;
  return {
    at: new Date(r.first_free_at),
    tz: r.tz,
    clinicId: r.clinicId == null ? null : Number(r.clinicId),
  };
}

export function createListRepo(db: Db) {
  /** Doctors within the radius with the distance to their nearest workplace. */
  const nearbyDoctors = (q: NearbyQuery) => sql`
    WITH near AS (
      SELECT c.id, ${clinicDistanceKm(q.point)} AS km FROM ${clinics} c
      WHERE c.town_id = ${q.townId}
        AND c.lat BETWEEN ${q.box.minLat} AND ${q.box.maxLat}
        AND c.lon BETWEEN ${q.box.minLon} AND ${q.box.maxLon}
    ), dist AS (
      SELECT w.doctor_id, min(near.km) AS km FROM near JOIN ${workplaces} w ON w.clinic_id = near.id
      WHERE near.km <= ${q.radiusKm} GROUP BY w.doctor_id
    )
    SELECT d.id, dist.km, ${orderedTime(q.firstFree.now)} FROM dist JOIN ${doctors} d ON d.id = dist.doctor_id
    LEFT JOIN doctor_first_free f ON f.doctor_id = d.id AND f.visit_type = ${q.firstFree.visitType}
    WHERE ${doctorWhere({ townId: q.townId, specialityIds: q.specialityIds }, q.filters)}
      AND ${freeWhere(q.firstFree)}`;

  return {
    /** Clinics' names by id (a list card's first free time at another of the doctor's clinics). */
    async clinicNames(clinicIds: number[]): Promise<Map<number, string>> {
      if (clinicIds.length === 0) return new Map();
      const { rows } = await db.execute<{ id: number; name: string }>(
        sql`SELECT id, name FROM ${clinics} WHERE id IN (${ids([...new Set(clinicIds)])})`,
      );
      return new Map(rows.map((r) => [Number(r.id), r.name]));
    },

    /** One page of a doctor list: ids with their towns (the online list spans towns). */
    async doctorPage(
      q: DoctorScope & {
        filters: DoctorFilters;
        sort: DoctorSort;
        limit: number;
        offset: number;
        firstFree: FreeScope;
      },
    ): Promise<{ id: number; townId: number; nearest?: OrderedTime | null }[]> {
      // Sorted by the first free time, the walk starts at the doctor_first_free_order index.
      const nearest = q.sort === 'nearest';
      const from = nearest
        ? sql`doctor_first_free f JOIN ${doctors} d ON d.id = f.doctor_id AND f.visit_type = ${q.firstFree.visitType}`
        : sql`${doctors} d`;
      const rows = await executeShaped<{ id: number; townId: number } & Parameters<typeof orderedTimeOf>[0]>(
        db,
        'lists_doctor_page',
        sql`
        SELECT d.id, d.town_id AS "townId"${nearest ? sql`, ${orderedTime(q.firstFree.now)}` : sql``} FROM ${from}
        WHERE ${doctorWhere(q, q.filters)} AND ${freeWhere(q.firstFree, q.sort === 'nearest')}
        ORDER BY ${DOCTOR_ORDER[q.sort]}
        LIMIT ${q.limit} OFFSET ${q.offset}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        townId: Number(r.townId),
        ...(nearest ? { nearest: orderedTimeOf(r) } : {}),
      }));
    },

    async doctorCount(q: DoctorScope & { filters: DoctorFilters; firstFree?: FreeScope }): Promise<number> {
      const free = q.firstFree ? freeWhere(q.firstFree) : sql`TRUE`;
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${doctors} d WHERE ${doctorWhere(q, q.filters)} AND ${free}`,
      );
      return Number(rows[0].n);
    },

    /** Nearest first (then best rated); `km` is the distance to the doctor's nearest workplace. */
    async nearbyDoctorPage(q: NearbyQuery & { limit: number; offset: number; sort: DoctorSort }) {
      const order =
        q.sort === 'nearest'
          ? sql`f.first_free_at NULLS LAST, dist.km, d.id`
          : sql`dist.km, d.rating DESC, d.id`;
      const { rows } = await db.execute<{ id: number; km: number } & Parameters<typeof orderedTimeOf>[0]>(sql`
        ${nearbyDoctors(q)}
        ORDER BY ${order}
        LIMIT ${q.limit} OFFSET ${q.offset}`);
      return rows.map((r) => ({
        id: Number(r.id),
        km: Number(r.km),
        ...(q.sort === 'nearest' ? { nearest: orderedTimeOf(r) } : {}),
      }));
    },

    async nearbyDoctorCount(q: NearbyQuery): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (${nearbyDoctors(q)}) x`,
      );
      return Number(rows[0].n);
    },

    /** Online doctors per speciality, across towns (for the online list's speciality links). */
    async onlineSpecialityCounts(): Promise<Map<number, number>> {
      const { rows } = await db.execute<{ id: number; n: number }>(sql`
        SELECT ds.speciality_id AS id, count(*)::int AS n
        FROM ${doctors} d JOIN ${doctorSpecialities} ds ON ds.doctor_id = d.id
        WHERE d.online GROUP BY ds.speciality_id`);
      return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    },

    places: (table: PlaceTable, townId: number) => {
      const t = table === 'metro' ? metroStations : districts;
      return db
        .select({ id: t.id, name: t.name, slug: t.slug })
        .from(t)
        .where(eq(t.townId, townId))
        .orderBy(sql`${t.name} COLLATE "und-x-icu"`);
    },

    async placeBySlug(table: PlaceTable, townId: number, slug: string) {
      const t = table === 'metro' ? metroStations : districts;
      const [row] = await db
        .select({ id: t.id, name: t.name, slug: t.slug })
        .from(t)
        .where(and(eq(t.townId, townId), eq(t.slug, slug)))
        .limit(1);
      return row ?? null;
    },

    async treatmentBySlug(slug: string) {
      const rows = await db
        .select({
          id: treatments.id,
          name: treatments.name,
          translit: treatments.translit,
          specialityId: treatmentSpecialities.specialityId,
        })
        .from(treatments)
        .leftJoin(treatmentSpecialities, eq(treatmentSpecialities.treatmentId, treatments.id))
        .where(eq(treatments.translit, slug));
      if (!rows.length) return null;
      const { id, name, translit } = rows[0];
      return {
        id,
        name,
        translit,
        specialityIds: rows.flatMap((r) => (r.specialityId === null ? [] : [r.specialityId])),
      };
    },

    /** Every treatment with its specialities' ids (50 rows of reference data). */
    treatmentLinks: () =>
      db
        .select({
          name: treatments.name,
          translit: treatments.translit,
          specialityId: treatmentSpecialities.specialityId,
        })
        .from(treatmentSpecialities)
        .innerJoin(treatments, eq(treatments.id, treatmentSpecialities.treatmentId))
        .orderBy(sql`${treatments.name} COLLATE "und-x-icu"`),

    async clinicPage(q: ClinicScope & { limit: number; offset: number }): Promise<number[]> {
      const rows = await db
        .select({ id: clinics.id })
        .from(clinics)
        .where(clinicWhere(q))
        .orderBy(sql`${clinics.rating} DESC, ${clinics.reviewsCount} DESC, ${clinics.id}`)
        .limit(q.limit)
        .offset(q.offset);
      return rows.map((r) => r.id);
    },

    async clinicCount(q: ClinicScope): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(clinics).where(clinicWhere(q));
      return n;
    },

    /** How many clinics of each kind have enough reviews to enter a top list. */
    topKindCounts: (townId: number, minReviews: number) =>
      db
        .select({ kind: clinics.kind, n: count() })
        .from(clinics)
        .where(and(eq(clinics.townId, townId), gte(clinics.reviewsCount, minReviews)))
        .groupBy(clinics.kind),

    /** A section's classes and their services (reference data: ~160 rows in all). */
    serviceCatalog: (kind: ServiceKind) =>
      db
        .select({
          classId: serviceClasses.id,
          className: serviceClasses.name,
          classTranslit: serviceClasses.translit,
          id: serviceSynonyms.id,
          name: serviceSynonyms.name,
          translit: serviceSynonyms.translit,
        })
        .from(serviceSynonyms)
        .innerJoin(serviceClasses, eq(serviceClasses.id, serviceSynonyms.classId))
        .where(eq(serviceClasses.kind, kind))
        .orderBy(asc(serviceClasses.sort), sql`${serviceSynonyms.name} COLLATE "und-x-icu"`),

    /**
     * Services some clinic of the town offers. One EXISTS per service walks
     * clinic_services_synonym until it meets a clinic of the town: a handful of probes each.
     */
    async servicesInTown(townId: number, kind: ServiceKind): Promise<Set<number>> {
      const { rows } = await db.execute<{ id: number }>(sql`
        SELECT s.id FROM ${serviceSynonyms} s JOIN ${serviceClasses} sc ON sc.id = s.class_id
        WHERE sc.kind = ${kind} AND EXISTS (
          SELECT 1 FROM ${clinicServices} cs JOIN ${clinics} c ON c.id = cs.clinic_id
          WHERE cs.synonym_id = s.id AND c.town_id = ${townId})`);
      return new Set(rows.map((r) => Number(r.id)));
    },

    async serviceBySlug(slug: string) {
      const [row] = await db
        .select({
          id: serviceSynonyms.id,
          name: serviceSynonyms.name,
          translit: serviceSynonyms.translit,
          className: serviceClasses.name,
          kind: serviceClasses.kind,
          specialityId: serviceSynonyms.specialityId,
        })
        .from(serviceSynonyms)
        .innerJoin(serviceClasses, eq(serviceClasses.id, serviceSynonyms.classId))
        .where(eq(serviceSynonyms.translit, slug))
        .limit(1);
      return row ?? null;
    },

    /**
     * Clinics of a town offering a service, one row per clinic with its price range and club
     * price, read from clinic_services_synonym_clinic alone; then the name of each listed
     * clinic's cheapest line (the only column that needs the rows).
     */
    async serviceOffers(q: {
      townId: number;
      synonymId: number;
      sort: ServiceSort;
      limit: number;
      offset: number;
    }) {
      const order =
        q.sort === 'price'
          ? sql`min(cs.price_full), c.rating DESC, c.id`
          : sql`c.rating DESC, c.reviews_count DESC, min(cs.price_full), c.id`;
      const { rows } = await db.execute<{
        clinicId: number;
        minPrice: number;
        maxPrice: number;
        clubPrice: number | null;
        bookable: boolean;
      }>(sql`
        SELECT c.id AS "clinicId", min(cs.price_full) AS "minPrice", max(cs.price_full) AS "maxPrice",
          min(cs.price_club) AS "clubPrice",
          bool_or(cs.appointment_on AND cs.has_intervals AND c.is_appointment_on) AS bookable
        FROM ${clinicServices} cs JOIN ${clinics} c ON c.id = cs.clinic_id
        WHERE cs.synonym_id = ${q.synonymId} AND c.town_id = ${q.townId}
        GROUP BY c.id
        ORDER BY ${order}
        LIMIT ${q.limit} OFFSET ${q.offset}`);
      if (!rows.length) return [];
      const { rows: names } = await db.execute<{ clinicId: number; name: string }>(sql`
        SELECT DISTINCT ON (cs.clinic_id) cs.clinic_id AS "clinicId", cs.name FROM ${clinicServices} cs
        WHERE cs.synonym_id = ${q.synonymId} AND cs.clinic_id IN (${ids(rows.map((r) => Number(r.clinicId)))})
        ORDER BY cs.clinic_id, cs.price_full, cs.id`);
      const nameOf = new Map(names.map((n) => [Number(n.clinicId), n.name]));
      return rows.map((r) => ({
        clinicId: Number(r.clinicId),
        minPrice: Number(r.minPrice),
        maxPrice: Number(r.maxPrice),
        clubPrice: r.clubPrice === null ? null : Number(r.clubPrice),
        lineName: nameOf.get(Number(r.clinicId)) ?? '',
        /** Some line of it is booked online by time: the card gets a calendar. */
        bookable: Boolean(r.bookable),
      }));
    },

    async serviceOfferCount(q: { townId: number; synonymId: number }): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        SELECT count(DISTINCT cs.clinic_id)::int AS n
        FROM ${clinicServices} cs JOIN ${clinics} c ON c.id = cs.clinic_id
        WHERE cs.synonym_id = ${q.synonymId} AND c.town_id = ${q.townId}`);
      return Number(rows[0].n);
    },
  };
}
