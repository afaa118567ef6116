import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ReviewSubject, ReviewTag, ReviewTypeOption } from '../../../../core/reviews/contracts';
import { parseTag, REVIEWS_ANCHOR, tagSearch } from '../../../../core/reviews/tags';
import {
  parseReviewType,
  REVIEW_TYPE_TITLES,
  type ReviewType,
  reviewTypeSearch,
} from '../../../../core/reviews/types';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { afterNextPaint } from '../../../lib/after-paint';

import { ReviewTags } from '../review-tags';
import { type ReviewsFilter, ReviewsList } from './reviews-list';

const CHIP =
  'inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white';

/**
 * The reviews page's body (docs/product/reviews.md): the type filter
 * (chips on desktop, the 'Фильтр' modal on phones), the tags block and the list. The URL is the
 * state: `?type=` and `?tag=` are rewritten in place (the route does not reload its data for
 * them, see app/routes/reviews.tsx shouldRevalidate) and the list shows that filter, from its cache or
 * the reviews call. Without script the chips are plain links the server answers.
 */
export function ReviewsBrowser({
  subject,
  options,
  tags,
  initial,
}: {
  subject: ReviewSubject;
  options: ReviewTypeOption[];
  tags: ReviewTag[];
  initial: { filter: ReviewsFilter; template: string; next: number | null };
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const type = parseReviewType(params.get('type'));
  const tag = parseTag(params.get('tag'));
  // The same objects while the filter stays: the list (memoized) is not rendered again when the
  // route re-renders for the router's state (a navigation starting or ending).
  const filter: ReviewsFilter = useMemo(() => ({ type, tag }), [type, tag]);
  const listSubject = useMemo(() => ({ kind: subject.kind, id: subject.id }), [subject.kind, subject.id]);
  const [listInitial] = useState(initial);

  const go = (search: string) =>
    navigate({ search, hash: location.hash }, { replace: true, preventScrollReset: true });
  const chooseType = (type: ReviewType) => go(reviewTypeSearch(location.search, type));
  const chooseTag = (tag: string | null) => go(tagSearch(location.search, tag));

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Тип отзывов" className="hidden sm:block">
        <ul className="flex flex-wrap gap-2 text-sm">
          {options.map((o) => (
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
                  to={reviewTypeSearch(location.search, o.value) || '?'}
                  replace
                  preventScrollReset
                  aria-current={o.value === filter.type ? 'true' : undefined}
                  className={CHIP}
                >
                  {o.title} {o.amount}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <TypeSheet options={options} type={filter.type} onChoose={chooseType} />
      <ReviewTags tags={tags} active={filter.tag} onChange={chooseTag} />
      <section id={REVIEWS_ANCHOR} aria-label="Отзывы" className="scroll-mt-24">
        <ReviewsList subject={listSubject} filter={filter} initial={listInitial} />
      </section>
    </div>
  );
}

/**
 * The phone's 'Фильтр' button and its sheet of types. Its open state is its own, so opening and
 * closing it renders only this, not the tags and the list. A choice closes the sheet at once and
 * shows the type after that close is painted: the navigation and the list's loading state then
 * wait for no frame of the tap's.
 */
function TypeSheet({
  options,
  type,
  onChoose,
}: {
  options: ReviewTypeOption[];
  type: ReviewType;
  onChoose: (type: ReviewType) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sm:hidden">
      <Button
        variant="bare"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex w-full items-center justify-between rounded-lg border border-line bg-surface px-4 py-2.5 text-left disabled:opacity-50"
      >
        <span className="font-medium">Фильтр</span>
        <span className="text-ink-soft">{REVIEW_TYPE_TITLES[type]}</span>
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Фильтр" mobile="sheet" closeIcon="always">
        <fieldset>
          <legend className="sr-only">Тип отзывов</legend>
          <ul className="flex flex-col">
            {options.map((o) => (
              <li key={o.value}>
                <label
                  className={`flex items-center justify-between gap-3 border-b border-line py-3 ${o.disabled ? 'text-muted' : 'cursor-pointer'}`}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="review-type"
                      value={o.value}
                      checked={o.value === type}
                      disabled={o.disabled}
                      onChange={() => {
                        setOpen(false);
                        afterNextPaint(() => onChoose(o.value));
                      }}
                      className="h-4 w-4 accent-brand"
                    />
                    {o.title}
                  </span>
                  <span className="text-ink-soft">{o.amount}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </Modal>
    </div>
  );
}
