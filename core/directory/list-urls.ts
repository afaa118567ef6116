/**
 * URLs of the directory's list pages (the scheme is summarised in app/routes.ts).
 * Every path ends with a slash, as all the site's pages do.
 */

/** A place a list can be narrowed to: a metro station or a district ('rayon') of the town. */
export const PLACE_KINDS = ['metro', 'rayon'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export function isPlaceKind(segment: string | undefined): segment is PlaceKind {
  return PLACE_KINDS.some((k) => k === segment);
}

/** 'у метро Тверская', 'в районе Хамовники': how a heading names the place. */
export function placePhrase(kind: PlaceKind, name: string): string {
  return kind === 'metro' ? `у метро ${name}` : `в районе ${name}`;
}

/** '/moskva/vrach/', '/moskva/vrach/terapevt/'. */
export function doctorsUrl(town: string, speciality?: string): string {
  return `/${town}/vrach/${speciality ? `${speciality}/` : ''}`;
}

/** '/moskva/metro/tverskaya/vrach/', '/moskva/rayon/arbat/vrach/terapevt/'. */
export function placeDoctorsUrl(town: string, kind: PlaceKind, place: string, speciality?: string): string {
  return `/${town}/${kind}/${place}/vrach/${speciality ? `${speciality}/` : ''}`;
}

/** Doctors nearest to a point: '/moskva/ryadom/vrach/?lat=55.75&lon=37.61'. */
export function nearbyDoctorsUrl(
  town: string,
  speciality?: string,
  point?: { lat: number; lon: number },
): string {
  const path = `/${town}/ryadom/vrach/${speciality ? `${speciality}/` : ''}`;
  return point ? `${path}?lat=${point.lat}&lon=${point.lon}` : path;
}

export function treatmentUrl(town: string, treatment: string): string {
  return `/${town}/lechenie/${treatment}/`;
}

/** The online consultation list covers every town: '/online/vrach/', '/online/vrach/terapevt/'. */
export function onlineDoctorsUrl(speciality?: string): string {
  return `/online/vrach/${speciality ? `${speciality}/` : ''}`;
}

/** A town's own home: '/moskva/' (search, specialities, the nearest free times, top clinics). */
export function townUrl(town: string): string {
  return `/${town}/`;
}

/**
 * A town's catalog of narrower lists, every link a list page shows only the first of:
 * '/moskva/katalog/' (specialities, places, top lists), '/moskva/katalog/lor/' (a speciality's
 * treatments and places).
 */
export function catalogUrl(town: string, speciality?: string): string {
  return `/${town}/katalog/${speciality ? `${speciality}/` : ''}`;
}

/** The catalog's sections, by the id of each heading: the list pages link to `#{id}`. */
export const CATALOG_SECTIONS = {
  specialities: 'specs-h',
  treatments: 'treatments-h',
  metro: 'metro-h',
  districts: 'districts-h',
  tops: 'tops-h',
  clinicsMetro: 'lpu-metro-h',
  clinicsDistricts: 'lpu-districts-h',
} as const;
export type CatalogSection = keyof typeof CATALOG_SECTIONS;

/** '/moskva/katalog/lor/#metro-h': one section of the catalog. */
export function catalogSectionUrl(town: string, section: CatalogSection, speciality?: string): string {
  return `${catalogUrl(town, speciality)}#${CATALOG_SECTIONS[section]}`;
}

export function clinicsUrl(town: string): string {
  return `/${town}/lpu/`;
}

export function placeClinicsUrl(town: string, kind: PlaceKind, place: string): string {
  return `/${town}/${kind}/${place}/lpu/`;
}

/**
 * Top lists: the best-rated clinics of one kind (clinics.kind). The URL names the kind in
 * Russian ('/moskva/top/stomatologii/'); `title` is the plural heading word.
 */
export const TOP_FILTERS = [
  { slug: 'kliniki', kind: 'clinic', title: 'Клиники', titleGen: 'клиник' },
  { slug: 'stomatologii', kind: 'dentistry', title: 'Стоматологии', titleGen: 'стоматологий' },
  {
    slug: 'diagnosticheskie-centry',
    kind: 'diagnostics',
    title: 'Диагностические центры',
    titleGen: 'диагностических центров',
  },
  { slug: 'laboratorii', kind: 'lab', title: 'Лаборатории', titleGen: 'лабораторий' },
  { slug: 'bolnicy', kind: 'hospital', title: 'Больницы', titleGen: 'больниц' },
  { slug: 'detskie-kliniki', kind: 'children', title: 'Детские клиники', titleGen: 'детских клиник' },
] as const;
export type TopFilter = (typeof TOP_FILTERS)[number];

export function topFilterBySlug(slug: string | undefined): TopFilter | null {
  return TOP_FILTERS.find((t) => t.slug === slug) ?? null;
}

export function topUrl(town: string, filter: string): string {
  return `/${town}/top/${filter}/`;
}

/** A top list shows this many clinics, each with at least TOP_MIN_REVIEWS reviews. */
export const TOP_SIZE = 20;
export const TOP_MIN_REVIEWS = 5;

/**
 * The three service directories of a town and the service_classes.kind each lists:
 * '/moskva/uslugi/' (index of classes and services), '/moskva/uslugi/{service translit}/'
 * (clinics offering it). A service lives under its own section only.
 */
export const SERVICE_SECTIONS = [
  { segment: 'uslugi', kind: 'service', title: 'Медицинские услуги', short: 'Услуги' },
  { segment: 'diagnostika', kind: 'diagnostics', title: 'Диагностика', short: 'Диагностика' },
  { segment: 'analizy', kind: 'analysis', title: 'Анализы', short: 'Анализы' },
] as const;
export type ServiceSection = (typeof SERVICE_SECTIONS)[number];
export type ServiceKind = ServiceSection['kind'];

export function sectionBySegment(segment: string | undefined): ServiceSection | null {
  return SERVICE_SECTIONS.find((s) => s.segment === segment) ?? null;
}

export function sectionByKind(kind: ServiceKind): ServiceSection {
  return SERVICE_SECTIONS.find((s) => s.kind === kind) ?? SERVICE_SECTIONS[0];
}

export function servicesUrl(town: string, section: ServiceSection['segment'], service?: string): string {
  return `/${town}/${section}/${service ? `${service}/` : ''}`;
}

/** Clinics offering a service are sorted by their lowest price (default) or by rating. */
export const SERVICE_SORTS = ['price', 'rating'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
export const SERVICE_SORT_LABELS: Record<ServiceSort, string> = {
  price: 'Сначала дешевле',
  rating: 'По рейтингу',
};

export function parseServiceSort(raw: string | null): ServiceSort {
  return SERVICE_SORTS.find((s) => s === raw) ?? 'price';
}

/** The second path segment names the section or place kind for routes sharing one module. */
export function pathSegment(pathname: string, index: number): string | undefined {
  return pathname.split('/').filter(Boolean)[index];
}
