import { lazy, Suspense } from 'react';
import type { AdPlace } from '../../../core/promo/ads';

// The banner's code (the call, the visibility timer, the label) arrives after the page's own
// scripts, like the promo banners': the slot adds a few hundred bytes to the first load.
const AdBanner = lazy(() => import('./ad-banner'));

/** The slot's fixed height per place, the same before and after the banner arrives: no layout shift. */
export const AD_SLOT_CLASS: Record<AdPlace, string> = {
  list_top: 'h-[156px] sm:h-[124px]',
  list_inline: 'h-[156px] sm:h-[124px]',
  page_side: 'h-[236px]',
};

export interface AdSlotProps {
  place: AdPlace;
  /** The town's slug: campaigns run in a town or in all of them. */
  town: string;
  /** A doctor's or clinic's page names itself: PRO and ULTIMA pages get no banner. */
  clinic?: number;
  doctor?: number;
  className?: string;
}

/**
 * A place for an ad (docs/product/ads.md). Pages come from the anonymous page cache, so the
 * server renders only this empty, fixed-height box; in the browser the banner is asked for with
 * a fresh impression key. Loaders render a slot only where a campaign runs.
 */
export function AdSlot(props: AdSlotProps) {
  const box = `${AD_SLOT_CLASS[props.place]} ${props.className ?? ''}`;
  return (
    <Suspense fallback={<div className={box} data-ad-slot={props.place} />}>
      <AdBanner {...props} />
    </Suspense>
  );
}
