import { clinicsUrl, placeClinicsUrl, placeDoctorsUrl, placePhrase } from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { plural, WORDS } from '../../core/text/plural';
import { ClinicListScreen } from '../features/directory/clinic-list';
import { requirePlace } from '../features/directory/list-loaders.server';
import { clinicListMeta, pageSuffix } from '../features/directory/list-meta';
import { loadPromos } from '../features/promo/promos.server';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics-place';

/** Clinics at a metro station (/{town}/metro/{slug}/lpu/) or in a district (/rayon/). */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const place = await requirePlace(context, url, town, params.place);
  const page = parsePage(url.searchParams.get('page'));
  const list = await context.services.lists.clinicsAt(town, place, page);
  if (page > list.numPages) throw notFound();
  return {
    town,
    origin: context.origin,
    promos: await loadPromos(context, { award: true, app: true }),
    place: { kind: place.kind, name: place.name, slug: place.slug },
    page,
    search: url.search,
    total: list.total,
    numPages: list.numPages,
    clinics: list.items,
  };
}

type Data = Route.ComponentProps['loaderData'];

const path = (d: Data) => placeClinicsUrl(d.town.slug, d.place.kind, d.place.slug);

const heading = (d: Data) => `Клиники ${placePhrase(d.place.kind, d.place.name)} ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  { name: `Клиники ${d.town.nameGen}`, path: clinicsUrl(d.town.slug) },
  { name: `${d.place.kind === 'metro' ? 'Метро' : 'Район'} ${d.place.name}`, path: path(d) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? clinicListMeta(d, {
        path: path(d),
        heading: heading(d),
        title: `${heading(d)} — ${plural(d.total, WORDS.clinic)}, отзывы и цены${pageSuffix(d.page)}`,
        description: `${heading(d)}: рейтинг, отзывы пациентов, адреса, часы работы и цены.`,
        crumbs: crumbs(d),
      })
    : [];

export default function ClinicsAtPlace({ loaderData: d }: Route.ComponentProps) {
  return (
    <ClinicListScreen
      crumbs={crumbs(d)}
      heading={heading(d)}
      total={d.total}
      intro={
        <p className="mt-2 text-sm">
          <a
            href={placeDoctorsUrl(d.town.slug, d.place.kind, d.place.slug)}
            className="text-brand hover:underline"
          >
            Врачи {placePhrase(d.place.kind, d.place.name)}
          </a>
        </p>
      }
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
  );
}
