import { lazy, Suspense, useState } from 'react';
import { appPromoCloseCookie } from '../../../core/promo/app-store';
import type { AppPromoData } from '../../../core/promo/contracts';
import { Button } from '../../components/ui/button';
import { setCookie } from '../../lib/cookies';

// The slider modal loads on the first press, not with the page.
const AppPromoModal = lazy(() => import('./app-promo-modal'));

/**
 * The mobile app's promo (docs/product/promotions.md). On phones: a card that opens the
 * full-screen modal with two slides and the install button. On wider screens only a modest
 * line with both stores' links. Closing either (×) keeps both closed for two weeks (a cookie
 * the server reads, so pages come without it).
 */
export function AppPromoBanner({ app, phoneCard = true }: { app: AppPromoData; phoneCard?: boolean }) {
  const [closed, setClosed] = useState(false);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (closed) return null;

  function close() {
    setCookie(appPromoCloseCookie());
    setClosed(true);
  }

  const closeButton = (
    <Button
      variant="bare"
      onClick={close}
      aria-label="Закрыть рекламу приложения"
      className="rounded-md px-2 text-xl leading-none text-muted hover:bg-canvas"
    >
      ×
    </Button>
  );
  return (
    <section aria-label="Приложение ПроДокторов" data-app-promo="">
      {phoneCard && (
        <div className="card flex items-center gap-3 p-3 sm:hidden">
          <AppIcon />
          <p className="min-w-0 flex-1 text-sm leading-snug">
            <span className="block font-semibold">Приложение ПроДокторов</span>
            Медкарта и запись к врачу в телефоне
          </p>
          <Button
            variant="bare"
            onClick={() => {
              setLoaded(true);
              setOpen(true);
            }}
            className="shrink-0 rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark"
          >
            Подробнее
          </Button>
          {closeButton}
        </div>
      )}
      <div className="hidden items-center gap-3 text-sm text-ink-soft sm:flex">
        <AppIcon small />
        <p className="flex-1">
          Медкарта и запись к врачу в приложении ПроДокторов:{' '}
          <a
            href={app.appStore}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand underline underline-offset-2"
          >
            App Store
          </a>{' '}
          и{' '}
          <a
            href={app.googlePlay}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand underline underline-offset-2"
          >
            Google Play
          </a>
        </p>
        {closeButton}
      </div>
      {loaded && (
        <Suspense fallback={null}>
          <AppPromoModal app={app} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}

function AppIcon({ small = false }: { small?: boolean }) {
  const size = small ? 24 : 40;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shrink-0">
      <rect width="40" height="40" rx="9" fill="#1a64c7" />
      <rect x="13" y="7" width="14" height="26" rx="3" fill="#fff" />
      <path d="M20 14v8M16 18h8" stroke="#1a64c7" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
