import { pageTags } from '../../core/cache/page-tags';
import {
  CATALOG_SECTIONS,
  catalogUrl,
  doctorsUrl,
  type PlaceKind,
  placeClinicsUrl,
  placeDoctorsUrl,
  topUrl,
  treatmentUrl,
} from '../../core/directory/list-urls';
import { KeptHtml } from '../components/kept-html';
import { LinkSection } from '../features/directory/link-section';
import { ListHeader } from '../features/directory/list-layout';
import { requireSpeciality, townPlaceLinks } from '../features/directory/list-loaders.server';
import { townListCrumbs } from '../features/directory/list-meta';
import { keep } from '../lib/kept';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { breadcrumbLd, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/catalog';

/**
 * A town's catalog: every narrower list a list page links only the first few of. The town's
 * (/{town}/katalog/): doctors by speciality, metro station and district, the clinics' top lists
 * and clinics by station and district. A speciality's (/{town}/katalog/{speciality}/): its
 * treatments, and its doctors by station and district.
 */
export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const speciality = await requireSpeciality(context, params.speciality);
  const { directory, lists } = context.services;
  const [specialities, treatments, tops, places] = await Promise.all([
    speciality ? Promise.resolve([]) : directory.townSpecialities(town),
    speciality ? lists.treatmentsOfSpeciality(speciality.id) : Promise.resolve([]),
    speciality ? Promise.resolve([]) : lists.townTops(town),
    townPlaceLinks(context, town),
  ]);
  return cacheable(
    {
      town,
      origin: context.origin,
      speciality,
      // The links: in the HTML, not again in the document's data.
      links: keep(
        {
          specialities: specialities.map(({ namePlural, translit, count }) => ({
            namePlural,
            translit,
            count,
          })),
          treatments,
          tops: tops.map((t) => ({ slug: t.filter.slug, title: t.filter.title })),
          ...places,
        },
        { send: context.dataRequest },
      ),
    },
    [pageTags.townLists(town.id)],
  );
}

export const headers = cacheTagHeaders;

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) =>
  d.speciality
    ? `${d.speciality.namePlural} ${d.town.nameIn}: лечение, метро и районы`
    : `Каталог врачей и клиник ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  ...townListCrumbs(d.town, d.speciality),
  { name: 'Каталог', path: catalogUrl(d.town.slug, d.speciality?.translit) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? pageMeta({
        title: `${heading(d)} — все списки`,
        description: d.speciality
          ? `${d.speciality.namePlural} ${d.town.nameGen}: по лечению, у станций метро и по районам — все списки на одной странице.`
          : `Врачи ${d.town.nameGen} по специальностям, у метро и по районам, рейтинги клиник и клиники у метро — все списки города на одной странице.`,
        canonical: `${d.origin}${catalogUrl(d.town.slug, d.speciality?.translit)}`,
        jsonLd: breadcrumbLd(d.origin, crumbs(d)),
      })
    : [];

export default function Catalog({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  const spec = d.speciality?.translit;
  const placeLinks = (places: { name: string; slug: string }[], href: (slug: string) => string) =>
    places.map((p) => ({ href: href(p.slug), label: p.name }));
  const doctorsAt = (kind: PlaceKind) => (slug: string) => placeDoctorsUrl(town, kind, slug, spec);
  const clinicsAt = (kind: PlaceKind) => (slug: string) => placeClinicsUrl(town, kind, slug);
  return (
    <>
      <ListHeader crumbs={crumbs(d)} heading={heading(d)} />
      <KeptHtml kept={d.links}>
        {({ specialities, treatments, tops, metro, districts }) =>
          specialities.length + treatments.length + tops.length + metro.length + districts.length === 0 ? (
            <p className="card mt-6 p-8 text-center text-ink-soft" role="status">
              {d.speciality ? 'Здесь пока нечего показать.' : 'В этом городе пока нет врачей и клиник.'}
            </p>
          ) : (
            <>
              <LinkSection
                id={CATALOG_SECTIONS.specialities}
                title="Врачи по специальностям"
                links={specialities.map((s) => ({
                  href: doctorsUrl(town, s.translit),
                  label: s.namePlural,
                  count: s.count,
                }))}
              />
              <LinkSection
                id={CATALOG_SECTIONS.treatments}
                title="Лечение"
                links={treatments.map((t) => ({ href: treatmentUrl(town, t.translit), label: t.name }))}
              />
              <LinkSection
                id={CATALOG_SECTIONS.metro}
                title={`${d.speciality?.namePlural ?? 'Врачи'} у метро`}
                links={placeLinks(metro, doctorsAt('metro'))}
              />
              <LinkSection
                id={CATALOG_SECTIONS.districts}
                title={`${d.speciality?.namePlural ?? 'Врачи'} по районам`}
                links={placeLinks(districts, doctorsAt('rayon'))}
              />
              {!d.speciality && (
                <>
                  <LinkSection
                    id={CATALOG_SECTIONS.tops}
                    title="Рейтинги клиник"
                    links={tops.map((t) => ({
                      href: topUrl(town, t.slug),
                      label: `Лучшие ${t.title.toLowerCase()}`,
                    }))}
                  />
                  <LinkSection
                    id={CATALOG_SECTIONS.clinicsMetro}
                    title="Клиники у метро"
                    links={placeLinks(metro, clinicsAt('metro'))}
                  />
                  <LinkSection
                    id={CATALOG_SECTIONS.clinicsDistricts}
                    title="Клиники по районам"
                    links={placeLinks(districts, clinicsAt('rayon'))}
                  />
                </>
              )}
            </>
          )
        }
      </KeptHtml>
    </>
  );
}
