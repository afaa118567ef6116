import type { MetaDescriptor } from 'react-router';
import type { DoctorCard, DoctorListView } from '../../../core/directory/contracts';
import { doctorListSearch, filtersPhrase } from '../../../core/directory/list-filters';
import { doctorsUrl } from '../../../core/directory/list-urls';
import { plural, WORDS } from '../../../core/text/plural';
import type { Town } from '../../../core/towns/contracts';
import { breadcrumbLd, itemListLd, pageMeta } from '../../lib/seo';

type Crumbs = { name: string; path: string }[];

const PER_PAGE = 20;

/**
 * Title, description, canonical URL, Open Graph, ItemList and BreadcrumbList of a doctor
 * list page. Filtered views are pages of their own (the filters stay in the canonical URL);
 * the sort only reorders a view, so it is left out. Who is free today changes by the minute: a
 * view filtered by the first free time (?free=) is not indexed and names the view without it
 * as canonical.
 */
export function doctorListMeta(
  list: Pick<DoctorListView<DoctorCard>, 'filters' | 'page' | 'total' | 'doctors'> & {
    origin: string;
    free?: DoctorListView<DoctorCard>['free'];
  },
  page: {
    path: string;
    /** 'Терапевты у метро Тверская в Москве'. */
    heading: string;
    crumbs: Crumbs;
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const d = { ...list, ...page };
  const phrase = filtersPhrase(d.filters);
  const name = phrase ? `${d.heading} (${phrase})` : d.heading;
  const meta = pageMeta({
    title: `${name} — ${plural(d.total, WORDS.doctor)}, отзывы${pageSuffix(d.page)}`,
    description: `${name}: ${plural(d.total, WORDS.doctor)} с рейтингом, отзывами пациентов и ценами на приём. Запись онлайн.`,
    canonical: `${d.origin}${d.path}${doctorListSearch({ filters: d.filters, page: d.page })}`,
    jsonLd: [
      itemListLd(
        d.origin,
        name,
        d.total,
        (d.page - 1) * PER_PAGE,
        d.doctors.map((doc) => ({ url: doc.url })),
      ),
      breadcrumbLd(d.origin, d.crumbs),
    ],
  });
  return d.noindex || d.free ? [...meta, { name: 'robots', content: 'noindex, follow' }] : meta;
}

/** The same for a list of clinics (place lists, tops, clinics offering a service). */
export function clinicListMeta(
  list: { origin: string; page: number; total: number; clinics: { url: string; name: string }[] },
  page: { path: string; heading: string; title: string; description: string; crumbs: Crumbs },
): MetaDescriptor[] {
  const { origin, total, clinics } = list;
  return pageMeta({
    title: page.title,
    description: page.description,
    canonical: `${origin}${page.path}${list.page > 1 ? `?page=${list.page}` : ''}`,
    jsonLd: [
      itemListLd(origin, page.heading, total, (list.page - 1) * PER_PAGE, clinics),
      breadcrumbLd(origin, page.crumbs),
    ],
  });
}

/** ' — страница 2' after a title past the first page. */
export const pageSuffix = (page: number) => (page > 1 ? ` — страница ${page}` : '');

/** 'Врачи Москвы' / 'Терапевты': the trail of a town or speciality list. */
export function townListCrumbs(
  town: Pick<Town, 'slug' | 'nameGen'>,
  speciality: { namePlural: string; translit: string } | null,
) {
  return [
    { name: `Врачи ${town.nameGen}`, path: doctorsUrl(town.slug) },
    ...(speciality
      ? [{ name: speciality.namePlural, path: doctorsUrl(town.slug, speciality.translit) }]
      : []),
  ];
}
