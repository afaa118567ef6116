import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { adBanner, viewBanner, viewStatus } from '../../../core/promo/ad-calls';
import type { AdBanner as AdBannerData } from '../../../core/promo/ad-contracts';
import {
  AD_VIEW_DELAY_MS,
  ADS_HIDDEN_COOKIE,
  ADS_HIDDEN_NOTE,
  ADS_HIDDEN_VALUE,
  adLabel,
  adsHiddenCookie,
  adViewPercent,
} from '../../../core/promo/ads';
import { Button } from '../../components/ui/button';
import { api, isAborted } from '../../lib/api';
import { hasCookie, setCookie } from '../../lib/cookies';
import { AD_SLOT_CLASS, type AdSlotProps } from './ad-slot';

type State =
  | { kind: 'waiting' }
  | { kind: 'shown'; banner: AdBannerData }
  | { kind: 'none' }
  | { kind: 'hidden' };

/** Every slot of the page: a press on one banner's hide control puts all of them away. */
const hideAll = new Set<() => void>();

const hiddenByCookie = () => hasCookie(ADS_HIDDEN_COOKIE, ADS_HIDDEN_VALUE);

/**
 * One ad slot's banner (docs/product/ads.md): asked for once the slot is on the page and
 * displayed (a slot hidden at this width asks for nothing), labelled 'Реклама' with the
 * advertiser and erid, reported as seen after 2 s at 100% visible (50% for demo campaigns),
 * opened in a new tab through the counted click link.
 */
export default function AdBanner({ place, town, clinic, doctor, className }: AdSlotProps) {
  const box = `${AD_SLOT_CLASS[place]} ${className ?? ''}`;
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'waiting' });

  useEffect(() => {
    const el = ref.current;
    if (!el || el.getClientRects().length === 0 || hiddenByCookie()) {
      setState({ kind: 'none' });
      return;
    }
    const gone = () => setState((s) => (s.kind === 'hidden' ? s : { kind: 'none' }));
    hideAll.add(gone);
    const controller = new AbortController();
    api
      .send(adBanner, { query: { town, place, clinic, doctor }, signal: controller.signal })
      .then(({ banner }) => setState(banner ? { kind: 'shown', banner } : { kind: 'none' }))
      .catch((error) => {
        if (isAborted(error)) return;
        setState({ kind: 'none' });
      });
    return () => {
      controller.abort();
      hideAll.delete(gone);
    };
  }, [town, place, clinic, doctor]);

  const banner = state.kind === 'shown' ? state.banner : null;
  useEffect(() => {
    const el = ref.current;
    if (!banner || !el) return;
    api.beacon(viewStatus, { key: banner.key, redis_id: banner.redis_id, js: '1' });
    return watchView(el, banner);
  }, [banner]);

  if (state.kind === 'none') return null;
  if (state.kind === 'hidden') {
    return (
      <div className={`${box} card flex items-center p-4 text-sm text-ink-soft`} role="status">
        {ADS_HIDDEN_NOTE}
      </div>
    );
  }
  if (!banner) return <div ref={ref} className={box} data-ad-slot={place} />;

  const hide = () => {
    setCookie(adsHiddenCookie());
    for (const other of hideAll) other();
    setState({ kind: 'hidden' });
  };
  // The whole card leads to the ad, but not a press on the hide control and not the end of a
  // text selection (the spec's two exceptions); the title is the real link for keyboards.
  const open = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target.closest('a, button')) return;
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    window.open(banner.href, '_blank', 'noopener');
  };
  // The side column is narrow but tall: its text may run longer than a list banner's.
  const side = place === 'page_side';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the title link is the keyboard's way in; the card only widens the mouse target
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      ref={ref}
      className={`${box} card relative flex cursor-pointer gap-3 overflow-hidden p-3`}
      data-ad-slot={place}
      data-ad-campaign={banner.campaign}
      onClick={open}
    >
      {banner.imageUrl && (
        <img
          src={banner.imageUrl}
          alt=""
          className="h-16 w-16 shrink-0 rounded-lg object-cover"
          loading="lazy"
        />
      )}
      <div className="min-w-0 flex-1 pr-8">
        <p className="text-[11px] leading-4 text-muted" data-ad-label>
          {adLabel(banner)}
        </p>
        <a
          href={banner.href}
          target="_blank"
          rel="sponsored noopener"
          className={`mt-1 font-semibold text-brand hover:underline ${side ? 'line-clamp-3' : 'line-clamp-2'}`}
        >
          {banner.title}
        </a>
        {banner.body && (
          <p className={`mt-1 text-sm text-ink-soft ${side ? 'line-clamp-4' : 'line-clamp-2'}`}>
            {banner.body}
          </p>
        )}
      </div>
      <Button
        variant="bare"
        onClick={hide}
        aria-label="Скрыть рекламу"
        title="Скрыть рекламу"
        className="absolute top-1 right-1 flex h-9 w-9 items-center justify-center rounded-full text-xl leading-none text-muted hover:bg-canvas hover:text-ink"
      >
        ×
      </Button>
    </div>
  );
}

/**
 * Reports the view once the banner has been visible enough (all of it; half for demo
 * campaigns) for 2 s without a break: scrolling it out or hiding the tab starts the count again.
 * Answers the clean-up.
 */
function watchView(el: Element, banner: AdBannerData): () => void {
  const need = adViewPercent(banner.demo) / 100;
  let timer: number | undefined;
  let ratio = 0;
  let done = false;
  const stop = () => {
    if (timer !== undefined) window.clearTimeout(timer);
    timer = undefined;
  };
  const check = () => {
    // Sub-pixel layout may keep a fully shown banner at 0.995.
    const enough = !document.hidden && ratio >= need - 0.01;
    if (!enough) return stop();
    if (timer !== undefined || done) return;
    timer = window.setTimeout(() => {
      done = true;
      cleanUp();
      const p = ratio >= 0.99 ? 100 : Math.floor(ratio * 100);
      api.beacon(viewBanner, {
        p: String(p),
        c: String(banner.campaign),
        btype: banner.type,
        redis_id: banner.redis_id,
      });
    }, AD_VIEW_DELAY_MS);
  };
  const observer = new IntersectionObserver(
    ([entry]) => {
      ratio = entry.isIntersecting ? entry.intersectionRatio : 0;
      check();
    },
    { threshold: [0, 0.25, 0.5, 0.75, 0.99, 1] },
  );
  observer.observe(el);
  document.addEventListener('visibilitychange', check);
  function cleanUp() {
    stop();
    observer.disconnect();
    document.removeEventListener('visibilitychange', check);
  }
  return cleanUp;
}
