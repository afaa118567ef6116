/**
 * The clinic price list (spec 'Clinic services price list', section 4 'Price list'): the shape
 * of its call and the rules the widget follows, shared by the server and the browser.
 */

/** The price list call (spec section 7: GET {apiUrl}?{query}), passed to the widget by the page. */
export const PRICE_LIST_API_URL = '/ajax/lpu/services/';

/** Services per page of the price list call. */
export const PRICE_LIST_PAGE_SIZE = 20;

/** Debounce of the search box before a request (spec: search combobox debounce 300 ms). */
export const PRICE_SEARCH_DEBOUNCE_MS = 300;

export const PRICE_LIST_NOT_FOUND = 'Такой услуги нет в клинике';

export interface PriceListService {
  id: number;
  name: string;
  /** Minutes. */
  duration: number;
  synonym_id: number;
  /** Whole roubles; club is null when the clinic is not in the club or has no club price. */
  prices: { full: number; club: number | null };
  requires_primary_consultation: boolean;
  appointment_on: boolean;
  has_intervals: boolean;
  is_available_appointment_direct: boolean;
  /** The service's directory page (opened in a new tab). */
  url: string;
  /** The speciality a consultation line belongs to, with its doctor list (same tab). */
  speciality: { name: string; url: string } | null;
}

/**
 * Spec section 5: the booking button shows only when appointment_on, has_intervals and
 * is_available_appointment_direct are all true.
 */
export function isBookableLine(
  s: Pick<PriceListService, 'appointment_on' | 'has_intervals' | 'is_available_appointment_direct'>,
): boolean {
  return s.appointment_on && s.has_intervals && s.is_available_appointment_direct;
}

/** Spec 'Service group': a service class with its lines on this page. */
export interface PriceListGroup {
  name: string;
  sublist: PriceListService[];
}

/** Spec 'Service list response'. */
export interface PriceListResponse {
  data: PriceListGroup[];
  num_pages: number;
  current_page: number;
}

/** What the widget asks for: free text or a category from the suggestions, never both. */
export interface PriceListRequest {
  clinicId: number;
  page: number;
  search: { kind: 'text' | 'category'; value: string } | null;
  onlineOnly: boolean;
}

/** The call's query string: lpu_id, page, search_query | service_category_name, is_available_appointment_direct. */
export function priceListQuery(r: PriceListRequest): string {
  const params = new URLSearchParams({ lpu_id: String(r.clinicId), page: String(r.page) });
  const value = r.search?.value.trim();
  if (r.search && value) {
    params.set(r.search.kind === 'category' ? 'service_category_name' : 'search_query', value);
  }
  // Sent only when the online switch is on (spec section 7).
  if (r.onlineOnly) params.set('is_available_appointment_direct', 'true');
  return params.toString();
}

/**
 * Spec: 'Показать все услуги' shows only when the online switch is on and the user is on the
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

/** Groups rows already in price-list order (class, then line) into spec service groups. */
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
