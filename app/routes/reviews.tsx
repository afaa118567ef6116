import { Link, redirect } from 'react-router';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import {
  parseReviewType,
  type ReviewType,
  reviewTypeOptions,
  reviewTypeSearch,
} from '../../core/reviews/types';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ReviewAwardBanner } from '../features/reviews/award-banner';
import { PatientProfileHost } from '../features/reviews/patient-profile-modal';
import { ReviewsList } from '../features/reviews/reviews-list';
import { notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/reviews';

/** Reviews shown by the server before the list loads more (spec: 10 a page on desktop). */
const FIRST_PAGE = 10;

/**
 * `/{town}/vrach/{id-slug}/otzivi/` and `/{town}/lpu/{id-slug}/otzivi/` (spec 'Reviews page'):
 * the filter by type with its counts (`?type=`, any other value ignored), the first page of that
 * type server-rendered, and more pages from the reviews call.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const url = new URL(request.url);
  const kind = url.pathname.includes('/lpu/') ? ('lpu' as const) : ('doctor' as const);
  const subject = { kind, id: entity.id };
  const { reviews } = context.services;
  const type = parseReviewType(url.searchParams.get('type'));
  const [head, counts, first] = await Promise.all([
    reviews.head(subject),
    reviews.counts(subject),
    reviews.page(subject, type, 1, FIRST_PAGE),
  ]);
  if (!head || head.townSlug !== town.slug) throw notFound();
  if (head.slug !== entity.slug) throw redirect(`${head.url}otzivi/${url.search}`, 301);
  return {
    origin: originOf(request),
    town,
    kind,
    id: entity.id,
    name: head.name,
    url: head.url,
    apiUrl: `/ajax/${kind}/${entity.id}/reviews/`,
    type,
    options: reviewTypeOptions(counts),
    total: counts.all,
    search: url.search,
    first,
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) =>
  d.kind === 'doctor' ? `Отзывы о враче ${d.name}` : `Отзывы о клинике ${d.name}`;

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? pageMeta({
        title: `${heading(d)} — ${plural(d.total, WORDS.review)}`,
        description: `${heading(d)}: отзывы пациентов, проверенные модераторами, с оценками и ответами.`,
        canonical: `${d.origin}${d.url}otzivi/${d.type === 'all' ? '' : `?type=${d.type}`}`,
      })
    : [];

export default function Reviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <Breadcrumbs
          items={[
            { name: d.name, path: d.url },
            { name: 'Отзывы', path: `${d.url}otzivi/` },
          ]}
        />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{heading(d)}</h1>
        <p className="mt-1 text-ink-soft">{plural(d.total, WORDS.review)}</p>
        <nav aria-label="Тип отзывов" className="-mx-4 mt-4 overflow-x-auto px-4">
          <ul className="flex gap-2 whitespace-nowrap text-sm sm:flex-wrap">
            {d.options.map((o) => (
              <li key={o.value}>
                {o.disabled ? (
                  <span
                    aria-disabled="true"
                    className="inline-block rounded-full border border-line px-3 py-1.5 text-muted"
                  >
                    {o.title} {o.amount}
                  </span>
                ) : (
                  <Link
                    to={reviewTypeSearch(d.search, o.value as ReviewType) || '?'}
                    replace
                    preventScrollReset
                    aria-current={o.value === d.type ? 'true' : undefined}
                    className="inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white"
                  >
                    {o.title} {o.amount}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4">
          <ReviewAwardBanner kind={d.kind} id={d.id} />
        </div>
        <PatientProfileHost />
        <div className="mt-4">
          <ReviewsList
            key={d.type}
            apiUrl={d.apiUrl}
            type={d.type}
            initialHtml={d.first.template}
            initialNext={d.first.next_page_number}
          />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
