import { useEffect, useState } from 'react';
import { Modal } from './modal';

/**
 * A gallery item: a picture (`src`, a name, an optional caption) or a video, which the lightbox
 * frames in its host's player (`embedUrl`; `src` is then the video's own page, for the link), or
 * plays in a <video> when `embedUrl` is a path on the site itself (the demo data's clip).
 */
export interface LightboxItem {
  src: string;
  name: string;
  caption?: string | null;
  /** A video: the player's address (a host the page's frame-src allows). */
  embedUrl?: string;
  /** A video: the link's text ('Смотреть в VK Видео'). */
  watchLabel?: string;
}

/** The product's text, kept verbatim (in English, as docs/product/directory.md quotes it). */
export const LIGHTBOX_ERROR = 'The requested content cannot be loaded. Please try again later.';
/** The lightbox preloads 3 pictures on each side of the shown one. */
const PRELOAD = 3;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Full-size pictures and videos one at a time (licences, the clinic's photos and videos): arrows
 * and ←/→ move, Escape closes, 'N из M' counts. It is a Modal, so focus stays inside and a
 * lightbox opened from another modal closes on its own Escape without closing that one.
 *
 * With `autoplay` (ms) it moves on by itself (docs/product/directory.md, 'Picture viewer'): not
 * for visitors who asked for reduced motion, paused while the pointer or the focus is on the
 * picture, stopped for good by any move of the visitor's own (an arrow, a key) and at a video or
 * the last item; a button stops and restarts it.
 */
export function Lightbox({
  items,
  index,
  onIndexChange,
  onClose,
  autoplay = 0,
}: {
  items: readonly LightboxItem[];
  /** The shown item; null keeps the lightbox closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Milliseconds between items when it moves by itself; 0 never. */
  autoplay?: number;
}) {
  const current = index ?? -1;
  const open = current >= 0 && current < items.length;
  const item = open ? items[current] : null;
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);

  const canPrev = open && current > 0;
  const canNext = open && current < items.length - 1;
  const isVideo = Boolean(item?.embedUrl);

  // Each opening starts the show anew (unless the visitor wants no motion).
  useEffect(() => {
    setPlaying(open && autoplay > 0 && !reducedMotion());
    if (!open) {
      setHovered(false);
      setFocused(false);
    }
  }, [open, autoplay]);

  // A video is watched, not skipped: the show stops there.
  useEffect(() => {
    if (isVideo) setPlaying(false);
  }, [isVideo]);

  useEffect(() => {
    if (!playing || hovered || focused || !canNext) return;
    const timer = setTimeout(() => onIndexChange(current + 1), autoplay);
    return () => clearTimeout(timer);
  }, [playing, hovered, focused, canNext, current, autoplay, onIndexChange]);

  // The picture's pointer and focus pause the show (listened to natively: the stage is no control).
  useEffect(() => {
    const el = stage;
    if (!el) return;
    const enter = (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!el.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    el.addEventListener('pointerenter', enter);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('focusin', focusIn);
    el.addEventListener('focusout', focusOut);
    return () => {
      el.removeEventListener('pointerenter', enter);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('focusin', focusIn);
      el.removeEventListener('focusout', focusOut);
    };
  }, [stage]);

  /** The visitor's own move: the show gives way to him. */
  const go = (to: number) => {
    setPlaying(false);
    onIndexChange(to);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft' && current > 0) {
        event.preventDefault();
        setPlaying(false);
        onIndexChange(current - 1);
      } else if (event.key === 'ArrowRight' && current < items.length - 1) {
        event.preventDefault();
        setPlaying(false);
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
        const near = items[i];
        if (near && !near.embedUrl) new Image().src = near.src;
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
          <div
            className="relative flex min-h-[50vh] flex-1 items-center justify-center rounded-lg bg-canvas"
            data-testid="lightbox-stage"
            ref={setStage}
          >
            {item.embedUrl?.startsWith('/') ? (
              // The site's own clip (the demo data's): played here, not framed.
              <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
                {/* biome-ignore lint/a11y/useMediaCaption: a silent drawn clip, its caption shown below */}
                <video
                  key={item.embedUrl}
                  src={item.embedUrl}
                  title={item.name}
                  controls
                  playsInline
                  preload="metadata"
                  className="h-full w-full"
                />
              </div>
            ) : item.embedUrl ? (
              <div className="aspect-video w-full overflow-hidden rounded-lg">
                <iframe
                  key={item.embedUrl}
                  src={item.embedUrl}
                  title={item.name}
                  allow="encrypted-media; fullscreen; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="h-full w-full"
                />
              </div>
            ) : failed.has(item.src) ? (
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
              onClick={() => canPrev && go(current - 1)}
              className={`${arrow} left-2`}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label="Следующее изображение"
              disabled={!canNext}
              onClick={() => canNext && go(current + 1)}
              className={`${arrow} right-2`}
            >
              ›
            </button>
          </div>
          <figcaption className="mt-3 flex items-start justify-between gap-4 text-sm">
            <span className="text-ink-soft">
              {item.caption}
              {item.embedUrl && item.watchLabel && (
                <>
                  {item.caption && ' · '}
                  <a
                    href={item.src}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand hover:underline"
                  >
                    {item.watchLabel}
                  </a>
                </>
              )}
            </span>
            <span className="flex shrink-0 items-center gap-3">
              {autoplay > 0 && items.length > 1 && (
                <button
                  type="button"
                  aria-pressed={playing}
                  onClick={() => setPlaying((p) => !p && canNext && !isVideo)}
                  className="rounded-md border border-line px-2 py-0.5 text-ink-soft hover:border-brand hover:text-brand"
                >
                  Слайд-шоу
                </button>
              )}
              <span className="text-muted" aria-live="polite" data-testid="lightbox-counter">
                {current + 1} из {items.length}
              </span>
            </span>
          </figcaption>
        </figure>
      )}
    </Modal>
  );
}
