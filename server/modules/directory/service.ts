import { licenceImageUrl } from '../../../core/clinic/urls';
import { zonedDay } from '../../../core/dates/zoned';
import {
  categoryLabel,
  entityPath,
  experienceLabel,
  experienceYears,
  fullName,
  scienceLabel,
} from '../../../core/directory/doctor-labels';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { VisitType } from '../../db/schema/directory';
import type { Town } from '../towns/service';
import { createDirectoryRepo } from './repo';

export const DOCTORS_PER_PAGE = 20;
export const CLINICS_PER_PAGE = 20;

export interface SpecialityRef {
  id: number;
  name: string;
  translit: string;
}

export interface VisitPrice {
  type: VisitType;
  price: number;
  clubPrice: number | null;
}

export interface WorkplaceSummary {
  id: number;
  clinicId: number;
  clinicName: string;
  clinicUrl: string;
  address: string;
  metro: string | null;
  district: string | null;
  prices: VisitPrice[];
}

export interface DoctorCard {
  id: number;
  url: string;
  fullName: string;
  gender: 'M' | 'F';
  photoUrl: string | null;
  specialities: SpecialityRef[];
  experience: string;
  category: string | null;
  science: string | null;
  rating: number;
  reviewsCount: number;
  homeVisit: boolean;
  online: boolean;
  children: boolean;
  /** Lowest price per visit type across workplaces: the card's chips. */
  prices: VisitPrice[];
  /** All workplaces on a doctor page; only the first (without prices) in a list. */
  workplaces: WorkplaceSummary[];
  workplacesCount: number;
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;

/**
 * List totals are cached for a minute: counting 30,000 Moscow doctors on every page view
 * costs more than the page's own query, and a total a minute old misleads nobody.
 */
const COUNT_TTL_MS = 60_000;

const VISIT_ORDER: VisitType[] = ['clinic', 'home', 'telemed'];

export function createDirectoryService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createDirectoryRepo(db);
  const countCache = createTtlCache<number>(clock, COUNT_TTL_MS);
  const specialityCountCache = createTtlCache<Map<number, number>>(clock, COUNT_TTL_MS);
  let specialitiesCache: Promise<Awaited<ReturnType<typeof repo.specialities>>> | null = null;
  const allSpecialities = () => {
    specialitiesCache ??= repo.specialities();
    specialitiesCache.catch(() => {
      specialitiesCache = null;
    });
    return specialitiesCache;
  };

  const doctorUrl = (town: Town, d: { id: number; slug: string }) =>
    `/${town.slug}/vrach/${entityPath(d.id, d.slug)}/`;
  const clinicUrl = (town: Town, c: { id: number; slug: string }) =>
    `/${town.slug}/lpu/${entityPath(c.id, c.slug)}/`;

  /**
   * Builds cards for doctor ids, keeping the ids' order, from one query.
   * `detail` keeps every workplace with its prices (doctor page); a list card needs the first
   * workplace only, which keeps list pages' hydration data small.
   */
  async function doctorCards(town: Town, ids: number[], detail = false): Promise<DoctorCard[]> {
    const rows = await repo.doctorCardRows(ids);
    const year = zonedDay(clock.now(), town.tz).year;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const d = byId.get(id);
      if (!d) return [];
      const places = d.workplaces.map(
        (p): WorkplaceSummary => ({
          id: p.id,
          clinicId: p.clinicId,
          clinicName: p.clinicName,
          clinicUrl: clinicUrl(town, { id: p.clinicId, slug: p.clinicSlug }),
          address: `${p.street}, ${p.house}`,
          metro: p.metro,
          district: p.district,
          prices: sortPrices(p.prices),
        }),
      );
      const card: DoctorCard = {
        id: d.id,
        url: doctorUrl(town, d),
        fullName: fullName(d),
        gender: d.gender,
        photoUrl: d.photoUrl,
        specialities: d.specialities,
        experience: experienceLabel(experienceYears(d.careerStartYear, year)),
        category: categoryLabel(d.category),
        science: scienceLabel(d.scienceDegree, d.professor),
        rating: round1(Number(d.rating)),
        reviewsCount: d.reviewsCount,
        homeVisit: d.homeVisit,
        online: d.online,
        children: d.children,
        prices: lowestPrices(places.flatMap((p) => p.prices)),
        workplaces: detail ? places : places.slice(0, 1).map((w) => ({ ...w, prices: [] })),
        workplacesCount: places.length,
      };
      return [card];
    });
  }

  /**
   * Clinic list cards for ids, in the ids' order, with today's hours in the town's zone; with
   * `booking`, the speciality whose free times the card's calendar shows (clinic lists).
   */
  async function clinicCards(town: Town, ids: number[], { booking = false } = {}) {
    const [rows, hours, specialities] = await Promise.all([
      repo.clinicsByIds(ids),
      repo.hoursOfClinics(ids),
      booking ? repo.bookingSpecialities(ids) : Promise.resolve([]),
    ]);
    const bookingOf = new Map(
      specialities.map((s) => [
        Number(s.clinicId),
        { specialityId: Number(s.specialityId), specialityName: s.name },
      ]),
    );
    const today = zonedDay(clock.now(), town.tz);
    const byId = new Map(rows.map((r) => [r.clinic.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const todayHours = hours.find((h) => h.clinicId === id && h.weekday === today.isoWeekday);
      return [
        {
          id,
          url: clinicUrl(town, r.clinic),
          name: r.clinic.name,
          kind: r.clinic.kind,
          address: `${r.clinic.street}, ${r.clinic.house}`,
          metro: r.metro,
          district: r.district,
          photoUrl: r.clinic.photoUrl,
          rating: round1(r.clinic.rating),
          reviewsCount: r.clinic.reviewsCount,
          doctorsCount: r.clinic.doctorsCount,
          phone: r.clinic.phones[0] ?? null,
          todayHours:
            todayHours?.opens && todayHours.closes
              ? `${hhmm(todayHours.opens)}–${hhmm(todayHours.closes)}`
              : null,
          clubEnabled: r.clinic.clubEnabled,
          booking: bookingOf.get(id) ?? null,
        },
      ];
    });
  }

  return {
    specialities: allSpecialities,

    /** Cards for doctor ids, in the ids' order (the clinic doctors page builds its own list). */
    doctorCards: (town: Town, ids: number[], detail = false) => doctorCards(town, ids, detail),

    clinicCards,

    async specialityBySlug(slug: string) {
      return (await allSpecialities()).find((s) => s.translit === slug) ?? null;
    },

    /** Specialities present in a town, most doctors first, with counts. */
    async townSpecialities(town: Town) {
      const [all, counts] = await Promise.all([
        allSpecialities(),
        specialityCountCache.get(`s:${town.id}`, () => repo.specialityCounts(town.id)),
      ]);
      return all
        .filter((s) => counts.has(s.id))
        .map((s) => ({
          id: s.id,
          name: s.name,
          namePlural: s.namePlural,
          translit: s.translit,
          count: counts.get(s.id)!,
        }))
        .sort((a, b) => b.count - a.count);
    },

    async doctorList(town: Town, opts: { specialityId?: number; name?: string; page: number }) {
      const q = { townId: town.id, specialityId: opts.specialityId, name: opts.name };
      const [ids, total] = await Promise.all([
        repo.doctorPage({ ...q, limit: DOCTORS_PER_PAGE, offset: (opts.page - 1) * DOCTORS_PER_PAGE }),
        // Name searches are rare and specific: count them live; list totals change slowly.
        q.name
          ? repo.doctorCount(q)
          : countCache.get(`d:${q.townId}:${q.specialityId ?? ''}`, () => repo.doctorCount(q)),
      ]);
      return {
        total,
        numPages: Math.max(1, Math.ceil(total / DOCTORS_PER_PAGE)),
        doctors: await doctorCards(town, ids),
      };
    },

    async doctor(town: Town, id: number) {
      const [row, [card]] = await Promise.all([repo.doctorPageRow(id, 5), doctorCards(town, [id], true)]);
      if (!row || !card || row.townId !== town.id) return null;
      return {
        ...card,
        slug: row.slug,
        lastName: row.lastName,
        firstName: row.firstName,
        patronymic: row.patronymic,
        about: row.about,
        careerStartYear: row.careerStartYear,
        education: row.education,
        courses: row.courses,
        softwareVersion: row.softwareVersion,
        fakeWarning: row.fakeWarning,
        documents: {
          licenseNumber: row.licenseNumber,
          isEducationConfirmed: row.educationConfirmed,
          isCategoryConfirmed: row.categoryConfirmed,
          categoryExpiresDate: row.categoryExpiresOn,
          isScienceConfirmed: row.scienceConfirmed,
          // Spec: 1 candidate, 2 doctor of science, 3 professor (the title outranks the degree).
          scienceDocumentType: row.professor ? 3 : row.scienceDegree || null,
        },
        reviewCounts: row.reviewCounts,
        reviewTags: row.reviewTags,
        latestReviews: row.latestReviews.map((r) => ({
          ...r,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        services: row.services,
      };
    },

    /** Clinic id → its doctors' specialities; every asked id is present, unknown ones empty. */
    async specialitiesByClinic(clinicIds: number[]) {
      const rows = await repo.specialitiesOfClinics(clinicIds);
      const result: Record<string, { id: number; name: string; translit: string }[]> = {};
      for (const id of clinicIds) result[id] = [];
      for (const r of rows) result[r.clinicId].push({ id: r.id, name: r.name, translit: r.translit });
      return result;
    },

    covidRules: (clinicId: number) => repo.covidRules(clinicId),

    async clinicList(town: Town, opts: { page: number }) {
      const [ids, total] = await Promise.all([
        repo.clinicPage({
          townId: town.id,
          limit: CLINICS_PER_PAGE,
          offset: (opts.page - 1) * CLINICS_PER_PAGE,
        }),
        countCache.get(`c:${town.id}`, () => repo.clinicCount(town.id)),
      ]);
      const clinics = await clinicCards(town, ids, { booking: true });
      return { total, numPages: Math.max(1, Math.ceil(total / CLINICS_PER_PAGE)), clinics };
    },

    async clinic(town: Town, id: number) {
      const today = zonedDay(clock.now(), town.tz);
      const row = await repo.clinicWithDetails(id, today.date);
      if (!row || row.clinic.townId !== town.id) return null;
      const d = row.details;
      const c = row.clinic;
      const { hours, holidays, licences, photos, equipment, promotions, branches } = d;
      return {
        id,
        slug: c.slug,
        url: clinicUrl(town, c),
        name: c.name,
        kind: c.kind,
        description: c.description,
        address: `${c.street}, ${c.house}`,
        metro: row.metro,
        district: row.district,
        lat: c.lat,
        lon: c.lon,
        phones: c.phones,
        website: c.website,
        photoUrl: c.photoUrl,
        foundedYear: c.foundedYear,
        rating: round1(c.rating),
        reviewsCount: c.reviewsCount,
        doctorsCount: c.doctorsCount,
        softwareVersion: c.softwareVersion,
        fakeWarning: c.fakeWarning,
        priceUpdateStatus: c.priceUpdateStatus,
        priceUpdatedAt: c.priceUpdatedAt,
        clubEnabled: c.clubEnabled,
        clubDiscountPercent: c.clubDiscountPercent,
        covidRules: c.covidRules,
        interview: c.interview,
        todayWeekday: today.isoWeekday,
        hours: hours.map((h) => ({
          weekday: h.weekday,
          opens: h.opens ? hhmm(h.opens) : null,
          closes: h.closes ? hhmm(h.closes) : null,
        })),
        holidays: holidays.map((h) => ({
          date: h.date,
          opens: h.opens ? hhmm(h.opens) : null,
          closes: h.closes ? hhmm(h.closes) : null,
        })),
        licences: licences.map((l) => ({
          id: l.id,
          number: l.number,
          issuedAt: l.issuedAt,
          authority: l.authority,
          // Without an uploaded scan the gallery shows the licence drawn from its record.
          imageUrl: l.imageUrl ?? licenceImageUrl(l.id),
        })),
        photos: photos.map((p) => ({ src: p.src, name: p.name, caption: p.caption })),
        equipment: equipment.map((e) => ({
          id: e.id,
          name: e.name,
          imageUrl: e.imageUrl,
          attributes: e.attributes,
          description: e.description,
        })),
        promotions: promotions.map((p) => ({ id: p.id, title: p.title, body: p.body, endsOn: p.endsOn })),
        endedPromotions: d.endedPromotions,
        branches: branches.map((b) => ({
          title: b.name,
          subtitle: `${b.street}, ${b.house}`,
          link: clinicUrl(town, b),
        })),
        reviewCounts: d.reviewCounts,
        reviewTags: d.reviewTags,
        latestReviews: d.latestReviews.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
      };
    },
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** '09:00:00' → '09:00'. */
function hhmm(time: string): string {
  return time.slice(0, 5);
}

function sortPrices(prices: VisitPrice[]): VisitPrice[] {
  return prices.sort((a, b) => VISIT_ORDER.indexOf(a.type) - VISIT_ORDER.indexOf(b.type));
}

/** The cheapest offer per visit type. */
export function lowestPrices(prices: VisitPrice[]): VisitPrice[] {
  const best = new Map<VisitType, VisitPrice>();
  for (const p of prices) {
    const current = best.get(p.type);
    if (!current || p.price < current.price) best.set(p.type, p);
  }
  return sortPrices([...best.values()]);
}
