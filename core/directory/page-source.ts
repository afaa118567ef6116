/**
 * Which kind of page a path is, as the booking links and the clinic's statistics name where a
 * visit came from (docs/product/directory.md, 'Page sources'). The treatment pages
 * (/{town}/lechenie/{slug}/) are the disease doctor lists: the site's disease information leads
 * there. A page that matches none of the kinds is 'without-source' (its main column carries that
 * class): the home page, the patient's and the cabinet's pages, the reviews and the legal texts.
 *
 *   /moskva/vrach/                    → doctors_list
 *   /moskva/metro/arbatskaya/vrach/   → doctors_list
 *   /moskva/lechenie/gastrit/         → disease_doctors_list
 *   /moskva/vrach/12-ivanov/          → doctor_page
 *   /moskva/lpu/7-klinika/vrachi/     → clinic_doctors
 *   /favourites, /moskva/vrach/12-ivanov/otzivi/ → null
 */

export const PAGE_SOURCES = [
  'doctors_list',
  'disease_doctors_list',
  'doctor_page',
  'clinics_list',
  'clinic_page',
  'clinic_doctors',
  'services_list',
] as const;
export type PageSource = (typeof PAGE_SOURCES)[number];

/** The class of a page that matches no source. */
export const WITHOUT_SOURCE = 'without-source';

const TOWN = '[a-z][a-z0-9-]*';
const SLUG = '[a-z0-9][a-z0-9-]*';
/** A doctor's or a clinic's '{id}-{slug}'. */
const ID_SLUG = `\\d+-${SLUG}`;
/** A place's prefix of a town's lists: a metro station, a district, or 'nearby'. */
const PLACE = `(?:/(?:metro|rayon)/${SLUG}|/ryadom)?`;

const RULES: [RegExp, PageSource][] = [
  [new RegExp(`^/${TOWN}/vrach/${ID_SLUG}/$`), 'doctor_page'],
  [new RegExp(`^/${TOWN}${PLACE}/vrach/(?:${SLUG}/)?$`), 'doctors_list'],
  [new RegExp(`^/online/vrach/(?:${SLUG}/)?$`), 'doctors_list'],
  [new RegExp(`^/${TOWN}/lechenie/${SLUG}/$`), 'disease_doctors_list'],
  [new RegExp(`^/${TOWN}/lpu/${ID_SLUG}/$`), 'clinic_page'],
  [new RegExp(`^/${TOWN}/lpu/${ID_SLUG}/vrachi/$`), 'clinic_doctors'],
  [new RegExp(`^/${TOWN}(?:/(?:metro|rayon)/${SLUG})?/lpu/$`), 'clinics_list'],
  [new RegExp(`^/${TOWN}/top/${SLUG}/$`), 'clinics_list'],
  [new RegExp(`^/${TOWN}/(?:uslugi|diagnostika|analizy)/${SLUG}/$`), 'services_list'],
];

/** The page's source by its path (the query does not matter), or null when it is none of them. */
export function pageSource(pathname: string): PageSource | null {
  for (const [pattern, source] of RULES) if (pattern.test(pathname)) return source;
  return null;
}
