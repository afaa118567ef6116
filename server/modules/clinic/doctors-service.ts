import type {
  ClinicDoctorFilterOptions,
  ClinicDoctorsList,
  ClinicHeading,
} from '../../../core/clinic/contracts';
import { CLINIC_DOCTORS_PAGE_SIZE, EXPERIENCE_OPTIONS } from '../../../core/clinic/doctor-filters';
import { zonedDay } from '../../../core/dates/zoned';
import type { DoctorCard } from '../../../core/directory/contracts';
import { experienceYears } from '../../../core/directory/doctor-labels';
import { clinicUrl } from '../../../core/directory/urls';
import type { Town } from '../../../core/towns/contracts';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { DirectoryService } from '../directory/service';
import type { TownService } from '../towns/service';
import { createClinicDoctorsRepo } from './doctors-repo';

/** What staff see on a card besides the patient's view: visit types here and all workplaces. */
function staffDetails(card: DoctorCard, clinicId: number) {
  const here = card.workplaces.find((w) => w.clinicId === clinicId);
  const byClinic = new Map<string, string[]>();
  for (const w of card.workplaces) {
    const place = w.metro ? `${w.address}, м. ${w.metro}` : w.address;
    byClinic.set(w.clinicName, [...(byClinic.get(w.clinicName) ?? []), place]);
  }
  return {
    service_types: (here?.prices ?? card.prices).map((p) => p.type),
    workplaces_by_clinic: [...byClinic],
  };
}

export interface ClinicDoctorsRequest {
  speciality?: number;
  /** Minimum years of experience. */
  staj?: number;
  gender?: 'M' | 'F';
  naDom: boolean;
  name?: string;
  page: number;
  /** Every match on one page (the staff view); the caller decides who may ask. */
  showAll: boolean;
  /** Cards per page: 20 on the doctors page, fewer in the clinic page's block. */
  pageSize?: number;
}

export type ClinicDoctorsService = ReturnType<typeof createClinicDoctorsService>;

/**
 * The card as this clinic's list shows it: this clinic's workplace and prices first (a list
 * card carries one workplace, without its prices), not the doctor's first workplace elsewhere.
 */
function atClinic(card: DoctorCard, clinicId: number): DoctorCard {
  const here = card.workplaces.find((w) => w.clinicId === clinicId) ?? card.workplaces[0];
  if (!here) return card;
  return {
    ...card,
    // This clinic's prices only: the card's calendar is this clinic's.
    prices: here.prices,
    workplaces: [{ ...here, prices: [] }],
  };
}

export function createClinicDoctorsService({
  db,
  clock,
  towns,
  directory,
}: {
  db: Db;
  clock: Clock;
  towns: TownService;
  directory: DirectoryService;
}) {
  const repo = createClinicDoctorsRepo(db);
  // The filter options are aggregates over the clinic's doctors that change with its staff;
  // like list totals they may be a minute old, and the clinic page then needs two queries less.
  const optionsCache = createTtlCache<{
    specialities: Awaited<ReturnType<typeof repo.specialities>>;
    isHomeCall: boolean;
  }>(clock, 60_000);

  const townById = async (id: number): Promise<Town | null> =>
    (await towns.list()).find((t) => t.id === id) ?? null;

  /** A page of the clinic's doctors in its town; null for a page past the end of the matches. */
  async function pageIn(
    town: Town,
    clinicId: number,
    r: ClinicDoctorsRequest,
  ): Promise<ClinicDoctorsList | null> {
    const year = zonedDay(clock.now(), town.tz).year;
    const filter = {
      clinicId,
      specialityId: r.speciality,
      careerStartedBy: r.staj === undefined ? undefined : year - r.staj,
      gender: r.gender,
      homeVisit: r.naDom,
      name: r.name,
    };
    const page = r.showAll ? 1 : r.page;
    const size = r.pageSize ?? CLINIC_DOCTORS_PAGE_SIZE;
    const rows = await repo.page(filter, r.showAll ? null : size, (page - 1) * size);
    if (rows.length === 0 && page > 1 && (await repo.count(filter)) > 0) return null;
    const total = rows[0]?.total ?? 0;
    const started = new Map(rows.map((row) => [row.id, row.careerStartYear]));
    const cards = await directory.doctorCards(
      town,
      rows.map((row) => row.id),
      true,
    );
    return {
      data: cards.map((card) => ({
        ...atClinic(card, clinicId),
        experienceYears: experienceYears(started.get(card.id)!, year),
        ...(r.showAll ? staffDetails(card, clinicId) : {}),
      })),
      num_pages: r.showAll ? 1 : Math.max(1, Math.ceil(total / size)),
      current_page: page,
      total,
    };
  }

  return {
    /** The doctors call: a page of the clinic's doctors; an unknown clinic or a page past the end is a 404. */
    async list(clinicId: number, r: ClinicDoctorsRequest): Promise<ClinicDoctorsList> {
      const clinic = await repo.clinic(clinicId);
      const town = clinic && (await townById(clinic.townId));
      if (!town) throw notFound('Клиника не найдена');
      const list = await pageIn(town, clinicId, r);
      if (!list) throw notFound('Страница не найдена');
      return list;
    },

    /**
     * For pages that have found the clinic in this town already (the clinic page reads it in
     * parallel): the clinic is not read again. Null for a page past the end of the matches.
     */
    pageIn,

    /** The clinic as the doctors page heads it; null when it is not in this town. */
    async clinic(town: Town, id: number): Promise<ClinicHeading | null> {
      const clinic = await repo.clinic(id);
      if (!clinic || clinic.townId !== town.id) return null;
      return {
        id: clinic.id,
        slug: clinic.slug,
        name: clinic.name,
        address: `${clinic.street}, ${clinic.house}`,
        url: clinicUrl(town.slug, clinic),
      };
    },

    /** The doctors filters' options: the clinic's specialities, experience, gender, home call. */
    async filterOptions(clinicId: number): Promise<ClinicDoctorFilterOptions> {
      const { specialities, isHomeCall } = await optionsCache.get(String(clinicId), async () => {
        const [specialities, isHomeCall] = await Promise.all([
          repo.specialities(clinicId),
          repo.hasHomeVisits(clinicId),
        ]);
        return { specialities, isHomeCall };
      });
      return { specialities, experience: EXPERIENCE_OPTIONS, isHomeCall };
    },
  };
}
