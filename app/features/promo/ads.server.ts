import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { AdPlace } from '../../../core/promo/ads';
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
