import {
  groupByClass,
  PRICE_LIST_NOT_FOUND,
  PRICE_LIST_PAGE_SIZE,
  type PriceListService as PriceListLine,
  type PriceListResponse,
} from '../../../core/clinic/price-list';
import type { Db } from '../../db/client';
import type { TownService } from '../towns/service';
import { createPriceListRepo, type PriceListFilter, type PriceListRow } from './price-list-repo';

/** Directory section of each service class kind: /{town}/uslugi/, /diagnostika/, /analizy/. */
const SECTION = { service: 'uslugi', diagnostics: 'diagnostika', analysis: 'analizy' } as const;

export type PriceListLookup =
  | { ok: true; list: PriceListResponse }
  | { ok: false; status: 404; detail: string };

export type ClinicPriceListService = ReturnType<typeof createClinicPriceListService>;

export function createClinicPriceListService({ db, towns }: { db: Db; towns: TownService }) {
  const repo = createPriceListRepo(db);

  async function townSlug(townId: number): Promise<string> {
    const town = (await towns.list()).find((t) => t.id === townId);
    if (!town) throw new Error(`clinic town ${townId} is missing`);
    return town.slug;
  }

  function line(r: PriceListRow, town: string, clubEnabled: boolean): PriceListLine {
    return {
      id: r.id,
      name: r.name,
      duration: r.durationMinutes,
      synonym_id: r.synonymId,
      // Spec section 5: a club price shows only when the clinic's club is on.
      prices: { full: r.priceFull, club: clubEnabled ? r.priceClub : null },
      requires_primary_consultation: r.requiresPrimaryConsultation,
      appointment_on: r.appointmentOn,
      has_intervals: r.hasIntervals,
      is_available_appointment_direct: r.isAvailableAppointmentDirect,
      url: `/${town}/${SECTION[r.classKind]}/${r.synonymTranslit}/`,
      speciality:
        r.specialityName && r.specialityTranslit
          ? { name: r.specialityName, url: `/${town}/vrach/${r.specialityTranslit}/` }
          : null,
    };
  }

  /**
   * One page of a clinic's price list (spec 'Service list response'). A filter that matches
   * nothing is a 404 'Такой услуги нет в клинике'; a page past the end is a 404 too.
   * `withCategories` brings the clinic's categories along (the first render's suggestions).
   */
  async function pageOf(
    filter: PriceListFilter,
    page: number,
    withCategories = false,
  ): Promise<PriceListLookup & { categories?: string[] }> {
    const rows = await repo.page(
      filter,
      PRICE_LIST_PAGE_SIZE,
      (page - 1) * PRICE_LIST_PAGE_SIZE,
      withCategories,
    );
    if (rows.length === 0) {
      if (!(await repo.clinic(filter.clinicId)))
        return { ok: false, status: 404, detail: 'Клиника не найдена' };
      const beyondEnd = page > 1 && (await repo.count(filter)) > 0;
      return { ok: false, status: 404, detail: beyondEnd ? 'Страница не найдена' : PRICE_LIST_NOT_FOUND };
    }
    const { townId, clubEnabled, categories } = rows[0];
    const town = await townSlug(townId);
    return {
      ok: true,
      list: {
        data: groupByClass(rows, (r) => r.className).map((g) => ({
          name: g.name,
          sublist: g.rows.map((r) => line(r, town, clubEnabled)),
        })),
        num_pages: Math.ceil(rows[0].total / PRICE_LIST_PAGE_SIZE),
        current_page: page,
      },
      categories: categories ?? undefined,
    };
  }

  return {
    page: pageOf,

    /**
     * What the clinic page renders before any search: the unfiltered page from ?page= (page 1
     * when that page does not exist) and the category suggestions; null for a clinic without
     * a price list.
     */
    async firstRender(clinicId: number, page: number) {
      const unfiltered = { clinicId, onlineOnly: false };
      const asked = await pageOf(unfiltered, page, true);
      const found = asked.ok || page === 1 ? asked : await pageOf(unfiltered, 1, true);
      // No line on page 1: the clinic has no price list.
      return found.ok ? { list: found.list, categories: found.categories ?? [] } : null;
    },
  };
}
