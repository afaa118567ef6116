import { useEffect, useRef, useState } from 'react';
import type { ReviewType } from '../../../core/reviews/types';

/** Spec: the next page loads 300px before the list's end. */
const AUTO_LOAD_MARGIN = '300px';
/** Phones get 20 reviews a load, desktops 10 (pages of 10, two at a time on a phone). */
const PHONE_QUERY = '(max-width: 639px)';

async function fetchPage(url: string): Promise<{ template: string; next_page_number: number | null }> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`reviews: HTTP ${response.status}`);
  return response.json();
}

/**
 * The reviews of one type (spec 'Reviews'): the server's first page, then more pages from the
 * reviews call as the list's end comes within 300px (or on 'Показать ещё отзывы'). Cards are
 * the call's HTML, built and escaped on the server. `#rate-N` or `rate_id` scroll to a card,
 * or to the list when the card is not shown.
 */
export function ReviewsList({
  apiUrl,
  type,
  initialHtml,
  initialNext,
}: {
  /** '/ajax/doctor/{id}/reviews/' or '/ajax/lpu/{id}/reviews/'. */
  apiUrl: string;
  type: ReviewType;
  initialHtml: string;
  initialNext: number | null;
}) {
  const [pages, setPages] = useState<string[]>([initialHtml]);
  const [next, setNext] = useState(initialNext);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // A new type (or a reload of the same) starts over from the server's page.
  useEffect(() => {
    setPages([initialHtml]);
    setNext(initialNext);
    setState('idle');
  }, [initialHtml, initialNext]);

  async function loadMore() {
    if (next === null || state === 'loading') return;
    setState('loading');
    try {
      const times = window.matchMedia(PHONE_QUERY).matches ? 2 : 1;
      let page: number | null = next;
      const html: string[] = [];
      for (let i = 0; i < times && page !== null; i++) {
        const answer = await fetchPage(`${apiUrl}?page=${page}&ratetype=${type}`);
        html.push(answer.template);
        page = answer.next_page_number;
      }
      setPages((p) => [...p, ...html]);
      setNext(page);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  useEffect(() => {
    const el = sentinel.current;
    if (!el || next === null || state !== 'idle') return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && void loadMore(), {
      rootMargin: AUTO_LOAD_MARGIN,
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  // A hint tooltip (reviews-html.ts) shows while its button has focus: Escape hides it.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const active = document.activeElement;
      if (event.key === 'Escape' && active instanceof HTMLElement && active.closest('[data-tip]'))
        active.blur();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // rate_id=N or #rate-N: to that card, or to the list when it is not among the shown ones.
  useEffect(() => {
    const url = new URL(window.location.href);
    const id = url.searchParams.get('rate_id') ?? /^#rate-(\d+)$/.exec(url.hash)?.[1];
    if (!id) return;
    (document.getElementById(`rate-${id}`) ?? list.current)?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <div ref={list} id="reviews-list" className="scroll-mt-24" aria-busy={state === 'loading'}>
      {pages.join('') === '' ? (
        <p className="card p-6 text-center text-ink-soft" role="status">
          Отзывов этого типа пока нет.
        </p>
      ) : (
        // The call's HTML: every value in it is escaped on the server (reviews-html.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-built, escaped review cards
        <div className="flex flex-col gap-3" dangerouslySetInnerHTML={{ __html: pages.join('') }} />
      )}
      <div ref={sentinel} />
      {next !== null && (
        <div className="mt-4 flex flex-col items-center gap-2">
          {state === 'failed' && (
            <p role="alert" className="text-sm text-error">
              Не удалось загрузить отзывы. Попробуйте ещё раз.
            </p>
          )}
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={state === 'loading'}
            className="rounded-lg border border-line px-5 py-2.5 font-medium text-brand hover:border-brand disabled:opacity-60"
          >
            {state === 'loading' ? 'Загружаем…' : 'Показать ещё отзывы'}
          </button>
        </div>
      )}
    </div>
  );
}
