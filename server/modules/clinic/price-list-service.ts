import type { PriceListFirstRender, PriceListLine, PriceListPage } from '../../../core/clinic/contracts';
import { groupByClass, PRICE_LIST_NOT_FOUND, PRICE_LIST_PAGE_SIZE } from '../../../core/clinic/price-list';
import { clubLineKind, clubLinePrice } from '../../../core/club/rules';
import { sectionByKind, servicesUrl } from '../../../core/directory/list-urls';
import { specialityUrl } from '../../../core/directory/urls';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { TownService } from '../towns/service';
import { createPriceListRepo, type PriceListFilter, type PriceListRow } from './price-list-repo';

/** A page of lines with the suggestions when asked for, or why there is none (a 404's text). */
type Lookup = { list: PriceListPage; categories: string[] | null } | { missing: string };

export type ClinicPriceListService = ReturnType<typeof createClinicPriceListService>;

export function createClinicPriceListService({ db, towns }: { db: Db; towns: TownService }) {
  const repo = createPriceListRepo(db);

  async function townSlug(townId: number): Promise<string> {
    const town = (await towns.list()).find((t) => t.id === townId);
    if (!town) throw new Error(`clinic town ${townId} is missing`);
    return town.slug;
  }

  function line(r: PriceListRow, town: string): PriceListLine {
    return {
      id: r.id,
      name: r.name,
      duration: r.durationMinutes,
      synonym_id: r.synonymId,
      // The club's one rule (core/club): 30 % off a consultation, the clinic's N % off a service,
      // on the lines the clinic gives a club price, only while the clinic is in the club.
      prices: {
        full: r.priceFull,
        club: clubLinePrice(
          { kind: clubLineKind(r.visitType), fullPrice: r.priceFull, hasClubPrice: r.priceClub !== null },
          r,
        ),
      },
      requires_primary_consultation: r.requiresPrimaryConsultation,
      appointment_on: r.appointmentOn,
      has_intervals: r.hasIntervals,
      is_available_appointment_direct: r.isAvailableAppointmentDirect,
      // The service's page in its section's directory: /{town}/uslugi/, /diagnostika/, /analizy/.
      url: servicesUrl(town, sectionByKind(r.classKind).segment, r.synonymTranslit),
      speciality:
        r.specialityName && r.specialityTranslit
          ? { name: r.specialityName, url: specialityUrl(town, r.specialityTranslit) }
          : null,
    };
  }

  /**
   * One page of a clinic's price list. A filter that matches nothing is 'Такой услуги нет в
   * клинике'; a page past the end is missing too. `withCategories` brings the clinic's
   * categories along (the first render's suggestions).
   */
  async function pageOf(filter: PriceListFilter, page: number, withCategories = false): Promise<Lookup> {
    const rows = await repo.page(
      filter,
      PRICE_LIST_PAGE_SIZE,
      (page - 1) * PRICE_LIST_PAGE_SIZE,
      withCategories,
    );
    if (rows.length === 0) {
      if (!(await repo.clinic(filter.clinicId))) return { missing: 'Клиника не найдена' };
      const beyondEnd = page > 1 && (await repo.count(filter)) > 0;
      return { missing: beyondEnd ? 'Страница не найдена' : PRICE_LIST_NOT_FOUND };
    }
    const { townId, categories } = rows[0];
    const town = await townSlug(townId);
    return {
      list: {
        data: groupByClass(rows, (r) => r.className).map((g) => ({
          name: g.name,
          sublist: g.rows.map((r) => line(r, town)),
        })),
        num_pages: Math.ceil(rows[0].total / PRICE_LIST_PAGE_SIZE),
        current_page: page,
      },
      categories,
    };
  }

  return {
    /** The price list call: a 404 when nothing matches, the page is past the end or the clinic is unknown. */
    async page(filter: PriceListFilter, page: number): Promise<PriceListPage> {
      const found = await pageOf(filter, page);
      if ('missing' in found) throw notFound(found.missing);
      return found.list;
    },

    /**
     * What the clinic page renders before any search: the unfiltered page from ?page= (page 1
     * when that page does not exist) and the category suggestions; null for a clinic without
     * a price list.
     */
    async firstRender(clinicId: number, page: number): Promise<PriceListFirstRender | null> {
      const unfiltered = { clinicId, onlineOnly: false };
      const asked = await pageOf(unfiltered, page, true);
      const found = 'list' in asked || page === 1 ? asked : await pageOf(unfiltered, 1, true);
      // No line on page 1: the clinic has no price list.
      return 'list' in found ? { list: found.list, categories: found.categories ?? [] } : null;
    },
  };
}
