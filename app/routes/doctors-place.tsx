import { TOWN_LIST_OPTIONS } from '../../core/directory/list-filters';
import {
  doctorsUrl,
  isPlaceKind,
  pathSegment,
  placeClinicsUrl,
  placeDoctorsUrl,
  placePhrase,
} from '../../core/directory/list-urls';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { DoctorFilters } from '../features/directory/doctor-filters';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { loadDoctorList, requireSpeciality } from '../lib/doctor-list.server';
import { doctorListMeta } from '../lib/list-meta';
import { notFound } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors-place';

/** Doctors working at a metro station (/{town}/metro/{slug}/vrach/) or in a district (/rayon/). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const kind = pathSegment(new URL(request.url).pathname, 1);
  if (!isPlaceKind(kind)) throw notFound();
  const [place, speciality] = await Promise.all([
    context.services.lists.place(town, kind, params.place),
    requireSpeciality(context, params.speciality),
  ]);
  if (!place) throw notFound();
  const list = await loadDoctorList(context, request, town, {
    place,
    specialityIds: speciality ? [speciality.id] : undefined,
  });
  return {
    town,
    origin: originOf(request),
    place: { kind, name: place.name, slug: place.slug },
    speciality,
    ...list,
  };
}

type Data = Route.ComponentProps['loaderData'];

function heading(d: Data): string {
  return `${d.speciality ? d.speciality.namePlural : 'Врачи'} ${placePhrase(d.place.kind, d.place.name)} ${d.town.nameIn}`;
}

function crumbs(d: Data) {
  const town = d.town.slug;
  const spec = d.speciality?.translit;
  return [
    { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(town) },
    ...(d.speciality ? [{ name: d.speciality.namePlural, path: doctorsUrl(town, spec) }] : []),
    {
      name: `${d.place.kind === 'metro' ? 'Метро' : 'Район'} ${d.place.name}`,
      path: placeDoctorsUrl(town, d.place.kind, d.place.slug, spec),
    },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? doctorListMeta({
        origin: d.origin,
        path: placeDoctorsUrl(d.town.slug, d.place.kind, d.place.slug, d.speciality?.translit),
        heading: heading(d),
        filters: d.filters,
        page: d.page,
        total: d.total,
        doctors: d.doctors,
        crumbs: crumbs(d),
      })
    : [];

export default function DoctorsAtPlace({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <DoctorListScreen
          crumbs={crumbs(d)}
          heading={heading(d)}
          total={d.total}
          page={d.page}
          numPages={d.numPages}
          intro={
            <p className="mt-2 text-sm">
              <a
                href={placeClinicsUrl(town, d.place.kind, d.place.slug)}
                className="text-brand hover:underline"
              >
                Клиники {placePhrase(d.place.kind, d.place.name)}
              </a>
            </p>
          }
          filters={
            <DoctorFilters
              path={placeDoctorsUrl(town, d.place.kind, d.place.slug, d.speciality?.translit)}
              options={TOWN_LIST_OPTIONS}
              sort={d.sort}
              filters={d.filters}
            />
          }
          list={{
            doctors: d.doctors,
            page: d.page,
            numPages: d.numPages,
            search: d.search,
            tz: d.town.tz,
            empty: {
              title: 'Совпадений не найдено',
              text: `Здесь пока нет таких врачей. Попробуйте убрать фильтры или посмотрите всех врачей ${d.town.nameGen}.`,
              link: { href: doctorsUrl(town, d.speciality?.translit), label: `Все врачи ${d.town.nameGen}` },
            },
          }}
        />
      </main>
      <SiteFooter />
    </>
  );
}
