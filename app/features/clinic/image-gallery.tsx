import { useState } from 'react';
import { Lightbox, type LightboxItem } from '../../components/ui/lightbox';

/**
 * Thumbnails that open the lightbox. Each thumbnail is a link to the full picture, so
 * without JavaScript (and for crawlers) the pictures are still one click away.
 */
export function ImageGallery({
  items,
  label,
  thumbClassName = 'h-28 w-20',
}: {
  items: readonly LightboxItem[];
  /** Accessible name of the list, e.g. 'Лицензии'. */
  label: string;
  thumbClassName?: string;
}) {
  const [shown, setShown] = useState<number | null>(null);
  if (!items.length) return null;
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-3">
        {items.map((item, i) => (
          <li key={item.src}>
            <a
              href={item.src}
              target="_blank"
              rel="noopener"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                setShown(i);
              }}
              className="block overflow-hidden rounded-lg border border-line bg-canvas hover:border-brand"
            >
              <img
                src={item.src}
                alt={item.name}
                loading="lazy"
                className={`${thumbClassName} object-cover object-top`}
              />
            </a>
          </li>
        ))}
      </ul>
      <Lightbox items={items} index={shown} onIndexChange={setShown} onClose={() => setShown(null)} />
    </>
  );
}
