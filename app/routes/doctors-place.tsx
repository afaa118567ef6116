import { TOWN_LIST_OPTIONS } from '../../core/directory/list-filters';
import { doctorsUrl, placeClinicsUrl, placeDoctorsUrl, placePhrase } from '../../core/directory/list-urls';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { loadDoctorList, requirePlace, requireSpeciality } from '../features/directory/list-loaders.server';
import { doctorListMeta, townListCrumbs } from '../features/directory/list-meta';
import { loadPromos } from '../features/promo/promos.server';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors-place';

/** Doctors working at a metro station (/{town}/metro/{slug}/vrach/) or in a district (/rayon/). */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const [place, speciality] = await Promise.all([
    requirePlace(context, url, town, params.place),
    requireSpeciality(context, params.speciality),
  ]);
  const list = await loadDoctorList(context, url, town, {
    place,
    specialityIds: speciality ? [speciality.id] : undefined,
  });
  return {
    town,
    origin: context.origin,
    promos: await loadPromos(context, { award: true, app: true }),
    place: { kind: place.kind, name: place.name, slug: place.slug },
    speciality,
    ...list,
  };
}

type Data = Route.ComponentProps['loaderData'];

/** The list's path, heading and trail, for its meta and its screen. */
const page = (d: Data) => {
  const path = placeDoctorsUrl(d.town.slug, d.place.kind, d.place.slug, d.speciality?.translit);
  return {
    path,
    heading: `${d.speciality ? d.speciality.namePlural : 'Врачи'} ${placePhrase(d.place.kind, d.place.name)} ${d.town.nameIn}`,
    crumbs: [
      ...townListCrumbs(d.town, d.speciality),
      { name: `${d.place.kind === 'metro' ? 'Метро' : 'Район'} ${d.place.name}`, path },
    ],
  };
};

export const meta: Route.MetaFunction = ({ loaderData: d }) => (d ? doctorListMeta(d, page(d)) : []);

export default function DoctorsAtPlace({ loaderData: d }: Route.ComponentProps) {
  return (
    <DoctorListScreen
      {...page(d)}
      list={d}
      options={TOWN_LIST_OPTIONS}
      tz={d.town.tz}
      intro={
        <p className="mt-2 text-sm">
          <a
            href={placeClinicsUrl(d.town.slug, d.place.kind, d.place.slug)}
            className="text-brand hover:underline"
          >
            Клиники {placePhrase(d.place.kind, d.place.name)}
          </a>
        </p>
      }
      empty={{
        title: 'Совпадений не найдено',
        text: `Здесь пока нет таких врачей. Попробуйте убрать фильтры или посмотрите всех врачей ${d.town.nameGen}.`,
        link: {
          href: doctorsUrl(d.town.slug, d.speciality?.translit),
          label: `Все врачи ${d.town.nameGen}`,
        },
      }}
    />
  );
}
