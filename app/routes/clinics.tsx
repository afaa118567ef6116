import { preloadModule } from 'react-dom';
import { pageTags } from '../../core/cache/page-tags';
import { stepFreeOnly } from '../../core/clinic/accessibility';
import {
  catalogSectionUrl,
  clinicsUrl,
  placeClinicsUrl,
  SERVICE_SECTIONS,
  servicesUrl,
  topUrl,
} from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { plural, WORDS } from '../../core/text/plural';
import { KeptHtml } from '../components/kept-html';
import { ClinicFilters } from '../features/directory/clinic-filters';
import { ClinicListScreen } from '../features/directory/clinic-list';
import { LinkSection } from '../features/directory/link-section';
import { PillNav, PlaceLinks } from '../features/directory/list-layout';
import { townPlaceLinks } from '../features/directory/list-loaders.server';
import { clinicListMeta, pageSuffix } from '../features/directory/list-meta';
import { MapButton } from '../features/map/map-button';
import { AdSlot } from '../features/promo/ad-slot';
import { loadAdSlots, topAdChunks } from '../features/promo/ads.server';
import { loadPromos, PROMO_TAG } from '../features/promo/promos.server';
import { keep, serverOnly } from '../lib/kept';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics';

/** What a document of this route preloads anyway: the entry, the root, the shell and this module. */
const DOCUMENT_MODULES = [
  'app/entry.client.tsx',
  'app/root.tsx',
  'app/routes/shell.tsx',
  'app/routes/clinics.tsx',
];

export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const page = parsePage(url.searchParams.get('page'));
  const stepFree = stepFreeOnly(url.searchParams);
  // The first page leads on to the top lists, the clinics by place and the service directories.
  const [list, tops, places, promos, ads] = await Promise.all([
    context.services.directory.clinicList(town, { page, stepFree }),
    page === 1 ? context.services.lists.townTops(town) : Promise.resolve([]),
    townPlaceLinks(context, town, page === 1),
    loadPromos(context, { award: true, app: true }),
    loadAdSlots(context, town.id),
  ]);
  if (page > list.numPages) throw notFound();
  return cacheable(
    {
      town,
      origin: context.origin,
      page,
      stepFree,
      search: url.search,
      // Links to narrower lists: in the HTML, not again in the document's data.
      links: keep(
        { tops: tops.map((t) => ({ slug: t.filter.slug, title: t.filter.title })), ...places },
        { send: context.dataRequest },
      ),
      promos,
      ads,
      chunks: serverOnly(topAdChunks(ads, DOCUMENT_MODULES)),
      ...list,
    },
    [PROMO_TAG, pageTags.townLists(town.id), ...list.clinics.map((c) => pageTags.clinic(c.id))],
  );
}

export const headers = cacheTagHeaders;

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? clinicListMeta(d, {
        path: clinicsUrl(d.town.slug),
        heading: `Клиники ${d.town.nameIn}`,
        title: `Клиники ${d.town.nameIn} — ${plural(d.total, WORDS.clinic)}, отзывы и цены${pageSuffix(d.page)}`,
        description: `Медицинские центры и клиники ${d.town.nameIn}: рейтинг, отзывы пациентов, адреса, часы работы и цены.`,
        crumbs: [{ name: `Клиники ${d.town.nameGen}`, path: clinicsUrl(d.town.slug) }],
      })
    : [];

export default function Clinics({ loaderData: d }: Route.ComponentProps) {
  for (const href of d.chunks.value ?? []) preloadModule(href);
  return (
    <ClinicListScreen
      heading={`Клиники ${d.town.nameIn}`}
      total={d.total}
      intro={
        <>
          {d.page === 1 && (
            <PillNav
              label="Разделы"
              items={SERVICE_SECTIONS.map((s) => ({
                key: s.segment,
                href: servicesUrl(d.town.slug, s.segment),
                text: s.short,
              }))}
            />
          )}
          <ClinicFilters path={clinicsUrl(d.town.slug)} stepFree={d.stepFree} />
          {d.clinics.length > 0 && (
            <p className="mt-3">
              <MapButton townSlug={d.town.slug} clinicIds={d.clinics.map((c) => c.id)} />
            </p>
          )}
        </>
      }
      topAd={d.ads.includes('list_top') && <AdSlot place="list_top" town={d.town.slug} />}
      inlineAd={d.ads.includes('list_inline') && <AdSlot place="list_inline" town={d.town.slug} />}
      items={d.clinics.map((clinic) => ({ clinic }))}
      tz={d.town.tz}
      page={d.page}
      numPages={d.numPages}
      search={d.search}
      empty={
        d.stepFree
          ? 'Ни одна клиника города пока не указала вход без ступенек.'
          : 'В этом городе пока нет клиник.'
      }
    >
      <KeptHtml kept={d.links}>
        {({ tops, metro, districts }) => (
          <>
            <LinkSection
              id="tops-h"
              title="Рейтинги клиник"
              moreLabel="Все рейтинги"
              moreHref={catalogSectionUrl(d.town.slug, 'tops')}
              links={tops.map((t) => ({
                href: topUrl(d.town.slug, t.slug),
                label: `Лучшие ${t.title.toLowerCase()}`,
              }))}
            />
            <PlaceLinks
              metro={metro}
              districts={districts}
              href={(kind, slug) => placeClinicsUrl(d.town.slug, kind, slug)}
              moreHref={(kind) =>
                catalogSectionUrl(d.town.slug, kind === 'metro' ? 'clinicsMetro' : 'clinicsDistricts')
              }
            />
          </>
        )}
      </KeptHtml>
    </ClinicListScreen>
  );
}
