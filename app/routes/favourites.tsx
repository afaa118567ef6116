import { doctorsUrl } from '../../core/directory/list-urls';
import { FAVOURITES_PAGE } from '../../core/favourites/favourites';
import { TOWN_COOKIE } from '../../core/towns/towns';
import { FavouritesList } from '../features/favourites/favourites-list';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { Route } from './+types/favourites';

const DEFAULT_TOWN = 'moskva';

/** A patient's saved doctors and clinics (docs/product/favourites.md). */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const remembered = context.cookies[TOWN_COOKIE];
  const town = (remembered && (await context.services.towns.bySlug(remembered))) || null;
  return {
    origin: context.origin,
    doctorsHref: doctorsUrl(town?.slug ?? DEFAULT_TOWN),
    page: await context.services.favourites.page(context.viewer),
  };
}

// A personal page: never shared by a cache between visitors.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Избранное — ПроДокторов',
    description: 'Избранные врачи и клиники.',
    canonical: `${loaderData?.origin ?? ''}${FAVOURITES_PAGE}`,
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Избранное' },
    noindex: true,
  }),
];

export default function Favourites({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Избранное</h1>
      <FavouritesList page={d.page} doctorsHref={d.doctorsHref} />
    </>
  );
}
