import type {
  ClinicCard,
  DoctorCard,
  ListDoctorCard,
  ListPage,
  NearbyDoctorCard,
  PlaceRef,
  ServiceClass,
  ServiceOffer,
  TownTop,
  Treatment,
  TreatmentLink,
} from '../../../core/directory/contracts';
import {
  DEFAULT_SORT,
  type DoctorFilters,
  type DoctorListParams,
  type FirstFreeVisitType,
  type FreeWindow,
  filtersKey,
  hasFilters,
  NEARBY_RADIUS_KM,
} from '../../../core/directory/list-filters';
import {
  type PlaceKind,
  type ServiceKind,
  type ServiceSort,
  TOP_FILTERS,
  TOP_MIN_REVIEWS,
  TOP_SIZE,
  type TopFilter,
} from '../../../core/directory/list-urls';
import { boundingBox, type Point } from '../../../core/geo/distance';
import type { Town } from '../../../core/towns/contracts';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { TownService } from '../towns/service';
import type { FirstFreeService } from './first-free';
import { createListRepo, type DoctorScope, type OrderedTime, type PlaceTable } from './lists-repo';
import { CLINICS_PER_PAGE, type DirectoryService, DOCTORS_PER_PAGE } from './service';

/**
 * Totals of filtered, place and service lists are cached for five minutes: they cost a scan
 * of the matching rows, and a count a few minutes old misleads nobody. Reference data
 * (places, treatments, service catalogues) changes with deployments only, so ten minutes.
 */
const COUNT_TTL_MS = 5 * 60_000;
const REFERENCE_TTL_MS = 10 * 60_000;
/** Totals of lists filtered by a free window (?free=): a minute. */
const FREE_COUNT_TTL_MS = 60_000;

const PLACE_TABLE: Record<PlaceKind, PlaceTable> = { metro: 'metro', rayon: 'district' };

export type ListService = ReturnType<typeof createListService>;

/**
 * Doctor lists beyond the plain town and speciality list (filters, sorts, places, nearby,
 * treatments, online), clinic lists by place and top lists, and the service directories.
 */
export function createListService({
  db,
  clock,
  directory,
  towns,
  firstFree,
}: {
  db: Db;
  clock: Clock;
  directory: DirectoryService;
  towns: TownService;
  /** The first free times (ADR 046): the sort 'nearest', the free filters and the cards' line. */
  firstFree: FirstFreeService;
}) {
  const repo = createListRepo(db);
  const counts = createTtlCache<number>(clock, COUNT_TTL_MS);
  const freeCounts = createTtlCache<number>(clock, FREE_COUNT_TTL_MS);
  const placeCache = createTtlCache<PlaceRef[]>(clock, REFERENCE_TTL_MS);
  const townServices = createTtlCache<Set<number>>(clock, REFERENCE_TTL_MS);
  const topCounts = createTtlCache<Map<string, number>>(clock, REFERENCE_TTL_MS);
  const onlineCounts = createTtlCache<Map<number, number>>(clock, REFERENCE_TTL_MS);
  let treatmentCache: ReturnType<typeof repo.treatmentLinks> | null = null;
  const catalogCache = new Map<ServiceKind, ReturnType<typeof repo.serviceCatalog>>();

  const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

  /**
   * Before a list reads first free times, the rows a write marked (or whose time passed) are
   * recomputed, a few hundred at most; the each-minute job does any more.
   */
  async function freshFirstFree(sort: string, free: FreeWindow | null, visitType: FirstFreeVisitType) {
    if (sort === 'nearest' || free) await firstFree.refreshDue(undefined, undefined, visitType);
  }

  /**
   * The doctors' first free times, and the clinic of each (the card's workplace to lead with):
   * those a page sorted by them was ordered by (its rows carry them), else read now.
   */
  async function nearestOf(
    rows: { id: number; nearest?: OrderedTime | null }[],
    visitType: FirstFreeVisitType,
  ) {
    const times = rows.every((r) => r.nearest !== undefined)
      ? new Map(rows.flatMap((r) => (r.nearest ? [[r.id, r.nearest] as const] : [])))
      : await firstFree.of(
          rows.map((r) => r.id),
          visitType,
        );
    const lead = new Map<number, number>();
    for (const [id, t] of times) if (t.clinicId !== null) lead.set(id, t.clinicId);
    return { times, lead };
  }

  /**
   * Each card's 'Ближайшая запись' (its first free time and that clinic's zone), when known; with
   * the clinic's name when the card shows another workplace (a card of a list whose order is not
   * by the time keeps the doctor's first workplace).
   */
  async function withNearest<T extends DoctorCard>(
    cards: T[],
    visitType: FirstFreeVisitType,
    known?: Awaited<ReturnType<typeof nearestOf>>,
  ): Promise<(T & { nearestFree: { at: string; tz: string; clinicName?: string } | null })[]> {
    const { times } = known ?? (await nearestOf(cards, visitType));
    const names = await repo.clinicNames(
      cards.flatMap((c) => {
        const t = times.get(c.id);
        return t?.clinicId != null && t.clinicId !== c.workplaces[0]?.clinicId ? [t.clinicId] : [];
      }),
    );
    return cards.map((c) => {
      const t = times.get(c.id);
      if (!t) return { ...c, nearestFree: null };
      const elsewhere = t.clinicId != null && t.clinicId !== c.workplaces[0]?.clinicId;
      const clinicName = elsewhere ? names.get(t.clinicId ?? 0) : undefined;
      return {
        ...c,
        nearestFree: { at: t.at.toISOString(), tz: t.tz, ...(clinicName ? { clinicName } : {}) },
      };
    });
  }

  /**
   * Cards of doctors or clinics from any towns, in the rows' order: each town's ids are built
   * with that town (its URLs, its day). A row of an unknown town is left out.
   */
  async function cardsAcrossTowns<T extends { id: number }>(
    rows: { id: number; townId: number }[],
    cards: (town: Town, ids: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    const townById = new Map((await towns.list()).map((t) => [t.id, t]));
    const idsByTown = new Map<number, number[]>();
    for (const r of rows) idsByTown.set(r.townId, [...(idsByTown.get(r.townId) ?? []), r.id]);
    const found = new Map<number, T>();
    await Promise.all(
      [...idsByTown].map(async ([townId, ids]) => {
        const town = townById.get(townId);
        if (!town) return;
        for (const card of await cards(town, ids)) found.set(card.id, card);
      }),
    );
    return rows.flatMap((r) => found.get(r.id) ?? []);
  }

  async function places(town: Town, kind: PlaceKind): Promise<PlaceRef[]> {
    return placeCache.get(`${kind}:${town.id}`, async () =>
      (await repo.places(PLACE_TABLE[kind], town.id)).map((p) => ({ kind, ...p })),
    );
  }

  const treatmentLinks = () => {
    treatmentCache ??= repo.treatmentLinks();
    treatmentCache.catch(() => {
      treatmentCache = null;
    });
    return treatmentCache;
  };

  const serviceCatalog = (kind: ServiceKind) => {
    let rows = catalogCache.get(kind);
    if (!rows) {
      rows = repo.serviceCatalog(kind);
      catalogCache.set(kind, rows);
      rows.catch(() => catalogCache.delete(kind));
    }
    return rows;
  };

  return {
    /** Cards of doctors from any towns (a patient may keep a Moscow and a Kazan doctor), in the rows' order. */
    doctorCardsAcrossTowns: (rows: { id: number; townId: number }[]): Promise<DoctorCard[]> =>
      cardsAcrossTowns(rows, directory.doctorCards),

    /** The same for clinics. */
    clinicCardsAcrossTowns: (rows: { id: number; townId: number }[]): Promise<ClinicCard[]> =>
      cardsAcrossTowns(rows, directory.clinicCards),

    /** The metro stations and districts of a town, by name. */
    async townPlaces(town: Town) {
      const [metro, districts] = await Promise.all([places(town, 'metro'), places(town, 'rayon')]);
      return { metro, districts };
    },

    async place(town: Town, kind: PlaceKind, slug: string): Promise<PlaceRef | null> {
      return (await places(town, kind)).find((p) => p.slug === slug) ?? null;
    },

    async treatment(slug: string): Promise<Treatment | null> {
      const treatment = await repo.treatmentBySlug(slug);
      if (!treatment) return null;
      const all = await directory.specialities();
      return {
        ...treatment,
        specialities: all
          .filter((s) => treatment.specialityIds.includes(s.id))
          .map((s) => ({ id: s.id, name: s.name, namePlural: s.namePlural, translit: s.translit })),
      };
    },

    /** Treatments of a speciality, for links from its list. */
    async treatmentsOfSpeciality(specialityId: number): Promise<TreatmentLink[]> {
      const rows = await treatmentLinks();
      return rows
        .filter((r) => r.specialityId === specialityId)
        .map((r) => ({ name: r.name, translit: r.translit }));
    },

    /**
     * A page of doctors. The plain town or speciality list (no filter, default sort) is the
     * directory's own, tuned and benchmarked path; everything else is built here.
     */
    async doctors(
      town: Town | null,
      scope: Omit<DoctorScope, 'townId' | 'place'> & { place?: PlaceRef },
      params: DoctorListParams,
      visitType: FirstFreeVisitType = 'clinic',
    ): Promise<ListPage<ListDoctorCard>> {
      const { sort, filters, page, free } = params;
      // A treatment linked to no speciality has no doctors (not every doctor of the town).
      if (scope.specialityIds?.length === 0) return { total: 0, numPages: 1, items: [] };
      const specialityId = scope.specialityIds?.length === 1 ? scope.specialityIds[0] : undefined;
      const plain =
        town && !scope.place && !scope.onlineOnly && !hasFilters(filters) && !free && sort === DEFAULT_SORT;
      if (plain && (scope.specialityIds === undefined || specialityId !== undefined)) {
        const list = await directory.doctorList(town, { specialityId, name: scope.name, page });
        return {
          total: list.total,
          numPages: list.numPages,
          items: await withNearest(list.doctors, visitType),
        };
      }
      await freshFirstFree(sort, free, visitType);
      const firstFreeScope = { visitType, free, now: clock.now() };
      const q: DoctorScope = {
        townId: town?.id ?? null,
        specialityIds: scope.specialityIds,
        place: scope.place && { table: PLACE_TABLE[scope.place.kind], id: scope.place.id },
        name: scope.name,
        onlineOnly: scope.onlineOnly,
      };
      const key = [
        q.townId ?? '*',
        q.specialityIds?.join('.') ?? '',
        scope.place ? `${scope.place.kind}${scope.place.id}` : '',
        q.onlineOnly ? 'o' : '',
        filtersKey(filters),
        free ? `${visitType}-${free}` : '',
      ].join(':');
      const [rows, total] = await Promise.all([
        repo.doctorPage({
          ...q,
          filters,
          sort,
          limit: DOCTORS_PER_PAGE,
          offset: (page - 1) * DOCTORS_PER_PAGE,
          firstFree: firstFreeScope,
        }),
        // A name search is specific and rare: counted live. Who is free changes by the minute:
        // such totals are kept a minute.
        q.name
          ? repo.doctorCount({ ...q, filters, firstFree: firstFreeScope })
          : free
            ? freeCounts.get(`f:${key}`, () => repo.doctorCount({ ...q, filters, firstFree: firstFreeScope }))
            : counts.get(`d:${key}`, () => repo.doctorCount({ ...q, filters })),
      ]);
      // Each card leads with the workplace of its first free time: its calendar shows that time.
      const nearest = await nearestOf(rows, visitType);
      const items = town
        ? await directory.doctorCards(
            town,
            rows.map((r) => r.id),
            false,
            nearest.lead,
          )
        : await cardsAcrossTowns(rows, (town, ids) =>
            directory
              .doctorCards(town, ids, false, nearest.lead)
              .then((list) => list.map((c) => ({ ...c, townName: town.name }))),
          );
      return {
        total,
        numPages: pages(total, DOCTORS_PER_PAGE),
        items: await withNearest(items, visitType, nearest),
      };
    },

    /** Specialities with online doctors, most doctors first. */
    async onlineSpecialities() {
      const [all, byId] = await Promise.all([
        directory.specialities(),
        onlineCounts.get('all', () => repo.onlineSpecialityCounts()),
      ]);
      return all
        .filter((s) => byId.has(s.id))
        .map((s) => ({ namePlural: s.namePlural, translit: s.translit, count: byId.get(s.id) ?? 0 }))
        .sort((a, b) => b.count - a.count);
    },

    /** Doctors with a workplace within NEARBY_RADIUS_KM of the point, nearest first. */
    async nearbyDoctors(
      town: Town,
      point: Point,
      opts: {
        specialityId?: number;
        filters: DoctorFilters;
        page: number;
        sort?: DoctorListParams['sort'];
        free?: FreeWindow | null;
      },
    ): Promise<ListPage<NearbyDoctorCard>> {
      const sort = opts.sort ?? DEFAULT_SORT;
      await freshFirstFree(sort, opts.free ?? null, 'clinic');
      const q = {
        townId: town.id,
        point,
        box: boundingBox(point, NEARBY_RADIUS_KM),
        radiusKm: NEARBY_RADIUS_KM,
        specialityIds: opts.specialityId === undefined ? undefined : [opts.specialityId],
        filters: opts.filters,
        firstFree: { visitType: 'clinic' as const, free: opts.free ?? null, now: clock.now() },
      };
      const [rows, total] = await Promise.all([
        repo.nearbyDoctorPage({
          ...q,
          sort,
          limit: DOCTORS_PER_PAGE,
          offset: (opts.page - 1) * DOCTORS_PER_PAGE,
        }),
        repo.nearbyDoctorCount(q),
      ]);
      const nearest = await nearestOf(rows, 'clinic');
      const cards = await withNearest(
        await directory.doctorCards(
          town,
          rows.map((r) => r.id),
          false,
          nearest.lead,
        ),
        'clinic',
        nearest,
      );
      const km = new Map(rows.map((r) => [r.id, r.km]));
      return {
        total,
        numPages: pages(total, DOCTORS_PER_PAGE),
        items: cards.map((c) => ({ ...c, distanceKm: km.get(c.id) ?? 0 })),
      };
    },

    /** Clinics of a town at a metro station or in a district, best rated first. */
    async clinicsAt(town: Town, place: PlaceRef, page: number): Promise<ListPage<ClinicCard>> {
      const scope = { townId: town.id, place: { table: PLACE_TABLE[place.kind], id: place.id } };
      const [ids, total] = await Promise.all([
        repo.clinicPage({ ...scope, limit: CLINICS_PER_PAGE, offset: (page - 1) * CLINICS_PER_PAGE }),
        counts.get(`c:${town.id}:${place.kind}${place.id}`, () => repo.clinicCount(scope)),
      ]);
      return {
        total,
        numPages: pages(total, CLINICS_PER_PAGE),
        items: await directory.clinicCards(town, ids, { booking: true }),
      };
    },

    /** The top list: the best-rated clinics of a kind with at least TOP_MIN_REVIEWS reviews. */
    async topClinics(town: Town, filter: TopFilter): Promise<ClinicCard[]> {
      const ids = await repo.clinicPage({
        townId: town.id,
        kind: filter.kind,
        minReviews: TOP_MIN_REVIEWS,
        limit: TOP_SIZE,
        offset: 0,
      });
      return directory.clinicCards(town, ids, { booking: true });
    },

    /** The top lists a town has (kinds with at least one eligible clinic). */
    async townTops(town: Town): Promise<TownTop[]> {
      const byKind = await topCounts.get(
        `${town.id}`,
        async () => new Map((await repo.topKindCounts(town.id, TOP_MIN_REVIEWS)).map((r) => [r.kind, r.n])),
      );
      return TOP_FILTERS.flatMap((filter) => {
        const n = byKind.get(filter.kind) ?? 0;
        return n > 0 ? [{ filter, count: Math.min(n, TOP_SIZE) }] : [];
      });
    },

    /** A section's classes with the services offered in the town (classes left empty are dropped). */
    async serviceIndex(town: Town, kind: ServiceKind): Promise<ServiceClass[]> {
      const [rows, present] = await Promise.all([
        serviceCatalog(kind),
        townServices.get(`${kind}:${town.id}`, () => repo.servicesInTown(town.id, kind)),
      ]);
      const classes: ServiceClass[] = [];
      for (const r of rows) {
        if (!present.has(r.id)) continue;
        let group = classes.at(-1);
        if (group?.translit !== r.classTranslit) {
          group = { name: r.className, translit: r.classTranslit, services: [] };
          classes.push(group);
        }
        group.services.push({ name: r.name, translit: r.translit });
      }
      return classes;
    },

    service: (slug: string) => repo.serviceBySlug(slug),

    /** Clinics of the town offering a service, with their price range, 20 a page. */
    async serviceOffers(
      town: Town,
      synonymId: number,
      sort: ServiceSort,
      page: number,
    ): Promise<ListPage<ServiceOffer>> {
      const q = { townId: town.id, synonymId };
      const [rows, total] = await Promise.all([
        repo.serviceOffers({ ...q, sort, limit: CLINICS_PER_PAGE, offset: (page - 1) * CLINICS_PER_PAGE }),
        counts.get(`s:${town.id}:${synonymId}`, () => repo.serviceOfferCount(q)),
      ]);
      const cards = new Map(
        (
          await directory.clinicCards(
            town,
            rows.map((r) => r.clinicId),
          )
        ).map((c) => [c.id, c]),
      );
      const items = rows.flatMap((r): ServiceOffer[] => {
        const clinic = cards.get(r.clinicId);
        return clinic
          ? [
              {
                clinic,
                minPrice: r.minPrice,
                maxPrice: r.maxPrice,
                clubPrice: r.clubPrice,
                lineName: r.lineName,
                bookable: r.bookable,
              },
            ]
          : [];
      });
      return { total, numPages: pages(total, CLINICS_PER_PAGE), items };
    },
  };
}
