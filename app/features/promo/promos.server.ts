import { pageTags } from '../../../core/cache/page-tags';
import type { PagePromos } from '../../../core/promo/contracts';
import { promoDismissals } from '../../../core/promo/visibility';
import type { PageContext } from '../../lib/services.server';

/**
 * The promo banners a page offers (docs/product/promotions.md), for its loader data under
 * `promos`: the shell renders them above the page. A banner the visitor put away is left out
 * here, on the server, so a reload never shows it for a moment; the page cache keeps such
 * visitors' copies apart by those cookies (server/app.ts).
 */
export async function loadPromos(
  context: PageContext,
  offer: { award?: boolean; app?: boolean },
): Promise<PagePromos> {
  const dismissed = promoDismissals(context.cookies);
  const { promo } = context.services;
  return {
    award: offer.award && !dismissed.award ? await promo.awardBanner(context.clock.now()) : null,
    app: offer.app && !dismissed.app ? promo.appPromo() : null,
  };
}

/** The cache tag of pages with promos: the staff's edits of the award drop them. */
export const PROMO_TAG = pageTags.promo;
