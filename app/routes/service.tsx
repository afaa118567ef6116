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
import { plural, WORDS } from '../../core/text/plural';
import { ClinicListScreen } from '../features/directory/clinic-list';
import { PillNav } from '../features/directory/list-layout';
import { clinicListMeta, pageSuffix } from '../features/directory/list-meta';
import { ServiceOfferPrice } from '../features/directory/service-offer';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/service';

/**
 * The clinics of a town offering one service, with their prices:
 * /{town}/uslugi/{service}/ (also /diagnostika/, /analizy/), ?sort=price|rating, ?page=.
 */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
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
    origin: context.origin,
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
    ? clinicListMeta(
        { ...d, clinics: d.items.map((o) => o.clinic) },
        {
          path: servicesUrl(d.town.slug, d.section.segment, d.service.translit),
          heading: heading(d),
          title: `${heading(d)} — ${plural(d.total, WORDS.clinic)}, цены и отзывы${pageSuffix(d.page)}`,
          description: `${heading(d)}: цены и адреса клиник, их рейтинг и отзывы пациентов. Запись онлайн.`,
          crumbs: crumbs(d),
        },
      )
    : [];

function sortSearch(sort: ServiceSort): string {
  return sort === 'price' ? '' : `?sort=${sort}`;
}

export default function ServiceOffers({ loaderData: d }: Route.ComponentProps) {
  const path = servicesUrl(d.town.slug, d.section.segment, d.service.translit);
  return (
    <ClinicListScreen
      crumbs={crumbs(d)}
      heading={heading(d)}
      total={d.total}
      intro={
        d.total > 1 && (
          <PillNav
            label="Сортировка"
            className="mt-4"
            currentMark="true"
            tall
            items={SERVICE_SORTS.map((s) => ({
              key: s,
              href: `${path}${sortSearch(s)}`,
              text: SERVICE_SORT_LABELS[s],
              current: s === d.sort,
            }))}
          />
        )
      }
      items={d.items}
      page={d.page}
      numPages={d.numPages}
      search={d.search}
      extra={(offer) => (
        <ServiceOfferPrice offer={offer} service={d.service} tz={d.town.tz} search={d.search} />
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
  );
}
