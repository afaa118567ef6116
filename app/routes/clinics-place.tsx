import {
  clinicsUrl,
  isPlaceKind,
  pathSegment,
  placeClinicsUrl,
  placeDoctorsUrl,
  placePhrase,
} from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ClinicList } from '../features/directory/clinic-list';
import { clinicListMeta } from '../lib/list-meta';
import { notFound } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics-place';

/** Clinics at a metro station (/{town}/metro/{slug}/lpu/) or in a district (/rayon/). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const url = new URL(request.url);
  const kind = pathSegment(url.pathname, 1);
  if (!isPlaceKind(kind)) throw notFound();
  const place = await context.services.lists.place(town, kind, params.place);
  if (!place) throw notFound();
  const page = parsePage(url.searchParams.get('page'));
  const list = await context.services.lists.clinicsAt(town, place, page);
  if (page > list.numPages) throw notFound();
  return {
    town,
    origin: originOf(request),
    place: { kind, name: place.name, slug: place.slug },
    page,
    search: url.search,
    total: list.total,
    numPages: list.numPages,
    clinics: list.items,
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) => `Клиники ${placePhrase(d.place.kind, d.place.name)} ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  { name: `Клиники ${d.town.nameGen}`, path: clinicsUrl(d.town.slug) },
  {
    name: `${d.place.kind === 'metro' ? 'Метро' : 'Район'} ${d.place.name}`,
    path: placeClinicsUrl(d.town.slug, d.place.kind, d.place.slug),
  },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? clinicListMeta({
        origin: d.origin,
        canonicalPath: placeClinicsUrl(d.town.slug, d.place.kind, d.place.slug),
        title: `${heading(d)} — ${plural(d.total, WORDS.clinic)}, отзывы и цены${d.page > 1 ? ` — страница ${d.page}` : ''}`,
        description: `${heading(d)}: рейтинг, отзывы пациентов, адреса, часы работы и цены.`,
        listName: heading(d),
        page: d.page,
        total: d.total,
        clinics: d.clinics,
        crumbs: crumbs(d),
      })
    : [];

export default function ClinicsAtPlace({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Breadcrumbs items={crumbs(d)} />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{heading(d)}</h1>
        <p className="mt-1 text-ink-soft">
          {plural(d.total, WORDS.clinic)}
          {d.page > 1 && `, страница ${d.page} из ${d.numPages}`}
        </p>
        <p className="mt-2 text-sm">
          <a
            href={placeDoctorsUrl(d.town.slug, d.place.kind, d.place.slug)}
            className="text-brand hover:underline"
          >
            Врачи {placePhrase(d.place.kind, d.place.name)}
          </a>
        </p>
        <ClinicList
          items={d.clinics.map((clinic) => ({ clinic }))}
          tz={d.town.tz}
          page={d.page}
          numPages={d.numPages}
          search={d.search}
          empty={
            <>
              <p className="text-lg font-semibold text-ink">Здесь пока нет клиник</p>
              <a href={clinicsUrl(d.town.slug)} className="mt-4 inline-block text-brand hover:underline">
                Все клиники {d.town.nameGen}
              </a>
            </>
          }
        />
      </main>
      <SiteFooter />
    </>
  );
}
