import { lazy, Suspense, useState } from 'react';
import type { LightboxItem } from '../../components/ui/lightbox';

// The lightbox is not part of the page's first load: its code comes when a thumbnail is pointed
// at, focused or opened (a phone's tap points at it first).
const loadLightbox = () => import('../../components/ui/lightbox');
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));
const preloadLightbox = () => void loadLightbox().catch(() => undefined);

/** A thumbnail whose picture did not come (the product's text). */
export const GALLERY_IMAGE_ERROR = 'не удается загрузить изображение';

/**
 * Thumbnails that open the lightbox. Each thumbnail is a link to the full picture (a video's to
 * its page on its host), so without JavaScript (and for crawlers) they are still one click away.
 * Videos are tiles with the play sign: their players load only in the lightbox.
 */
export function ImageGallery({
  items,
  label,
  thumbClassName = 'h-28 w-20',
  autoplay,
}: {
  items: readonly LightboxItem[];
  /** Accessible name of the list, e.g. 'Лицензии'. */
  label: string;
  thumbClassName?: string;
  /** The lightbox moves on by itself every so many ms. */
  autoplay?: number;
}) {
  const [shown, setShown] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  if (!items.length) return null;
  const fail = (src: string) => setBroken((s) => new Set(s).add(src));
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-3">
        {items.map((item, i) => (
          <li key={item.src}>
            <a
              href={item.src}
              target="_blank"
              rel={item.embedUrl ? 'noopener noreferrer' : 'noopener'}
              aria-label={item.embedUrl || broken.has(item.src) ? item.name : undefined}
              onPointerEnter={preloadLightbox}
              onFocus={preloadLightbox}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                setShown(i);
                setOpened(true);
              }}
              className="block overflow-hidden rounded-lg border border-line bg-canvas hover:border-brand"
            >
              {item.embedUrl ? (
                <span
                  className={`${thumbClassName} flex flex-col items-center justify-center gap-1 bg-ink/80 px-2 text-center text-xs text-white`}
                >
                  <span aria-hidden="true" className="text-2xl leading-none">
                    ▶
                  </span>
                  <span className="line-clamp-2">{item.caption || 'Видео'}</span>
                </span>
              ) : broken.has(item.src) ? (
                <span
                  className={`${thumbClassName} flex items-center justify-center px-2 text-center text-xs text-muted`}
                >
                  {GALLERY_IMAGE_ERROR}
                </span>
              ) : (
                <img
                  src={item.src}
                  alt={item.name}
                  loading="lazy"
                  // A picture that failed before the page's scripts ran has no error event left to hear.
                  ref={(img) => {
                    if (img?.complete && img.naturalWidth === 0) fail(item.src);
                  }}
                  onError={() => fail(item.src)}
                  className={`${thumbClassName} object-cover object-top`}
                />
              )}
            </a>
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={shown}
            onIndexChange={setShown}
            onClose={() => setShown(null)}
            autoplay={autoplay}
          />
        </Suspense>
      )}
    </>
  );
}
