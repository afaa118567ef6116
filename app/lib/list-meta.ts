import type { MetaDescriptor } from 'react-router';
import { type DoctorFilters, doctorListSearch, filtersPhrase } from '../../core/directory/list-filters';
import { plural, WORDS } from '../../core/text/plural';
import { breadcrumbLd, itemListLd, pageMeta } from './seo';

const PER_PAGE = 20;

/**
 * Title, description, canonical URL, Open Graph, ItemList and BreadcrumbList of a doctor
 * list page. Filtered views are pages of their own (the filters stay in the canonical URL);
 * the sort only reorders a view, so it is left out.
 */
export function doctorListMeta(d: {
  origin: string;
  path: string;
  /** 'Терапевты у метро Тверская в Москве'. */
  heading: string;
  filters: DoctorFilters;
  page: number;
  total: number;
  doctors: { url: string; fullName: string }[];
  crumbs: { name: string; path: string }[];
  noindex?: boolean;
}): MetaDescriptor[] {
  const phrase = filtersPhrase(d.filters);
  const name = phrase ? `${d.heading} (${phrase})` : d.heading;
  const pageSuffix = d.page > 1 ? ` — страница ${d.page}` : '';
  const meta = pageMeta({
    title: `${name} — ${plural(d.total, WORDS.doctor)}, отзывы${pageSuffix}`,
    description: `${name}: ${plural(d.total, WORDS.doctor)} с рейтингом, отзывами пациентов и ценами на приём. Запись онлайн.`,
    canonical: `${d.origin}${d.path}${doctorListSearch({ filters: d.filters, page: d.page })}`,
    jsonLd: [
      itemListLd(
        d.origin,
        name,
        d.total,
        (d.page - 1) * PER_PAGE,
        d.doctors.map((doc) => ({ url: doc.url, name: doc.fullName })),
      ),
      breadcrumbLd(d.origin, d.crumbs),
    ],
  });
  return d.noindex ? [...meta, { name: 'robots', content: 'noindex, follow' }] : meta;
}

/** The same for a list of clinics (place lists, tops, clinics offering a service). */
export function clinicListMeta(d: {
  origin: string;
  canonicalPath: string;
  title: string;
  description: string;
  listName: string;
  page: number;
  total: number;
  clinics: { url: string; name: string }[];
  crumbs: { name: string; path: string }[];
}): MetaDescriptor[] {
  return pageMeta({
    title: d.title,
    description: d.description,
    canonical: `${d.origin}${d.canonicalPath}${d.page > 1 ? `?page=${d.page}` : ''}`,
    jsonLd: [
      itemListLd(d.origin, d.listName, d.total, (d.page - 1) * PER_PAGE, d.clinics),
      breadcrumbLd(d.origin, d.crumbs),
    ],
  });
}
