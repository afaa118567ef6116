import { doctorsUrl } from '../../core/directory/list-urls';
import type { SearchGroup } from '../../core/search/contracts';
import { normaliseSearchQuery, SEARCH_MAX_LENGTH, searchHint, searchPageUrl } from '../../core/search/query';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { DoctorCard } from '../features/directory/doctor-card';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { SearchAdviceLine } from '../features/search/search-advice';
import { breadcrumbLd, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/search';

/** The full results of the header search (Enter in its field, or its form without scripts). */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const raw = url.searchParams.get('q') ?? '';
  const query = normaliseSearchQuery(raw).slice(0, SEARCH_MAX_LENGTH);
  const hint = searchHint(query);
  const results = hint ? null : await context.services.search.results(town, query);
  return { town, origin: context.origin, query, hint, results };
}

type Data = Route.ComponentProps['loaderData'];

const crumbs = (d: Data) => [
  { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(d.town.slug) },
  { name: 'Поиск', path: searchPageUrl(d.town.slug, d.query) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const what = d.query ? `Поиск «${d.query}»` : 'Поиск';
  return [
    ...pageMeta({
      title: `${what} ${d.town.nameIn} — врачи, клиники, услуги`,
      description: `${what} ${d.town.nameIn}: врачи, клиники, специальности, услуги и лечение с отзывами пациентов и ценами.`,
      canonical: `${d.origin}${searchPageUrl(d.town.slug, d.query)}`,
      jsonLd: breadcrumbLd(d.origin, crumbs(d)),
    }),
    // Result pages are endless variations of the directory's own pages: followed, not indexed.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const groups = d.results?.groups ?? [];
  return (
    <>
      <Breadcrumbs items={crumbs(d)} />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">
        {d.query ? `Результаты поиска «${d.query}»` : 'Поиск'}
      </h1>
      {d.results?.advice && (
        <div className="mt-4">
          <SearchAdviceLine advice={d.results.advice} />
        </div>
      )}
      {d.hint ? (
        <p className="card mt-6 p-8 text-center text-ink-soft">{d.hint}</p>
      ) : groups.length === 0 ? (
        <div className="card mt-6 p-8 text-center">
          <p className="text-lg font-semibold">Ничего не найдено</p>
          <p className="mt-1 text-ink-soft">Проверьте написание или поищите среди всех врачей города.</p>
          <a href={doctorsUrl(d.town.slug)} className="mt-4 inline-block text-brand hover:underline">
            Все врачи {d.town.nameGen}
          </a>
        </div>
      ) : (
        groups.map((g) =>
          g.kind === 'doctor' && d.results ? (
            <section key={g.kind} aria-labelledby="found-doctor" className="mt-8">
              <h2 id="found-doctor" className="text-xl font-semibold">
                {g.title}
              </h2>
              <ul className="mt-3 flex flex-col gap-4">
                {d.results.doctors.map((doctor) => (
                  <li key={doctor.id}>
                    <DoctorCard
                      doctor={doctor}
                      favourite={<FavouriteButton type="doctors" id={doctor.id} />}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <LinkGroup key={g.kind} group={g} />
          ),
        )
      )}
    </>
  );
}

function LinkGroup({ group }: { group: SearchGroup }) {
  const headingId = `found-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold">
        {group.title}
      </h2>
      <ul className="card mt-3 grid grid-cols-1 gap-x-4 p-2 sm:grid-cols-2 sm:p-3">
        {group.items.map((item) => (
          <li key={item.url}>
            <a href={item.url} className="block rounded-md px-3 py-2 hover:bg-brand-soft">
              <span className="block font-medium text-brand">{item.name}</span>
              {item.subtitle && <span className="block text-sm text-muted">{item.subtitle}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
