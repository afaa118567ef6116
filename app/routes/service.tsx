import { redirect } from 'react-router';
import {
  parseServiceSort,
  pathSegment,
  SERVICE_SORT_LABELS,
  SERVICE_SORTS,
  type ServiceSort,
  sectionByKind,
  sectionBySegment,
  servicesUrl,
} from '../../core/directory/list-urls';
import { parsePage } from '../../core/directory/pagination';
import { formatRub } from '../../core/money/money';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ClinicList } from '../features/directory/clinic-list';
import { LazySchedule } from '../features/schedule/schedule-slot';
import { clinicListMeta } from '../lib/list-meta';
import { notFound } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/service';

/**
 * The clinics of a town offering one service, with their prices:
 * /{town}/uslugi/{service}/ (also /diagnostika/, /analizy/), ?sort=price|rating, ?page=.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const url = new URL(request.url);
  const section = sectionBySegment(pathSegment(url.pathname, 1));
  const service = section ? await context.services.lists.service(params.service) : null;
  if (!section || !service) throw notFound();
  // A service asked for under another section lives at one URL only.
  if (service.kind !== section.kind) {
    throw redirect(
      `${servicesUrl(town.slug, sectionByKind(service.kind).segment, service.translit)}${url.search}`,
      301,
    );
  }
  const sort = parseServiceSort(url.searchParams.get('sort'));
  const page = parsePage(url.searchParams.get('page'));
  const offers = await context.services.lists.serviceOffers(town, service.id, sort, page);
  if (page > offers.numPages) throw notFound();
  return {
    town,
    origin: originOf(request),
    section,
    service: {
      id: service.id,
      name: service.name,
      translit: service.translit,
      className: service.className,
      kind: service.kind,
    },
    sort,
    page,
    search: url.search,
    ...offers,
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) => `${d.service.name} ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  { name: d.section.title, path: servicesUrl(d.town.slug, d.section.segment) },
  { name: d.service.name, path: servicesUrl(d.town.slug, d.section.segment, d.service.translit) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? clinicListMeta({
        origin: d.origin,
        canonicalPath: servicesUrl(d.town.slug, d.section.segment, d.service.translit),
        title: `${heading(d)} — ${plural(d.total, WORDS.clinic)}, цены и отзывы${d.page > 1 ? ` — страница ${d.page}` : ''}`,
        description: `${heading(d)}: цены и адреса клиник, их рейтинг и отзывы пациентов. Запись онлайн.`,
        listName: heading(d),
        page: d.page,
        total: d.total,
        clinics: d.items.map((o) => o.clinic),
        crumbs: crumbs(d),
      })
    : [];

function sortSearch(sort: ServiceSort): string {
  return sort === 'price' ? '' : `?sort=${sort}`;
}

export default function ServiceOffers({ loaderData: d }: Route.ComponentProps) {
  const path = servicesUrl(d.town.slug, d.section.segment, d.service.translit);
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
        {d.total > 1 && (
          <nav aria-label="Сортировка" className="mt-4 flex flex-wrap gap-2 text-sm">
            {SERVICE_SORTS.map((s) =>
              s === d.sort ? (
                <span key={s} aria-current="true" className="rounded-full bg-brand px-3 py-1.5 text-white">
                  {SERVICE_SORT_LABELS[s]}
                </span>
              ) : (
                <a
                  key={s}
                  href={`${path}${sortSearch(s)}`}
                  className="rounded-full border border-line bg-surface px-3 py-1.5 hover:border-brand hover:text-brand"
                >
                  {SERVICE_SORT_LABELS[s]}
                </a>
              ),
            )}
          </nav>
        )}
        <ClinicList
          items={d.items}
          page={d.page}
          numPages={d.numPages}
          search={d.search}
          extra={(offer) => (
            <div className="mt-3 border-t border-line pt-3 text-sm" data-price={offer.minPrice}>
              <p>
                <span className="text-lg font-semibold text-ink">
                  {offer.maxPrice > offer.minPrice
                    ? `${formatRub(offer.minPrice)} – ${formatRub(offer.maxPrice)}`
                    : formatRub(offer.minPrice)}
                </span>
                {offer.clubPrice !== null && (
                  <span className="ml-2 rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
                    {formatRub(offer.clubPrice)} в клубе
                  </span>
                )}
              </p>
              {offer.lineName !== d.service.name && (
                <p className="mt-1 text-muted">В прайсе клиники: {offer.lineName}</p>
              )}
              {offer.bookable && (
                <div className="mt-3">
                  <LazySchedule
                    load={() =>
                      import('../features/schedule/service-schedule').then((m) =>
                        m.serviceScheduleOf({
                          lpuId: offer.clinic.id,
                          serviceId: d.service.id,
                          tz: d.town.tz,
                          search: d.search,
                          source: 'services_list',
                          analysis: d.service.kind === 'analysis',
                        }),
                      )
                    }
                  />
                </div>
              )}
            </div>
          )}
          empty={
            <>
              <p className="text-lg font-semibold text-ink">Эту услугу здесь пока не оказывают</p>
              <a
                href={servicesUrl(d.town.slug, d.section.segment)}
                className="mt-4 inline-block text-brand hover:underline"
              >
                Все услуги раздела «{d.section.title}»
              </a>
            </>
          }
        />
      </main>
      <SiteFooter />
    </>
  );
}
