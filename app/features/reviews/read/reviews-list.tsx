import { memo, useEffect, useRef, useState } from 'react';
import { clinicReviews, doctorReviews } from '../../../../core/reviews/calls';
import type { ReviewSubject, ReviewsPage } from '../../../../core/reviews/contracts';
import type { ReviewType } from '../../../../core/reviews/types';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api';
import { useSeenReviews } from './use-seen-reviews';

/** The next page loads 300px before the list's end. */
const AUTO_LOAD_MARGIN = '300px';
/** Phones get 20 reviews a load, desktops 10 (pages of 10, two at a time on a phone). */
const PHONE_QUERY = '(max-width: 639px)';
/** Fired on window after a type or tag is shown (scripts of the page listen for it). */
export const FILTERED_EVENT = 'reviews:filtered';

export interface ReviewsFilter {
  type: ReviewType;
  tag: string | null;
}

interface Loaded {
  pages: string[];
  next: number | null;
}

const keyOf = (f: ReviewsFilter) => `${f.type}|${f.tag ?? ''}`;

/** A page of the subject's reviews of the filter, from the reviews call. */
function fetchPage(subject: ReviewSubject, filter: ReviewsFilter, page: number): Promise<ReviewsPage> {
  return api.send(subject.kind === 'doctor' ? doctorReviews : clinicReviews, {
    params: { id: subject.id },
    query: { page: String(page), ratetype: filter.type, tag: filter.tag ?? undefined },
  });
}

/** One load from `page` on: a page of 10, or two on a phone. */
async function fetchLoad(subject: ReviewSubject, filter: ReviewsFilter, page: number): Promise<Loaded> {
  const times = window.matchMedia(PHONE_QUERY).matches ? 2 : 1;
  const pages: string[] = [];
  let next: number | null = page;
  for (let i = 0; i < times && next !== null; i++) {
    const answer = await fetchPage(subject, filter, next);
    pages.push(answer.template);
    next = answer.next_page_number;
  }
  return { pages, next };
}

/**
 * The reviews of one type and tag (docs/product/reviews.md): the server's first
 * page, then more from the reviews call as the list's end comes within 300px (or on 'Показать
 * ещё отзывы'). Choosing another filter hides the cards, shows the loading state and shows the
 * first load of that filter; what was fetched per filter is kept, so going back to a type
 * shows it at once. Cards are the call's HTML, built and escaped on the server. `#rate-N` or
 * `rate_id` scroll to a card, or to the list when the card is not shown.
 */
export const ReviewsList = memo(function ReviewsList({
  subject,
  filter,
  initial,
}: {
  /** Whose reviews: the doctor's or the clinic's reviews call. */
  subject: ReviewSubject;
  filter: ReviewsFilter;
  /** The server-rendered first page and the filter it is of. */
  initial: { filter: ReviewsFilter; template: string; next: number | null };
}) {
  const cache = useRef(
    new Map<string, Loaded>([[keyOf(initial.filter), { pages: [initial.template], next: initial.next }]]),
  );
  const key = keyOf(filter);
  const [shown, setShown] = useState<{ key: string; loaded: Loaded } | null>(() => {
    const loaded = cache.current.get(key);
    return loaded ? { key, loaded } : null;
  });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [attempt, setAttempt] = useState(0);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useSeenReviews(list);

  // Another filter: from the cache, or fetched (the cards hide while it loads).
  const filterRef = useRef(filter);
  filterRef.current = filter;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter
  useEffect(() => {
    if (shown?.key === key) return;
    const cached = cache.current.get(key);
    if (cached) {
      setShown({ key, loaded: cached });
      setState('idle');
      window.dispatchEvent(new CustomEvent(FILTERED_EVENT, { detail: filter }));
      return;
    }
    let live = true;
    setShown(null);
    setState('loading');
    fetchLoad(subject, filter, 1).then(
      (loaded) => {
        cache.current.set(key, loaded);
        if (!live) return;
        setShown({ key, loaded });
        setState('idle');
        window.dispatchEvent(new CustomEvent(FILTERED_EVENT, { detail: filter }));
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [key, subject.kind, subject.id, attempt]);

  async function loadMore() {
    if (!shown || shown.loaded.next === null || state === 'loading') return;
    const at = shown;
    setState('loading');
    try {
      const more = await fetchLoad(subject, filterRef.current, at.loaded.next as number);
      const loaded = { pages: [...at.loaded.pages, ...more.pages], next: more.next };
      cache.current.set(at.key, loaded);
      setShown((now) => (now?.key === at.key ? { key: at.key, loaded } : now));
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  const next = shown?.loaded.next ?? null;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || next === null || state !== 'idle') return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && void loadMore(), {
      rootMargin: AUTO_LOAD_MARGIN,
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  // rate_id=N or #rate-N: to that card, or to the list when it is not among the shown ones.
  useEffect(() => {
    const url = new URL(window.location.href);
    const id = url.searchParams.get('rate_id') ?? /^#rate-(\d+)$/.exec(url.hash)?.[1];
    if (!id) return;
    (document.getElementById(`rate-${id}`) ?? list.current)?.scrollIntoView({ block: 'start' });
  }, []);

  // A hint tooltip (server/modules/reviews/read/cards-html.ts) shows while its button has focus: Escape hides it.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const active = document.activeElement;
      if (event.key === 'Escape' && active instanceof HTMLElement && active.closest('[data-tip]'))
        active.blur();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const html = shown?.loaded.pages.join('') ?? '';
  return (
    <div ref={list} id="reviews-list" className="scroll-mt-24" aria-busy={state === 'loading'}>
      {shown === null ? (
        state === 'failed' ? (
          <div role="alert" className="card flex flex-col items-center gap-3 p-6 text-center text-error">
            Не удалось загрузить отзывы.
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Попробовать ещё раз
            </Button>
          </div>
        ) : (
          <p role="status" className="card p-6 text-center text-ink-soft">
            Загружаем отзывы…
          </p>
        )
      ) : html === '' ? (
        <p className="card p-6 text-center text-ink-soft" role="status">
          {filter.tag ? 'Отзывов с этим тегом пока нет.' : 'Отзывов этого типа пока нет.'}
        </p>
      ) : (
        // The call's HTML: every value in it is escaped on the server (cards-html.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-built, escaped review cards
        <div className="flex flex-col gap-3" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      <div ref={sentinel} />
      {shown !== null && next !== null && (
        <div className="mt-4 flex flex-col items-center gap-2">
          {state === 'failed' && (
            <p role="alert" className="text-sm text-error">
              Не удалось загрузить отзывы. Попробуйте ещё раз.
            </p>
          )}
          <Button variant="secondary" busy={state === 'loading'} onClick={() => void loadMore()}>
            {state === 'loading' ? 'Загружаем…' : 'Показать ещё отзывы'}
          </Button>
        </div>
      )}
    </div>
  );
});
