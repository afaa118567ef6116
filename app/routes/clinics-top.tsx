import { clinicsUrl, TOP_MIN_REVIEWS, topFilterBySlug, topUrl } from '../../core/directory/list-urls';
import { plural, WORDS } from '../../core/text/plural';
import { ClinicListScreen } from '../features/directory/clinic-list';
import { PillNav } from '../features/directory/list-layout';
import { clinicListMeta } from '../features/directory/list-meta';
import { loadPromos } from '../features/promo/promos.server';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/clinics-top';

/** /{town}/top/{filter}/: the best-rated clinics of one kind, e.g. /moskva/top/stomatologii/. */
export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const filter = topFilterBySlug(params.filter);
  if (!filter) throw notFound();
  const [clinics, tops] = await Promise.all([
    context.services.lists.topClinics(town, filter),
    context.services.lists.townTops(town),
  ]);
  return {
    town,
    origin: context.origin,
    promos: await loadPromos(context, { award: true, app: true }),
    filter: { slug: filter.slug, title: filter.title, titleGen: filter.titleGen },
    others: tops
      .filter((t) => t.filter.slug !== filter.slug)
      .map((t) => ({ slug: t.filter.slug, title: t.filter.title })),
    clinics,
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) => `Лучшие ${d.filter.title.toLowerCase()} ${d.town.nameGen}`;

const crumbs = (d: Data) => [
  { name: `Клиники ${d.town.nameGen}`, path: clinicsUrl(d.town.slug) },
  { name: `Рейтинг ${d.filter.titleGen}`, path: topUrl(d.town.slug, d.filter.slug) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? clinicListMeta(
        { origin: d.origin, page: 1, total: d.clinics.length, clinics: d.clinics },
        {
          path: topUrl(d.town.slug, d.filter.slug),
          heading: heading(d),
          title: `${heading(d)} — рейтинг ${d.filter.titleGen} по отзывам пациентов`,
          description: `Рейтинг ${d.filter.titleGen} ${d.town.nameGen}: ${plural(d.clinics.length, WORDS.clinic)} с лучшими оценками пациентов, адреса и часы работы.`,
          crumbs: crumbs(d),
        },
      )
    : [];

export default function TopClinics({ loaderData: d }: Route.ComponentProps) {
  return (
    <ClinicListScreen
      crumbs={crumbs(d)}
      heading={heading(d)}
      intro={
        <>
          <p className="mt-1 max-w-2xl text-ink-soft">
            Рейтинг по оценкам пациентов: {d.filter.title.toLowerCase()} от{' '}
            {plural(TOP_MIN_REVIEWS, WORDS.review)}, лучшие — первыми.
          </p>
          {d.others.length > 0 && (
            <PillNav
              label="Другие рейтинги"
              items={d.others.map((t) => ({
                key: t.slug,
                href: topUrl(d.town.slug, t.slug),
                text: t.title,
              }))}
            />
          )}
        </>
      }
      ordered
      items={d.clinics.map((clinic) => ({ clinic }))}
      tz={d.town.tz}
      page={1}
      numPages={1}
      search=""
      empty={
        <>
          <p className="text-lg font-semibold text-ink">Рейтинг пока не составлен</p>
          <p className="mt-1">
            Ни у одной клиники этого типа ещё нет {plural(TOP_MIN_REVIEWS, WORDS.review)}.
          </p>
          <a href={clinicsUrl(d.town.slug)} className="mt-4 inline-block text-brand hover:underline">
            Все клиники {d.town.nameGen}
          </a>
        </>
      }
    />
  );
}
