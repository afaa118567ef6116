import { Link } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import {
  catalogUrl,
  clinicsUrl,
  doctorsUrl,
  TOP_FILTERS,
  topUrl,
  townUrl,
} from '../../core/directory/list-urls';
import { formatNumber } from '../../core/text/plural';
import { RatingLine } from '../features/directory/rating-line';
import { SearchCombobox } from '../features/search/search-combobox';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/town';

/** Specialities on the page; the rest are in the catalog. */
const SPECIALITIES = 24;
/** Specialities offered with their nearest free times. */
const NEAREST = 6;
/** The best clinics shown; their top list has the rest. */
const TOP_CLINICS = 5;

/** The list sorted by the first free time (the doctors' lists' `?sort=nearest`). */
const nearestUrl = (town: string, speciality?: string) => `${doctorsUrl(town, speciality)}?sort=nearest`;

/**
 * `/{town}/`: the town's home (docs/product/towns-and-search.md) — the search, its specialities,
 * the doctors with the nearest free times, its best clinics. The same for every anonymous visitor:
 * cached like the other directory pages (ADR 003), dropped when the town's lists change.
 */
export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const { directory, lists } = context.services;
  const [specialities, tops, best] = await Promise.all([
    directory.townSpecialities(town),
    lists.townTops(town),
    lists.topClinics(town, TOP_FILTERS[0]),
  ]);
  const clinics = best.slice(0, TOP_CLINICS).map((c) => ({
    id: c.id,
    url: c.url,
    name: c.name,
    address: c.address,
    rating: c.rating,
    reviewsCount: c.reviewsCount,
  }));
  return cacheable(
    {
      town,
      origin: context.origin,
      specialities: specialities.slice(0, SPECIALITIES).map(({ namePlural, translit, count }) => ({
        namePlural,
        translit,
        count,
      })),
      moreSpecialities: specialities.length > SPECIALITIES,
      tops: tops.map((t) => ({ slug: t.filter.slug, title: t.filter.title })),
      clinics,
    },
    [pageTags.townLists(town.id), pageTags.catalogue, ...clinics.map((c) => pageTags.clinic(c.id))],
  );
}

export const headers = cacheTagHeaders;

export const handle: ShellHandle = { width: 'full' };

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? pageMeta({
        title: `Врачи и клиники ${d.town.nameGen} — отзывы, рейтинги, запись на приём — ПроДокторов`,
        description: `Врачи и клиники ${d.town.nameGen}: отзывы пациентов, рейтинги, цены и ближайшее свободное время для записи на приём онлайн.`,
        canonical: `${d.origin}${townUrl(d.town.slug)}`,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: `Врачи и клиники ${d.town.nameGen}`,
          url: `${d.origin}${townUrl(d.town.slug)}`,
        },
      })
    : [];

const chip =
  'inline-flex min-h-10 items-center rounded-full border border-line bg-surface px-4 py-2 text-sm hover:border-brand hover:text-brand';

export default function TownHome({ loaderData: d }: Route.ComponentProps) {
  const { town, specialities, tops, clinics } = d;
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Врачи и клиники {town.nameGen}</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">
            Отзывы пациентов, рейтинги, цены на приём и запись онлайн {town.nameIn}.
          </p>
          <div className="mt-6 max-w-2xl text-ink">
            <SearchCombobox
              town={town.slug}
              className="relative flex items-center gap-2 rounded-xl bg-surface p-2 shadow-card [&_input]:bg-surface"
            />
          </div>
        </div>
      </section>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6">
        <section className="card p-5 sm:p-6" aria-labelledby="nearest-h">
          <h2 id="nearest-h" className="text-xl font-semibold">
            Ближайшее свободное время
          </h2>
          <p className="mt-1 text-ink-soft">Врачи, к которым можно записаться раньше всех, — первыми.</p>
          <ul className="mt-4 flex flex-wrap gap-2">
            <li>
              <Link
                to={nearestUrl(town.slug)}
                className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark"
              >
                Все врачи
              </Link>
            </li>
            {specialities.slice(0, NEAREST).map((s) => (
              <li key={s.translit}>
                <Link to={nearestUrl(town.slug, s.translit)} className={chip}>
                  {s.namePlural}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {specialities.length > 0 && (
          <section aria-labelledby="specs-h">
            <h2 id="specs-h" className="text-xl font-semibold">
              Специальности врачей {town.nameIn}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
              {specialities.map((s) => (
                <li key={s.translit}>
                  <Link
                    to={doctorsUrl(town.slug, s.translit)}
                    className="card flex min-h-12 items-center justify-between px-4 py-3 hover:text-brand"
                  >
                    <span>{s.namePlural}</span>
                    <span className="text-sm text-muted">{formatNumber(s.count)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              <Link to={doctorsUrl(town.slug)} className="link py-1">
                Все врачи {town.nameGen}
              </Link>
              {d.moreSpecialities && (
                <Link to={catalogUrl(town.slug)} className="link py-1">
                  Все специальности
                </Link>
              )}
            </p>
          </section>
        )}

        <section aria-labelledby="clinics-h">
          <h2 id="clinics-h" className="text-xl font-semibold">
            Лучшие клиники {town.nameGen}
          </h2>
          {clinics.length > 0 ? (
            <ol className="mt-4 flex flex-col gap-2">
              {clinics.map((c, i) => (
                <li
                  key={c.id}
                  className="card flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
                >
                  <span className="text-sm text-muted">{i + 1}.</span>
                  <span className="flex-1">
                    <a href={c.url} className="font-medium text-brand hover:underline">
                      {c.name}
                    </a>
                    <span className="block text-sm text-ink-soft">{c.address}</span>
                  </span>
                  <span className="flex items-center gap-2 text-sm">
                    <RatingLine
                      rating={c.rating}
                      reviewsCount={c.reviewsCount}
                      reviewsHref={`${c.url}otzivi/`}
                    />
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-ink-soft">Пока ни у одной клиники нет достаточно отзывов для рейтинга.</p>
          )}
          <ul className="mt-3 flex flex-wrap gap-2">
            {tops.map((t) => (
              <li key={t.slug}>
                <Link to={topUrl(town.slug, t.slug)} className={chip}>
                  {t.title}: рейтинг
                </Link>
              </li>
            ))}
            <li>
              <Link to={clinicsUrl(town.slug)} className={chip}>
                Все клиники
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
