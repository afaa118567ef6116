import { clubLineKind, clubLinePrice } from '../../../core/club/rules';
import { zonedDay } from '../../../core/dates/zoned';
import type {
  ClinicCard,
  DoctorCard,
  SpecialityRef,
  TownSpeciality,
  VisitPrice,
  WorkplaceSummary,
} from '../../../core/directory/contracts';
import {
  categoryLabel,
  experienceLabel,
  experienceYears,
  fullName,
  scienceLabel,
} from '../../../core/directory/doctor-labels';
import { clinicUrl, doctorUrl } from '../../../core/directory/urls';
import type { Town } from '../../../core/towns/contracts';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createDirectoryRepo } from './repo';

export const DOCTORS_PER_PAGE = 20;
export const CLINICS_PER_PAGE = 20;

export type DirectoryService = ReturnType<typeof createDirectoryService>;

/**
 * List totals are cached for a minute: counting 30,000 Moscow doctors on every page view
 * costs more than the page's own query, and a total a minute old misleads nobody.
 */
const COUNT_TTL_MS = 60_000;

const VISIT_ORDER: VisitPrice['type'][] = ['clinic', 'home', 'telemed'];

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

  /**
   * Builds cards for doctor ids, keeping the ids' order, from one query.
   * `detail` keeps every workplace with its prices (doctor page); a list card needs the first
   * workplace only, which keeps list pages' hydration data small: the one at the clinic `lead`
   * names for the doctor when given (the clinic of the first free time, on a list sorted or
   * filtered by it), else the doctor's first.
   */
  async function doctorCards(
    town: Town,
    ids: number[],
    detail = false,
    lead?: ReadonlyMap<number, number>,
  ): Promise<DoctorCard[]> {
    const rows = await repo.doctorCardRows(ids);
    const year = zonedDay(clock.now(), town.tz).year;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const d = byId.get(id);
      if (!d) return [];
      const leadClinic = lead?.get(id);
      const ordered =
        leadClinic === undefined
          ? d.workplaces
          : [...d.workplaces].sort(
              (a, b) => Number(b.clinicId === leadClinic) - Number(a.clinicId === leadClinic),
            );
      const places = ordered.map(
        (p): WorkplaceSummary => ({
          id: p.id,
          clinicId: p.clinicId,
          clinicName: p.clinicName,
          clinicUrl: clinicUrl(town.slug, { id: p.clinicId, slug: p.clinicSlug }),
          address: `${p.street}, ${p.house}`,
          metro: p.metro,
          district: p.district,
          // The club's one rule (core/club): a visit 30 % off, a home or online visit the clinic's
          // N % of services, in a clinic in the club; the stored club price only says the line has one.
          prices: sortPrices(
            p.prices.map((x) => ({
              ...x,
              clubPrice: clubLinePrice(
                { kind: clubLineKind(x.type), fullPrice: x.price, hasClubPrice: x.clubPrice !== null },
                p,
              ),
            })),
          ),
        }),
      );
      const card: DoctorCard = {
        id: d.id,
        url: doctorUrl(town.slug, d),
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
        // A list card shows one workplace and its calendar: its tabs carry that workplace's prices,
        // so the price on a tab and the slots under it are the same clinic's. The doctor page
        // shows every workplace with its own prices, and the card's line is the lowest of them.
        prices: detail ? lowestPrices(places.flatMap((p) => p.prices)) : (places[0]?.prices ?? []),
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
  async function clinicCards(town: Town, ids: number[], { booking = false } = {}): Promise<ClinicCard[]> {
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
          url: clinicUrl(town.slug, r.clinic),
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
    doctorCards: (town: Town, ids: number[], detail = false, lead?: ReadonlyMap<number, number>) =>
      doctorCards(town, ids, detail, lead),

    clinicCards,

    async specialityBySlug(slug: string) {
      return (await allSpecialities()).find((s) => s.translit === slug) ?? null;
    },

    /** Specialities present in a town, most doctors first, with counts. */
    async townSpecialities(town: Town): Promise<TownSpeciality[]> {
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

    async doctorList(
      town: Town,
      opts: { specialityId?: number; name?: string; page: number },
    ): Promise<{ total: number; numPages: number; doctors: DoctorCard[] }> {
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

    /** Clinic id → its doctors' specialities; every asked id is present, unknown ones empty. */
    async specialitiesByClinic(clinicIds: number[]): Promise<Record<string, SpecialityRef[]>> {
      const rows = await repo.specialitiesOfClinics(clinicIds);
      const result: Record<string, SpecialityRef[]> = {};
      for (const id of clinicIds) result[id] = [];
      for (const r of rows) result[r.clinicId].push({ id: r.id, name: r.name, translit: r.translit });
      return result;
    },

    async clinicList(
      town: Town,
      opts: { page: number; stepFree?: boolean },
    ): Promise<{ total: number; numPages: number; clinics: ClinicCard[] }> {
      const stepFree = opts.stepFree ?? false;
      const [ids, total] = await Promise.all([
        repo.clinicPage({
          townId: town.id,
          stepFree,
          limit: CLINICS_PER_PAGE,
          offset: (opts.page - 1) * CLINICS_PER_PAGE,
        }),
        countCache.get(`c:${town.id}${stepFree ? ':step_free' : ''}`, () =>
          repo.clinicCount(town.id, stepFree),
        ),
      ]);
      const clinics = await clinicCards(town, ids, { booking: true });
      return { total, numPages: Math.max(1, Math.ceil(total / CLINICS_PER_PAGE)), clinics };
    },
  };
}

/** A rating as pages show it: one decimal. */
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** '09:00:00' → '09:00'. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

function sortPrices(prices: VisitPrice[]): VisitPrice[] {
  return prices.sort((a, b) => VISIT_ORDER.indexOf(a.type) - VISIT_ORDER.indexOf(b.type));
}

/** The cheapest offer per visit type. */
export function lowestPrices(prices: VisitPrice[]): VisitPrice[] {
  const best = new Map<VisitPrice['type'], VisitPrice>();
  for (const p of prices) {
    const current = best.get(p.type);
    if (!current || p.price < current.price) best.set(p.type, p);
  }
  return sortPrices([...best.values()]);
}
