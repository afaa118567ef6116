import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { APP_PROMO_SLIDES, storeUrlFor } from '../../../core/promo/app-store';
import type { AppPromoData } from '../../../core/promo/contracts';
import { Modal, ModalClose } from '../../components/ui/modal';

/** A swipe shorter than this is a tap or a wobble, not a turn of the slide. */
const SWIPE_PX = 40;

/**
 * The app promo's modal: full screen on phones, two slides (swipe, arrow keys or the dots),
 * 'Установить приложение' to the store of the visitor's device in a new tab, and 'Закрыть'.
 * It renders only in the browser (after a press), so the device is read from navigator.
 */
export default function AppPromoModal({
  app,
  open,
  onOpenChange,
}: {
  app: AppPromoData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const last = APP_PROMO_SLIDES.length - 1;
  const go = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  const store = storeUrlFor(app, navigator.userAgent, navigator.maxTouchPoints);

  // Arrow keys turn the slides wherever the focus is inside the open modal (it traps the focus).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(last, i + 1));
      else if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, last]);
  function onTouchEnd(event: TouchEvent) {
    const start = touchX.current;
    touchX.current = null;
    if (start === null) return;
    const dx = event.changedTouches[0].clientX - start;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Приложение ПроДокторов"
      mobile="fullscreen"
      desktop="dialog"
      footer={
        <div className="flex w-full flex-col gap-2">
          <a
            href={store}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-brand px-4 py-2.5 text-center font-medium text-white hover:bg-brand-dark"
          >
            Установить приложение
          </a>
          <ModalClose className="rounded-lg px-4 py-2.5 font-medium text-brand hover:bg-brand-soft">
            Закрыть
          </ModalClose>
        </div>
      }
    >
      <section
        aria-roledescription="карусель"
        aria-label="Что умеет приложение"
        onTouchStart={(e) => {
          touchX.current = e.touches[0].clientX;
        }}
        onTouchEnd={onTouchEnd}
        className="overflow-hidden rounded-[var(--radius-card)] outline-offset-2"
      >
        <div
          className="flex transition-transform duration-300 motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {APP_PROMO_SLIDES.map((text, i) => (
            <section
              key={text}
              aria-roledescription="слайд"
              aria-label={`${i + 1} из ${APP_PROMO_SLIDES.length}`}
              aria-hidden={i !== index}
              data-slide={i}
              className="flex w-full shrink-0 flex-col items-center gap-4 bg-brand-soft px-4 py-8 text-center"
            >
              <SlidePicture kind={i === 0 ? 'phone' : 'desktop'} />
              <p className="text-xl font-semibold text-ink">{text}</p>
            </section>
          ))}
        </div>
      </section>
      {/* Small dots, finger-sized buttons around them. */}
      <div className="mt-2 flex justify-center">
        {APP_PROMO_SLIDES.map((text, i) => (
          <button
            key={text}
            type="button"
            aria-label={`Слайд ${i + 1} из ${APP_PROMO_SLIDES.length}`}
            aria-current={i === index}
            onClick={() => go(i)}
            className="grid h-10 w-10 place-items-center rounded-full"
          >
            <span className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand' : 'bg-ink-soft/30'}`} />
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** The slides' small drawings: a phone with a document, a computer screen with the same. */
function SlidePicture({ kind }: { kind: 'phone' | 'desktop' }) {
  return kind === 'phone' ? (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
      <rect x="35" y="10" width="50" height="100" rx="8" fill="#fff" stroke="#1a64c7" strokeWidth="3" />
      <rect x="45" y="28" width="30" height="38" rx="2" fill="#e8f1fd" stroke="#1a64c7" strokeWidth="2" />
      <path d="M50 38h20M50 46h20M50 54h12" stroke="#1a64c7" strokeWidth="2" />
      <circle cx="78" cy="78" r="12" fill="#166534" />
      <path d="M72 78l4 4 8-8" stroke="#fff" strokeWidth="3" fill="none" />
    </svg>
  ) : (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
      <rect x="10" y="20" width="100" height="64" rx="6" fill="#fff" stroke="#1a64c7" strokeWidth="3" />
      <rect x="22" y="32" width="34" height="40" rx="2" fill="#e8f1fd" stroke="#1a64c7" strokeWidth="2" />
      <path d="M64 38h32M64 48h32M64 58h20" stroke="#1a64c7" strokeWidth="2" />
      <path d="M45 100h30M60 84v16" stroke="#1a64c7" strokeWidth="3" />
    </svg>
  );
}
