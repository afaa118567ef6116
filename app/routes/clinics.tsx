import { parsePage } from '../../core/directory/pagination';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Pagination } from '../components/ui/pagination';
import { ClinicCard } from '../features/directory/clinic-card';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get('page'));
  const list = await context.services.directory.clinicList(town, { page });
  if (page > list.numPages) throw notFound();
  return { town, origin: originOf(request), page, search: url.search, ...list };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const pageSuffix = d.page > 1 ? ` — страница ${d.page}` : '';
  return pageMeta({
    title: `Клиники ${d.town.nameIn} — ${plural(d.total, WORDS.clinic)}, отзывы и цены${pageSuffix}`,
    description: `Медицинские центры и клиники ${d.town.nameIn}: рейтинг, отзывы пациентов, адреса, часы работы и цены.`,
    canonical: `${d.origin}/${d.town.slug}/lpu/${d.page > 1 ? `?page=${d.page}` : ''}`,
    jsonLd: [
      itemListLd(d.origin, `Клиники ${d.town.nameIn}`, d.total, (d.page - 1) * 20, d.clinics),
      breadcrumbLd(d.origin, [{ name: `Клиники ${d.town.nameGen}`, path: `/${d.town.slug}/lpu/` }]),
    ],
  });
};

export default function Clinics({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Клиники {d.town.nameIn}</h1>
        <p className="mt-1 text-ink-soft">
          {plural(d.total, WORDS.clinic)}
          {d.page > 1 && `, страница ${d.page} из ${d.numPages}`}
        </p>
        {d.clinics.length === 0 ? (
          <p className="card mt-6 p-8 text-center text-ink-soft">В этом городе пока нет клиник.</p>
        ) : (
          <ul className="mt-6 flex flex-col gap-4">
            {d.clinics.map((c) => (
              <li key={c.id}>
                <ClinicCard clinic={c} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={d.page} numPages={d.numPages} search={d.search} />
      </main>
      <SiteFooter />
    </>
  );
}
