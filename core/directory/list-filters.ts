import { parsePage } from './pagination';

/**
 * Doctor list filters and sort, kept in the query string so that a filtered list survives
 * reload and back and can be crawled:
 *   ?sort=rating|reviews|experience|price|nearest  (rating is the default and is never written)
 *   ?na_dom=1  ?online=1  ?deti=1  ?club=1  (home visit, telemedicine, children, club price)
 *   ?free=today|tomorrow|3days  (a free time today, by the end of tomorrow, within 3 days)
 *   ?page=N
 * Unknown or malformed values are ignored, never an error: a shared link keeps working.
 */

export const DOCTOR_SORTS = ['rating', 'reviews', 'experience', 'price', 'nearest'] as const;
export type DoctorSort = (typeof DOCTOR_SORTS)[number];
export const DEFAULT_SORT: DoctorSort = 'rating';

export const SORT_LABELS: Record<DoctorSort, string> = {
  rating: 'По рейтингу',
  reviews: 'По числу отзывов',
  experience: 'По стажу',
  price: 'Сначала дешевле',
  nearest: 'Ближайшая запись',
};

/**
 * The first-free-time filters (ADR 046): a doctor with a free time before the end of the
 * clinic's today, tomorrow, or the third day counting today, in the clinic's own zone.
 */
export const FREE_WINDOWS = ['today', 'tomorrow', '3days'] as const;
export type FreeWindow = (typeof FREE_WINDOWS)[number];
export const FREE_PARAM = 'free';
export const FREE_LABELS: Record<FreeWindow, string> = {
  today: 'Сегодня',
  tomorrow: 'Завтра',
  '3days': 'В ближайшие 3 дня',
};
/** How many of the clinic's days, today counting as the first, each window spans. */
export const FREE_WINDOW_DAYS: Record<FreeWindow, number> = { today: 1, tomorrow: 2, '3days': 3 };

export function parseFreeWindow(raw: string | null): FreeWindow | null {
  return FREE_WINDOWS.find((w) => w === raw) ?? null;
}

/** The visit types whose first free times are kept: the town lists' and the online list's. */
export const FIRST_FREE_VISIT_TYPES = ['clinic', 'telemed'] as const;
export type FirstFreeVisitType = (typeof FIRST_FREE_VISIT_TYPES)[number];

export const DOCTOR_FLAGS = ['homeVisit', 'online', 'children', 'club'] as const;
export type DoctorFlag = (typeof DOCTOR_FLAGS)[number];
export type DoctorFilters = Record<DoctorFlag, boolean>;

/** Query parameter of each filter (na_dom is also the clinic page's home-call filter name). */
export const FLAG_PARAMS: Record<DoctorFlag, string> = {
  homeVisit: 'na_dom',
  online: 'online',
  children: 'deti',
  club: 'club',
};

export const FLAG_LABELS: Record<DoctorFlag, string> = {
  homeVisit: 'На дому',
  online: 'Онлайн',
  children: 'Детский врач',
  club: 'Клубная цена',
};

/** Which sorts and filters a list offers: the online list has no home visits and no clinic price. */
export interface ListOptions {
  sorts: readonly DoctorSort[];
  flags: readonly DoctorFlag[];
  /** Whose first free times the sort 'nearest' and the free filters read. */
  visitType: FirstFreeVisitType;
  /** The default order's label when it is not the rating's (the nearby list: by distance). */
  defaultLabel?: string;
}

export const TOWN_LIST_OPTIONS: ListOptions = {
  sorts: DOCTOR_SORTS,
  flags: DOCTOR_FLAGS,
  visitType: 'clinic',
};
export const ONLINE_LIST_OPTIONS: ListOptions = {
  sorts: ['rating', 'reviews', 'experience', 'nearest'],
  flags: ['children', 'club'],
  visitType: 'telemed',
};

/** 'Nearby' means a workplace within this distance of the visitor's point. */
export const NEARBY_RADIUS_KM = 5;

/** The 'nearby' list is ordered by distance (the default) or by the first free time. */
export const NEARBY_LIST_OPTIONS: ListOptions = {
  sorts: [DEFAULT_SORT, 'nearest'],
  flags: DOCTOR_FLAGS,
  visitType: 'clinic',
  defaultLabel: 'Сначала ближайшие',
};

export interface DoctorListParams {
  sort: DoctorSort;
  filters: DoctorFilters;
  /** A free time within this window (null: any). */
  free: FreeWindow | null;
  page: number;
}

export const NO_FILTERS: DoctorFilters = { homeVisit: false, online: false, children: false, club: false };

/** A checkbox sends 'on' without a value attribute; links and our form send '1'. */
function isOn(raw: string | null): boolean {
  return raw === '1' || raw === 'true' || raw === 'on';
}

export function parseDoctorListParams(
  search: URLSearchParams,
  options: ListOptions = TOWN_LIST_OPTIONS,
): DoctorListParams {
  const rawSort = search.get('sort');
  const sort = options.sorts.find((s) => s === rawSort) ?? DEFAULT_SORT;
  const filters = { ...NO_FILTERS };
  for (const flag of options.flags) filters[flag] = isOn(search.get(FLAG_PARAMS[flag]));
  return {
    sort,
    filters,
    free: parseFreeWindow(search.get(FREE_PARAM)),
    page: parsePage(search.get('page')),
  };
}

export function hasFilters(filters: DoctorFilters): boolean {
  return DOCTOR_FLAGS.some((f) => filters[f]);
}

/**
 * The query string of a list view in one fixed order, defaults left out ('' for the plain
 * list), so every view has exactly one URL. `extra` carries other parameters to keep (?q=).
 */
export function doctorListSearch(
  p: { sort?: DoctorSort; filters?: DoctorFilters; free?: FreeWindow | null; page?: number },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  for (const flag of DOCTOR_FLAGS) if (p.filters?.[flag]) params.set(FLAG_PARAMS[flag], '1');
  if (p.free) params.set(FREE_PARAM, p.free);
  if (p.sort && p.sort !== DEFAULT_SORT) params.set('sort', p.sort);
  if (p.page && p.page > 1) params.set('page', String(p.page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** 'на дому, онлайн' for titles of filtered lists; '' without filters. */
export function filtersPhrase(filters: DoctorFilters): string {
  const words: Record<DoctorFlag, string> = {
    homeVisit: 'на дому',
    online: 'онлайн',
    children: 'детские',
    club: 'с клубной ценой',
  };
  return DOCTOR_FLAGS.filter((f) => filters[f])
    .map((f) => words[f])
    .join(', ');
}

/** A stable cache key of the filters ('h-o-' style), for list totals. */
export function filtersKey(filters: DoctorFilters): string {
  return DOCTOR_FLAGS.map((f) => (filters[f] ? '1' : '0')).join('');
}
