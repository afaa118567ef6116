import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { reviewsUrl } from '../../core/directory/urls';
import { parseTag } from '../../core/reviews/tags';
import { parseReviewType, reviewTypeOptions } from '../../core/reviews/types';
import { aggregateRatingLd, reviewsLd } from '../../core/seo/json-ld';
import { plural, WORDS } from '../../core/text/plural';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ReviewAwardBanner } from '../features/reviews/award-banner';
import { FakeWarningBanner } from '../features/reviews/fake-warning-banner';
import { PatientProfileHost } from '../features/reviews/read/patient-profile-modal';
import { ReviewsBrowser } from '../features/reviews/read/reviews-browser';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { keepDataWhenOnly } from '../lib/revalidate';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/reviews';

/** Reviews shown by the server before the list loads more (10 a page on desktop). */
const FIRST_PAGE = 10;

/**
 * `/{town}/vrach/{id-slug}/otzivi/` and `/{town}/lpu/{id-slug}/otzivi/` (docs/product/reviews.md):
 * the filter by type with its counts (`?type=`, any other value ignored), the first page of that
 * type server-rendered, and more pages from the reviews call.
 */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const kind = url.pathname.includes('/lpu/') ? ('lpu' as const) : ('doctor' as const);
  const subject = { kind, id: entity.id };
  const { reviews } = context.services;
  const type = parseReviewType(url.searchParams.get('type'));
  const tag = parseTag(url.searchParams.get('tag'));
  const screen = await reviews.firstScreen(subject, type, tag, FIRST_PAGE);
  if (!screen || screen.head.townSlug !== town.slug) throw notFound();
  const { head, counts, tags, first } = screen;
  if (head.slug !== entity.slug) throw redirect(`${reviewsUrl(head.url)}${url.search}`, 301);
  // Anonymous visitors' copies are kept until moderation changes the subject's reviews (ADR 003).
  const cacheTags = [kind === 'doctor' ? pageTags.doctor(entity.id) : pageTags.clinic(entity.id)];
  return cacheable(
    {
      origin: context.origin,
      town,
      kind,
      id: entity.id,
      name: head.name,
      url: head.url,
      fakeWarning: head.fakeWarning,
      type,
      tag,
      options: reviewTypeOptions(counts),
      tags,
      total: counts.all,
      first,
      ld: { tz: head.tz, rating: head.rating, reviewsCount: head.reviewsCount, reviews: screen.ld },
    },
    cacheTags,
  );
}

export const headers = cacheTagHeaders;

/** A new type or tag is shown from the list's cache or the reviews call: the loader is not asked again. */
export const shouldRevalidate = keepDataWhenOnly(['type', 'tag', 'page']);

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) =>
  d.kind === 'doctor' ? `Отзывы о враче ${d.name}` : `Отзывы о клинике ${d.name}`;

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? pageMeta({
        title: `${heading(d)} — ${plural(d.total, WORDS.review)}`,
        description: `${heading(d)}: отзывы пациентов, проверенные модераторами, с оценками и ответами.`,
        canonical: `${d.origin}${reviewsUrl(d.url)}${d.type === 'all' ? '' : `?type=${d.type}`}`,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': d.kind === 'doctor' ? 'Physician' : 'MedicalClinic',
          name: d.name,
          url: `${d.origin}${d.url}`,
          ...aggregateRatingLd(d.ld.rating, d.ld.reviewsCount),
          review: reviewsLd(d.ld.reviews, d.ld.tz),
        },
      })
    : [];

export default function Reviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs
        items={[
          { name: d.name, path: d.url },
          { name: 'Отзывы', path: reviewsUrl(d.url) },
        ]}
      />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{heading(d)}</h1>
      <p className="mt-1 text-ink-soft">{plural(d.total, WORDS.review)}</p>
      {d.fakeWarning && (
        <div className="mt-4">
          <FakeWarningBanner warning={d.fakeWarning} subject={d.kind} />
        </div>
      )}
      <div className="mt-4">
        <ReviewAwardBanner kind={d.kind} id={d.id} />
      </div>
      <PatientProfileHost />
      <div className="mt-4">
        <ReviewsBrowser
          key={`${d.kind}-${d.id}`}
          subject={{ kind: d.kind, id: d.id }}
          options={d.options}
          tags={d.tags}
          initial={{
            filter: { type: d.type, tag: d.tag },
            template: d.first.template,
            next: d.first.next_page_number,
          }}
        />
      </div>
    </>
  );
}
