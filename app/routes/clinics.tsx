import { pageTags } from '../../core/cache/page-tags';
import { placeClinicsUrl, SERVICE_SECTIONS, servicesUrl, topUrl } from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClinicList } from '../features/directory/clinic-list';
import { LinkSection } from '../features/directory/link-section';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get('page'));
  // The first page leads on to the top lists, the clinics by place and the service directories.
  const [list, tops, places] = await Promise.all([
    context.services.directory.clinicList(town, { page }),
    page === 1 ? context.services.lists.townTops(town) : Promise.resolve([]),
    page === 1 ? context.services.lists.townPlaces(town) : Promise.resolve({ metro: [], districts: [] }),
  ]);
  if (page > list.numPages) throw notFound();
  const placeLink = (p: { name: string; slug: string }) => ({ name: p.name, slug: p.slug });
  return cacheable(
    {
      town,
      origin: originOf(request),
      page,
      search: url.search,
      tops: tops.map((t) => ({ slug: t.filter.slug, title: t.filter.title, count: t.count })),
      metro: places.metro.map(placeLink),
      districts: places.districts.map(placeLink),
      ...list,
    },
    [pageTags.townLists(town.id), ...list.clinics.map((c) => pageTags.clinic(c.id))],
  );
}

export const headers = cacheTagHeaders;

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
        {d.page === 1 && (
          <nav aria-label="Разделы" className="mt-3 flex flex-wrap gap-2 text-sm">
            {SERVICE_SECTIONS.map((s) => (
              <a
                key={s.segment}
                href={servicesUrl(d.town.slug, s.segment)}
                className="rounded-full border border-line bg-surface px-3 py-1 hover:border-brand hover:text-brand"
              >
                {s.short}
              </a>
            ))}
          </nav>
        )}
        <ClinicList
          items={d.clinics.map((clinic) => ({ clinic }))}
          tz={d.town.tz}
          page={d.page}
          numPages={d.numPages}
          search={d.search}
          empty="В этом городе пока нет клиник."
        />
        <LinkSection
          id="tops-h"
          title="Рейтинги клиник"
          moreLabel="Все рейтинги"
          links={d.tops.map((t) => ({
            href: topUrl(d.town.slug, t.slug),
            label: `Лучшие ${t.title.toLowerCase()}`,
          }))}
        />
        <LinkSection
          id="metro-h"
          title="Метро"
          moreLabel="Все станции"
          links={d.metro.map((p) => ({ href: placeClinicsUrl(d.town.slug, 'metro', p.slug), label: p.name }))}
        />
        <LinkSection
          id="districts-h"
          title="Районы"
          moreLabel="Все районы"
          links={d.districts.map((p) => ({
            href: placeClinicsUrl(d.town.slug, 'rayon', p.slug),
            label: p.name,
          }))}
        />
      </main>
      <SiteFooter />
    </>
  );
}
