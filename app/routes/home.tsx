import { Link, redirect } from 'react-router';
import { doctorsUrl } from '../../core/directory/list-urls';
import { formatNumber } from '../../core/text/plural';
import { TOWN_COOKIE } from '../../core/towns/towns';
import { loadPromos } from '../features/promo/promos.server';
import { SearchCombobox } from '../features/search/search-combobox';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/home';

const DEFAULT_TOWN = 'moskva';

export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  // A remembered town (chosen in the town popup) opens straight away; ?town=choose shows the list.
  const remembered = context.cookies[TOWN_COOKIE];
  if (remembered && !url.searchParams.has('town')) {
    const town = await context.services.towns.bySlug(remembered);
    if (town) throw redirect(doctorsUrl(town.slug));
  }
  const towns = await context.services.towns.list();
  const town = towns.find((t) => t.slug === DEFAULT_TOWN) ?? towns[0];
  const specialities = town ? (await context.services.directory.townSpecialities(town)).slice(0, 24) : [];
  const promos = await loadPromos(context, { award: true, app: true });
  return { towns, town, specialities, origin: context.origin, promos };
}

// The home page offers the towns itself: its header names none.
export const handle: ShellHandle = { width: 'full', town: false };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'ПроДокторов — отзывы о врачах и клиниках, запись на приём',
    description:
      'Найдите хорошего врача или клинику в своём городе: отзывы пациентов, рейтинги, цены и запись на приём онлайн.',
    canonical: `${loaderData?.origin ?? ''}/`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'ПроДокторов',
      url: `${loaderData?.origin ?? ''}/`,
    },
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { towns, town, specialities } = loaderData;
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold sm:text-4xl">Найдите хорошего врача</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">
            Честные отзывы пациентов, рейтинги врачей и клиник, цены на приём и запись онлайн.
          </p>
          {town && (
            // The header's search, under the heading: the home page's header has none.
            <div className="mt-6 max-w-2xl text-ink">
              <SearchCombobox
                town={town.slug}
                className="relative flex items-center gap-2 rounded-xl bg-surface p-2 shadow-card [&_input]:bg-surface"
              />
            </div>
          )}
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4">
        <section className="card -mt-6 p-5 sm:p-6" aria-labelledby="towns-heading">
          <h2 id="towns-heading" className="text-xl font-semibold">
            Выберите город
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
            {towns.map((t) => (
              <li key={t.slug}>
                <Link
                  to={doctorsUrl(t.slug)}
                  className="block rounded-lg px-3 py-2 hover:bg-brand-soft hover:text-brand"
                >
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {town && specialities.length > 0 && (
          <section className="mt-8" aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="text-xl font-semibold">
              Популярные специальности {town.nameIn}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
              {specialities.map((s) => (
                <li key={s.translit}>
                  <Link
                    to={doctorsUrl(town.slug, s.translit)}
                    className="card flex items-center justify-between px-4 py-3 hover:text-brand"
                  >
                    <span>{s.namePlural}</span>
                    <span className="text-sm text-muted">{formatNumber(s.count)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
