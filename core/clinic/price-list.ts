/**
 * The clinic price list (docs/product/directory.md): the query of its call and the rules the
 * widget follows, shared by the server and the browser.
 */
import type { PriceListLine, PriceListQuery } from './contracts';

/** Services per page of the price list call. */
export const PRICE_LIST_PAGE_SIZE = 20;

/** Debounce of the search box before a request. */
export const PRICE_SEARCH_DEBOUNCE_MS = 300;

export const PRICE_LIST_NOT_FOUND = 'Такой услуги нет в клинике';

/**
 * The booking button shows only when appointment_on, has_intervals and
 * is_available_appointment_direct are all true.
 */
export function isBookableLine(
  s: Pick<PriceListLine, 'appointment_on' | 'has_intervals' | 'is_available_appointment_direct'>,
): boolean {
  return s.appointment_on && s.has_intervals && s.is_available_appointment_direct;
}

/** What the widget asks for: free text or a category from the suggestions, never both. */
export interface PriceListRequest {
  clinicId: number;
  page: number;
  search: { kind: 'text' | 'category'; value: string } | null;
  onlineOnly: boolean;
}

/** The call's query: lpu_id, page, search_query | service_category_name, is_available_appointment_direct. */
export function priceListQuery(r: PriceListRequest): PriceListQuery {
  const query: PriceListQuery = { lpu_id: r.clinicId, page: r.page };
  const value = r.search?.value.trim();
  if (r.search && value) {
    query[r.search.kind === 'category' ? 'service_category_name' : 'search_query'] = value;
  }
  // Sent only when the online switch is on.
  if (r.onlineOnly) query.is_available_appointment_direct = 'true';
  return query;
}

/**
 * 'Показать все услуги' shows only when the online switch is on and the user is on the
 * last page of the (filtered) list.
 */
export function showAllButtonVisible(s: { onlineOnly: boolean; page: number; numPages: number }): boolean {
  return s.onlineOnly && s.page >= s.numPages;
}

/** Lower-cased with ё as е, so 'Ёж' finds 'еж' the way a patient types it. */
export function foldCase(s: string): string {
  return s.toLowerCase().replaceAll('ё', 'е');
}

/** Categories whose name contains the typed text (all of them for an empty box), in list order. */
export function matchingCategories(categories: readonly string[], typed: string): string[] {
  const q = foldCase(typed.trim());
  return q ? categories.filter((c) => foldCase(c).includes(q)) : [...categories];
}

/** Groups rows already in price-list order (class, then line) into service groups. */
export function groupByClass<T>(
  rows: readonly T[],
  className: (row: T) => string,
): { name: string; rows: T[] }[] {
  const groups: { name: string; rows: T[] }[] = [];
  for (const row of rows) {
    const name = className(row);
    const last = groups.at(-1);
    if (last && last.name === name) last.rows.push(row);
    else groups.push({ name, rows: [row] });
  }
  return groups;
}
