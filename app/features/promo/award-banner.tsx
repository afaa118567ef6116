import { lazy, Suspense, useState } from 'react';
import { awardHideCookie } from '../../../core/promo/award-phase';
import type { AwardBannerData } from '../../../core/promo/contracts';
import { Button } from '../../components/ui/button';
import { setCookie } from '../../lib/cookies';

// The modal (and its dialog library) loads on the first press of 'Подробнее', not with the page.
const AwardModal = lazy(() => import('./award-modal'));

/**
 * The annual award's banner (docs/product/promotions.md): the phase's title and picture, 'Скрыть'
 * (a cookie keeps it hidden for half a day, and the server then renders pages without it) and
 * 'Подробнее', which opens the modal with the phase's events and the award site's button.
 */
export function AwardBanner({ award }: { award: AwardBannerData }) {
  const [hidden, setHidden] = useState(false);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (hidden) return null;
  const { content } = award;
  const dark = content.dark;

  function hide() {
    setCookie(awardHideCookie());
    setHidden(true);
  }

  return (
    <section
      aria-label="Премия ПроДокторов"
      data-award-phase={award.phase}
      className={`flex items-center gap-3 rounded-[var(--radius-card)] p-3 sm:gap-4 sm:p-4 ${
        dark ? 'bg-[#101c3a] text-white' : 'card border border-brand/20'
      }`}
    >
      <img src={content.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0" />
      <p className="min-w-0 flex-1 font-semibold leading-snug">{content.title}</p>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:gap-2">
        {/* The banner comes with the page's HTML and hydrates with its chunk: Button waits for it. */}
        <Button
          variant="bare"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          className={`rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${
            dark ? 'bg-white text-[#101c3a] hover:bg-white/90' : 'bg-brand text-white hover:bg-brand-dark'
          }`}
        >
          Подробнее
        </Button>
        <Button
          variant="bare"
          onClick={hide}
          className={`rounded-lg px-3 py-1.5 text-sm disabled:opacity-50 ${dark ? 'text-white/80 hover:bg-white/10' : 'text-muted hover:bg-canvas'}`}
        >
          Скрыть
        </Button>
      </div>
      {loaded && (
        <Suspense fallback={null}>
          <AwardModal award={award} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}
