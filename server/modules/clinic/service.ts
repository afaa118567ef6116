import { orderedFeatures } from '../../../core/clinic/accessibility';
import type { AddressSchedule, ClinicPage } from '../../../core/clinic/contracts';
import { ARCHIVE_PAGE_SIZE, licenceImageUrl } from '../../../core/clinic/urls';
import { videoOfEmbed } from '../../../core/clinic/video';
import { addressSchedule } from '../../../core/clinic/working-hours';
import { zonedDay } from '../../../core/dates/zoned';
import { softwareRights } from '../../../core/directory/software-version';
import { clinicUrl } from '../../../core/directory/urls';
import type { Town } from '../../../core/towns/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { hhmm, round1 } from '../directory/service';
import { createClinicRepo } from './repo';

export type ClinicService = ReturnType<typeof createClinicService>;

const CLINIC_NOT_FOUND = 'Клиника не найдена';

/** 'ул. Ленина,  5 ' and 'ул. ленина, 5' name the same address. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase().replaceAll('ё', 'е');
}

/**
 * The clinic page and its widgets that load on demand: address schedules, the visiting rules,
 * the promotions archive and the licence images.
 */
export function createClinicService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createClinicRepo(db);

  return {
    /** Everything the clinic page shows, in the town's today; null when the clinic is not in this town. */
    async page(town: Town, id: number): Promise<ClinicPage | null> {
      const today = zonedDay(clock.now(), town.tz);
      const row = await repo.clinicWithDetails(id, today.date);
      if (!row || row.clinic.townId !== town.id) return null;
      const d = row.details;
      const c = row.clinic;
      const { hours, holidays, licences, photos, equipment, branches } = d;
      // Promotions show only on a level that has them (the one rule, core/directory/software-version.ts):
      // a Лайт page or one with no level shows none, current or archived, as its cabinet says.
      const showsPromotions = softwareRights(c.softwareVersion, 'clinic').promotions;
      const promotions = showsPromotions ? d.promotions : [];
      return {
        id,
        slug: c.slug,
        url: clinicUrl(town.slug, c),
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
        accessibility: orderedFeatures(c.accessibility),
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
        photos: photos
          .filter((p) => !p.isVideo)
          .map((p) => ({ src: p.src, name: p.name, caption: p.caption })),
        videos: photos.flatMap((p) => {
          const video = p.isVideo ? videoOfEmbed(p.src) : null;
          return video ? [{ embedUrl: video.embedUrl, watchUrl: video.watchUrl, caption: p.caption }] : [];
        }),
        equipment: equipment.map((e) => ({
          id: e.id,
          name: e.name,
          imageUrl: e.imageUrl,
          attributes: e.attributes,
          description: e.description,
        })),
        promotions: promotions.map((p) => ({ id: p.id, title: p.title, body: p.body, endsOn: p.endsOn })),
        endedPromotions: showsPromotions ? d.endedPromotions : 0,
        branches: branches.map((b) => ({
          title: b.name,
          subtitle: `${b.street}, ${b.house}`,
          link: clinicUrl(town.slug, b),
        })),
        reviewCounts: d.reviewCounts,
        reviewTags: d.reviewTags,
        latestReviews: d.latestReviews.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
      };
    },

    /**
     * The schedule of one of the clinic's addresses (its own or a branch's), with "today" in
     * the address's town. A 404 when the clinic is unknown or the address is none of its own.
     */
    async addressSchedule(clinicId: number, address: string): Promise<AddressSchedule> {
      const clinic = await repo.clinic(clinicId);
      if (!clinic) throw notFound(CLINIC_NOT_FOUND);
      const wanted = normalizeAddress(address);
      const place = (await repo.addresses(clinic)).find(
        (a) => normalizeAddress(`${a.street}, ${a.house}`) === wanted,
      );
      if (!place) throw notFound('У клиники нет такого адреса');
      const today = zonedDay(clock.now(), place.tz);
      const [hours, exceptions] = await Promise.all([
        repo.hours(place.id),
        repo.upcomingExceptions(place.id, today.date),
      ]);
      return addressSchedule({ hours, exceptions, todayIsoWeekday: today.isoWeekday });
    },

    /** The clinic's visiting rules. */
    async covidRules(clinicId: number): Promise<string[]> {
      const rules = await repo.covidRules(clinicId);
      if (!rules) throw notFound(CLINIC_NOT_FOUND);
      return rules;
    },

    /** One page of ended promotions, most recently ended first; a page past the end is a 404. */
    async promotionsArchive(clinicId: number, page: number) {
      const clinic = await repo.clinic(clinicId);
      if (!clinic) throw notFound(CLINIC_NOT_FOUND);
      const today = zonedDay(clock.now(), clinic.tz).date;
      // Below Стандарт the archive is empty, as the page's own promotions are.
      const [total, items] = softwareRights(clinic.softwareVersion, 'clinic').promotions
        ? await Promise.all([
            repo.endedPromotionsCount(clinicId, today),
            repo.endedPromotions(clinicId, today, ARCHIVE_PAGE_SIZE, (page - 1) * ARCHIVE_PAGE_SIZE),
          ])
        : [0, []];
      const numPages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
      if (page > numPages) throw notFound('Такой страницы архива нет');
      return { total, numPages, items };
    },

    /** A licence's register record, for its drawn image; a 404 when there is none (or no id). */
    async licence(id: number | null) {
      const licence = id === null ? null : await repo.licence(id);
      if (!licence) throw notFound('Лицензия не найдена');
      return licence;
    },
  };
}
