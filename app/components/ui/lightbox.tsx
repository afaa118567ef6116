import { useEffect, useState } from 'react';
import { Modal } from './modal';

/** A gallery item: the fields a picture needs (a picture, a name, an optional caption). */
export interface LightboxItem {
  src: string;
  name: string;
  caption?: string | null;
}

/** The product's text, kept verbatim (in English, as docs/product/directory.md quotes it). */
export const LIGHTBOX_ERROR = 'The requested content cannot be loaded. Please try again later.';
/** The lightbox preloads 3 pictures on each side of the shown one. */
const PRELOAD = 3;

/**
 * Full-size pictures one at a time (licences, photos): arrows and ←/→ move, Escape closes,
 * 'N из M' counts. It is a Modal, so focus stays inside and a lightbox opened from another
 * modal closes on its own Escape without closing that one.
 */
export function Lightbox({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: readonly LightboxItem[];
  /** The shown item; null keeps the lightbox closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const current = index ?? -1;
  const open = current >= 0 && current < items.length;
  const item = open ? items[current] : null;
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());

  const canPrev = open && current > 0;
  const canNext = open && current < items.length - 1;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft' && current > 0) {
        event.preventDefault();
        onIndexChange(current - 1);
      } else if (event.key === 'ArrowRight' && current < items.length - 1) {
        event.preventDefault();
        onIndexChange(current + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, current, items.length, onIndexChange]);

  useEffect(() => {
    if (!open) return;
    for (let d = 1; d <= PRELOAD; d++) {
      for (const i of [current + d, current - d]) {
        const src = items[i]?.src;
        if (src) new Image().src = src;
      }
    }
  }, [open, current, items]);

  const mark = (set: typeof setFailed, src: string) => set((s) => new Set(s).add(src));
  const arrow =
    'absolute top-1/2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-surface/90 text-2xl shadow-md hover:text-brand disabled:hidden';

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={item?.name ?? ''}
      mobile="fullscreen"
      desktop="dialog"
      width={960}
    >
      {item && (
        <figure className="flex h-full flex-col">
          <div className="relative flex min-h-[50vh] flex-1 items-center justify-center rounded-lg bg-canvas">
            {failed.has(item.src) ? (
              <p role="alert" className="px-6 text-center text-ink-soft">
                {LIGHTBOX_ERROR}
              </p>
            ) : (
              <>
                {!loaded.has(item.src) && (
                  <p className="absolute text-muted" aria-live="polite">
                    Загрузка...
                  </p>
                )}
                <img
                  key={item.src}
                  src={item.src}
                  alt={item.name}
                  onLoad={() => mark(setLoaded, item.src)}
                  onError={() => mark(setFailed, item.src)}
                  className="max-h-[70vh] max-w-full object-contain"
                />
              </>
            )}
            <button
              type="button"
              aria-label="Предыдущее изображение"
              disabled={!canPrev}
              onClick={() => canPrev && onIndexChange(current - 1)}
              className={`${arrow} left-2`}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label="Следующее изображение"
              disabled={!canNext}
              onClick={() => canNext && onIndexChange(current + 1)}
              className={`${arrow} right-2`}
            >
              ›
            </button>
          </div>
          <figcaption className="mt-3 flex items-start justify-between gap-4 text-sm">
            <span className="text-ink-soft">{item.caption}</span>
            <span className="shrink-0 text-muted" aria-live="polite" data-testid="lightbox-counter">
              {current + 1} из {items.length}
            </span>
          </figcaption>
        </figure>
      )}
    </Modal>
  );
}
