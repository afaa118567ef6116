import type { PagePromos } from '../../../core/promo/contracts';
import { AppPromoBanner } from './app-promo-banner';
import { AwardBanner } from './award-banner';

/**
 * The promos a page offers, above its content (app/routes/shell.tsx). A phone never gets two
 * promo cards stacked over the page: while the award's banner shows, the app promo keeps to
 * wider screens' one line (its card returns on pages without the award, e.g. a doctor's page).
 */
export default function PromoBanners({ promos }: { promos: PagePromos }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 pt-4">
      {promos.award && (
        <AwardBanner key={`${promos.award.year}-${promos.award.phase}`} award={promos.award} />
      )}
      {promos.app && <AppPromoBanner app={promos.app} phoneCard={!promos.award} />}
    </div>
  );
}
