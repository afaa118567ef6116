import { type RefObject, useEffect } from 'react';
import { rateMetrics } from '../../../../core/reviews/calls';
import { api } from '../../../lib/api';

/** A review counts as seen after 2000 ms visible, 100 px inside the viewport. */
export const SEEN_AFTER_MS = 2000;
const SEEN_MARGIN = '-100px 0px';

type Kind = 'doctor' | 'lpu';

/**
 * Counts the review cards under `container` that stay on screen for 2 s (cards added later
 * too), and sends them once with the rate-metrics beacon when the page is hidden or left:
 * form field `rates_id` = JSON {lpu_rates_id, doctor_rates_id}.
 */
export function useSeenReviews(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const seen = new Set<string>();
    const unsent: Record<Kind, Set<number>> = { doctor: new Set(), lpu: new Set() };
    const timers = new Map<Element, ReturnType<typeof setTimeout>>();
    const identify = (el: Element) => {
      const id = Number(el.getAttribute('data-review-id'));
      const kind: Kind = el.getAttribute('data-review-type') === 'lpu' ? 'lpu' : 'doctor';
      return { id, kind, key: `${kind}:${id}` };
    };

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const el = entry.target;
          if (!entry.isIntersecting) {
            clearTimeout(timers.get(el));
            timers.delete(el);
          } else if (!timers.has(el)) {
            timers.set(
              el,
              setTimeout(() => {
                const { id, kind, key } = identify(el);
                timers.delete(el);
                observer.unobserve(el);
                if (seen.has(key) || !(id > 0)) return;
                seen.add(key);
                unsent[kind].add(id);
              }, SEEN_AFTER_MS),
            );
          }
        }
      },
      { rootMargin: SEEN_MARGIN },
    );
    const observeCards = () => {
      for (const card of root.querySelectorAll('article[data-review-id]'))
        if (!seen.has(identify(card).key)) observer.observe(card);
    };
    observeCards();
    const mutations = new MutationObserver(observeCards);
    mutations.observe(root, { childList: true, subtree: true });

    const flush = () => {
      if (unsent.doctor.size === 0 && unsent.lpu.size === 0) return;
      const rates = { lpu_rates_id: [...unsent.lpu], doctor_rates_id: [...unsent.doctor] };
      api.beacon(rateMetrics, { rates_id: JSON.stringify(rates) });
      unsent.doctor.clear();
      unsent.lpu.clear();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      observer.disconnect();
      mutations.disconnect();
      for (const timer of timers.values()) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
    };
  }, [container]);
}
