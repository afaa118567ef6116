/** A video of the clinic's gallery: YouTube or RuTube (core/clinic/video.ts), the embed address only. */
export interface GalleryVideoItem {
  embedUrl: string;
  watchUrl: string;
  caption: string | null;
}

/**
 * The clinic's videos, each in its host's player (framed lazily: the player loads when it
 * scrolls near). The page's Content-Security-Policy lets only these two hosts be framed.
 */
export function VideoGallery({
  items,
  fallbackTitle,
}: {
  items: readonly GalleryVideoItem[];
  fallbackTitle: string;
}) {
  if (!items.length) return null;
  return (
    <ul aria-label="Видео клиники" className="grid gap-4 sm:grid-cols-2">
      {items.map((v) => {
        const title = v.caption || fallbackTitle;
        return (
          <li key={v.embedUrl}>
            <figure>
              <div className="aspect-video overflow-hidden rounded-lg border border-line bg-canvas">
                <iframe
                  src={v.embedUrl}
                  title={title}
                  loading="lazy"
                  allow="encrypted-media; fullscreen; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="h-full w-full"
                />
              </div>
              <figcaption className="mt-1 text-sm text-ink-soft">
                {v.caption && <span>{v.caption} · </span>}
                <a
                  href={v.watchUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand hover:underline"
                >
                  {v.watchUrl.startsWith('https://rutube.ru/') ? 'Смотреть на RuTube' : 'Смотреть в VK Видео'}
                </a>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
