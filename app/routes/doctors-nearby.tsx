import type { NearbyDoctorCard } from '../../core/directory/contracts';
import {
  NEARBY_LIST_OPTIONS,
  NEARBY_RADIUS_KM,
  parseDoctorListParams,
} from '../../core/directory/list-filters';
import { doctorsUrl, nearbyDoctorsUrl, placeDoctorsUrl } from '../../core/directory/list-urls';
import { formatDistance, parsePoint } from '../../core/geo/distance';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { requireSpeciality, townPlaceLinks } from '../features/directory/list-loaders.server';
import { doctorListMeta } from '../features/directory/list-meta';
import { LocateButton } from '../features/directory/locate-button';
import { NearbyPrompt } from '../features/directory/nearby-prompt';
import { breadcrumbLd, notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors-nearby';

/**
 * Doctors nearest to the visitor: /{town}/ryadom/vrach/[{speciality}/]?lat=&lon=. Without a
 * point the page asks the browser for one and offers the town's metro stations and districts.
 */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const speciality = await requireSpeciality(context, params.speciality);
  const point = parsePoint(url.searchParams);
  const { filters, page, sort, free } = parseDoctorListParams(url.searchParams, NEARBY_LIST_OPTIONS);
  const [list, places] = await Promise.all([
    point
      ? context.services.lists.nearbyDoctors(town, point, {
          specialityId: speciality?.id,
          filters,
          page,
          sort,
          free,
        })
      : null,
    townPlaceLinks(context, town, !point),
  ]);
  if (list && page > list.numPages) throw notFound();
  const doctors: NearbyDoctorCard[] = list?.items ?? [];
  return {
    town,
    origin: context.origin,
    speciality,
    point,
    sort,
    filters,
    free,
    page,
    total: list?.total ?? 0,
    numPages: list?.numPages ?? 1,
    doctors,
    search: url.search,
    ...places,
  };
}

type Data = Route.ComponentProps['loaderData'];

const path = (d: Data) => nearbyDoctorsUrl(d.town.slug, d.speciality?.translit);

const heading = (d: Data) =>
  `${d.speciality ? d.speciality.namePlural : 'Врачи'} рядом со мной ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(d.town.slug) },
  ...(d.speciality
    ? [{ name: d.speciality.namePlural, path: doctorsUrl(d.town.slug, d.speciality.translit) }]
    : []),
  { name: 'Рядом со мной', path: path(d) },
];

// A list for one visitor's coordinates is not a page for search engines; the bare page is.
export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  if (!d.point) {
    return pageMeta({
      title: `${heading(d)} — ближайшие к вам клиники`,
      description: `${heading(d)}: врачи, которые принимают ближе всего к вам, с рейтингом, отзывами и ценами.`,
      canonical: `${d.origin}${path(d)}`,
      jsonLd: breadcrumbLd(d.origin, crumbs(d)),
    });
  }
  return doctorListMeta(d, { path: path(d), heading: heading(d), crumbs: crumbs(d), noindex: true });
};

export default function DoctorsNearby({ loaderData: d }: Route.ComponentProps) {
  const spec = d.speciality?.translit;
  return (
    <>
      {d.point ? (
        <DoctorListScreen
          crumbs={crumbs(d)}
          heading={heading(d)}
          list={d}
          path={path(d)}
          options={NEARBY_LIST_OPTIONS}
          keep={{ lat: String(d.point.lat), lon: String(d.point.lon) }}
          tz={d.town.tz}
          intro={<LocateButton quiet path={path(d)} label="Обновить местоположение" />}
          note={(doctor) => (
            <p className="mt-1 text-muted">Ближайшая клиника в {formatDistance(doctor.distanceKm)}</p>
          )}
          empty={{
            title: 'Рядом никого не нашлось',
            text: `В ${NEARBY_RADIUS_KM} км от этой точки нет подходящих врачей. Уберите фильтры или посмотрите всех врачей города.`,
            link: { href: doctorsUrl(d.town.slug, spec), label: `Все врачи ${d.town.nameGen}` },
          }}
        />
      ) : (
        <NearbyPrompt
          heading={heading(d)}
          path={path(d)}
          metro={d.metro}
          districts={d.districts}
          placeHref={(kind, slug) => placeDoctorsUrl(d.town.slug, kind, slug, spec)}
        />
      )}
    </>
  );
}
