import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { AdPlace } from '../../../core/promo/ads';
import { lazyChunks } from '../../lib/lazy-chunks.server';
import type { PageContext } from '../../lib/services.server';

/**
 * The ad slots a page renders (docs/product/ads.md), for its loader data under `ads`: the
 * places with a live campaign in the town, none on a PRO or ULTIMA doctor's or clinic's page,
 * none for a visitor who hid ads or a crawler (the page cache keys on both: core/promo/visibility.ts).
 */
export function loadAdSlots(
  context: PageContext,
  townId: number,
  page?: { kind: 'doctor' | 'clinic'; version: SoftwareVersion | null },
): Promise<AdPlace[]> {
  return context.services.ads.slots({
    townId,
    page,
    cookies: context.cookies,
    userAgent: context.visitor.userAgent,
  });
}

/**
 * The banner's scripts (its chunk and those it imports, none of `besides`: what the document
 * loads anyway) for a list whose first screen holds an ad on a wide screen, `list_top`: the
 * server asks the browser to preload them with the page's own (`preloadModule`). Without the
 * preload its code was asked for only once hydration reached the slot, a round trip before its
 * call. (A phone shows that banner after the first card, below its first screen.) Pages with
 * only lower slots leave them out: their code should not weigh on the first load.
 */
export function topAdChunks(ads: AdPlace[], besides: string[]): string[] {
  return ads.includes('list_top') ? lazyChunks('app/features/promo/ad-banner.tsx', besides) : [];
}
