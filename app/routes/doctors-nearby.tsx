import {
  NEARBY_LIST_OPTIONS,
  NEARBY_RADIUS_KM,
  parseDoctorListParams,
} from '../../core/directory/list-filters';
import { doctorsUrl, nearbyDoctorsUrl, placeDoctorsUrl } from '../../core/directory/list-urls';
import { formatDistance, parsePoint } from '../../core/geo/distance';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { DoctorFilters } from '../features/directory/doctor-filters';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { LinkSection } from '../features/directory/link-section';
import { LocateButton } from '../features/directory/locate-button';
import { requireSpeciality } from '../lib/doctor-list.server';
import { doctorListMeta } from '../lib/list-meta';
import { breadcrumbLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors-nearby';

/**
 * Doctors nearest to the visitor: /{town}/ryadom/vrach/[{speciality}/]?lat=&lon=. Without a
 * point the page asks the browser for one and offers the town's metro stations and districts.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const speciality = await requireSpeciality(context, params.speciality);
  const url = new URL(request.url);
  const point = parsePoint(url.searchParams);
  const { filters, page, sort } = parseDoctorListParams(url.searchParams, NEARBY_LIST_OPTIONS);
  const { lists } = context.services;
  const [list, places] = await Promise.all([
    point ? lists.nearbyDoctors(town, point, { specialityId: speciality?.id, filters, page }) : null,
    point ? null : lists.townPlaces(town),
  ]);
  if (list && page > list.numPages) throw notFound();
  const placeLink = (p: { name: string; slug: string }) => ({ name: p.name, slug: p.slug });
  return {
    town,
    origin: originOf(request),
    speciality,
    point,
    sort,
    filters,
    page,
    total: list?.total ?? 0,
    numPages: list?.numPages ?? 1,
    doctors: list?.items ?? [],
    search: url.search,
    metro: places?.metro.map(placeLink) ?? [],
    districts: places?.districts.map(placeLink) ?? [],
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) =>
  `${d.speciality ? d.speciality.namePlural : 'Врачи'} рядом со мной ${d.town.nameIn}`;

function crumbs(d: Data) {
  return [
    { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(d.town.slug) },
    ...(d.speciality
      ? [{ name: d.speciality.namePlural, path: doctorsUrl(d.town.slug, d.speciality.translit) }]
      : []),
    { name: 'Рядом со мной', path: nearbyDoctorsUrl(d.town.slug, d.speciality?.translit) },
  ];
}

// A list for one visitor's coordinates is not a page for search engines; the bare page is.
export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const path = nearbyDoctorsUrl(d.town.slug, d.speciality?.translit);
  if (!d.point) {
    return pageMeta({
      title: `${heading(d)} — ближайшие к вам клиники`,
      description: `${heading(d)}: врачи, которые принимают ближе всего к вам, с рейтингом, отзывами и ценами.`,
      canonical: `${d.origin}${path}`,
      jsonLd: breadcrumbLd(d.origin, crumbs(d)),
    });
  }
  return doctorListMeta({
    origin: d.origin,
    path,
    heading: heading(d),
    filters: d.filters,
    page: d.page,
    total: d.total,
    doctors: d.doctors,
    crumbs: crumbs(d),
    noindex: true,
  });
};

export default function DoctorsNearby({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  const spec = d.speciality?.translit;
  const path = nearbyDoctorsUrl(town, spec);
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {d.point ? (
          <DoctorListScreen
            crumbs={crumbs(d)}
            heading={heading(d)}
            total={d.total}
            page={d.page}
            numPages={d.numPages}
            intro={<LocateButton quiet path={path} label="Обновить местоположение" />}
            filters={
              <DoctorFilters
                path={path}
                options={NEARBY_LIST_OPTIONS}
                sort={d.sort}
                filters={d.filters}
                keep={{ lat: String(d.point.lat), lon: String(d.point.lon) }}
              />
            }
            list={{
              doctors: d.doctors,
              page: d.page,
              numPages: d.numPages,
              search: d.search,
              tz: d.town.tz,
              note: (doctor) => (
                <p className="mt-1 text-muted">Ближайшая клиника в {formatDistance(doctor.distanceKm)}</p>
              ),
              empty: {
                title: 'Рядом никого не нашлось',
                text: `В ${NEARBY_RADIUS_KM} км от этой точки нет подходящих врачей. Уберите фильтры или посмотрите всех врачей города.`,
                link: { href: doctorsUrl(town, spec), label: `Все врачи ${d.town.nameGen}` },
              },
            }}
          />
        ) : (
          <>
            <h1 className="text-2xl font-bold sm:text-3xl">{heading(d)}</h1>
            <p className="mt-2 max-w-2xl text-ink-soft">
              Покажем врачей, которые принимают ближе всего к вам: разрешите браузеру определить
              местоположение или выберите метро или район.
            </p>
            <LocateButton path={path} label="Найти врачей рядом" />
            <noscript>
              <p className="mt-2 text-sm text-ink-soft">Без JavaScript местоположение не определить.</p>
            </noscript>
            <LinkSection
              id="metro-h"
              title="Метро"
              moreLabel="Все станции"
              first={12}
              links={d.metro.map((p) => ({
                href: placeDoctorsUrl(town, 'metro', p.slug, spec),
                label: p.name,
              }))}
            />
            <LinkSection
              id="districts-h"
              title="Районы"
              moreLabel="Все районы"
              first={12}
              links={d.districts.map((p) => ({
                href: placeDoctorsUrl(town, 'rayon', p.slug, spec),
                label: p.name,
              }))}
            />
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
