import { Link, redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { clinicsUrl } from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { clinicDoctorsUrl } from '../../core/directory/urls';
import { plural, WORDS } from '../../core/text/plural';
import { ClinicDoctorsList } from '../features/clinic/doctors-list';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/clinic-doctors';

export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const { clinicDoctors } = context.services;
  const clinic = await clinicDoctors.clinic(town, entity.id);
  if (!clinic) throw notFound();
  const pageUrl = clinicDoctorsUrl(clinic.url);
  if (clinic.slug !== entity.slug) throw redirect(pageUrl, 301);
  const page = parsePage(url.searchParams.get('page'));
  // The server renders the unfiltered list; filters live in the hash, which it never sees.
  const [list, options] = await Promise.all([
    clinicDoctors.pageIn(town, clinic.id, { naDom: false, page, showAll: false }),
    clinicDoctors.filterOptions(clinic.id),
  ]);
  if (!list) throw notFound();
  return cacheable({ town, clinic, pageUrl, list, options, origin: context.origin }, [
    pageTags.clinic(clinic.id),
    ...list.data.map((doc) => pageTags.doctor(doc.id)),
  ]);
}

export const headers = cacheTagHeaders;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const { clinic, list } = d;
  const page = list.current_page;
  return pageMeta({
    title: `Врачи клиники ${clinic.name} — ${plural(list.total, WORDS.doctor)}, ${d.town.name}${page > 1 ? ` — страница ${page}` : ''}`,
    description: `${clinic.name}, ${clinic.address}: ${plural(list.total, WORDS.doctor)} с рейтингом, отзывами пациентов и ценами на приём. Фильтры по специальности, стажу и полу.`,
    canonical: `${d.origin}${d.pageUrl}${page > 1 ? `?page=${page}` : ''}`,
    jsonLd: [
      itemListLd(
        d.origin,
        `Врачи клиники ${clinic.name}`,
        list.total,
        (page - 1) * 20,
        list.data.map((doc) => ({ url: doc.url })),
      ),
      breadcrumbLd(d.origin, [
        { name: `Клиники ${d.town.nameGen}`, path: clinicsUrl(d.town.slug) },
        { name: clinic.name, path: clinic.url },
        { name: 'Врачи', path: d.pageUrl },
      ]),
    ],
  });
};

export default function ClinicDoctors({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={clinicsUrl(d.town.slug)} className="hover:text-brand">
          Клиники {d.town.nameGen}
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={d.clinic.url} className="hover:text-brand">
          {d.clinic.name}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Врачи клиники</h1>
      <p className="mt-1 text-ink-soft">
        {d.clinic.name}, {d.clinic.address}
      </p>
      <div className="mt-5">
        <ClinicDoctorsList
          key={d.clinic.id}
          clinicId={d.clinic.id}
          initial={d.list}
          options={d.options}
          tz={d.town.tz}
        />
      </div>
    </>
  );
}
