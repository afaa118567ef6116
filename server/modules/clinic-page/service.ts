import { ARCHIVE_PAGE_SIZE } from '../../../core/clinic/urls';
import { addressSchedule } from '../../../core/clinic/working-hours';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createClinicPageRepo } from './repo';

export type ClinicPageService = ReturnType<typeof createClinicPageService>;

/** 'ул. Ленина,  5 ' and 'ул. ленина, 5' name the same address. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase().replaceAll('ё', 'е');
}

/** The clinic page's widgets that load on demand: address schedules and the promotions archive. */
export function createClinicPageService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createClinicPageRepo(db);

  return {
    /**
     * The schedule of one of the clinic's addresses (its own or a branch's), with "today" in
     * the address's town. `null` when the clinic is unknown, 'unknown-address' when the address
     * is none of its own.
     */
    async addressSchedule(clinicId: number, address: string) {
      const clinic = await repo.clinic(clinicId);
      if (!clinic) return null;
      const wanted = normalizeAddress(address);
      const place = (await repo.addresses(clinic)).find(
        (a) => normalizeAddress(`${a.street}, ${a.house}`) === wanted,
      );
      if (!place) return 'unknown-address' as const;
      const today = zonedDay(clock.now(), place.tz);
      const [hours, exceptions] = await Promise.all([
        repo.hours(place.id),
        repo.upcomingExceptions(place.id, today.date),
      ]);
      return addressSchedule({ hours, exceptions, todayIsoWeekday: today.isoWeekday });
    },

    /**
     * One page of ended promotions, most recently ended first. `null` for an unknown clinic;
     * a page past the end is empty (numPages tells the caller).
     */
    async promotionsArchive(clinicId: number, page: number) {
      const clinic = await repo.clinic(clinicId);
      if (!clinic) return null;
      const today = zonedDay(clock.now(), clinic.tz).date;
      const [total, items] = await Promise.all([
        repo.endedPromotionsCount(clinicId, today),
        repo.endedPromotions(clinicId, today, ARCHIVE_PAGE_SIZE, (page - 1) * ARCHIVE_PAGE_SIZE),
      ]);
      return { total, numPages: Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE)), items };
    },

    licence: (id: number) => repo.licence(id),
  };
}
