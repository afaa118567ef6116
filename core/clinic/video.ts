/**
 * Videos on the clinic page come from exactly two hosts, YouTube and RuTube (the product spec:
 * the video carousel rejects a missing URL or an unsupported host). A link as a clinic pastes
 * it is read here into the one embed address the page frames; the page's Content-Security-Policy
 * (`frame-src`) allows only these embed origins.
 *
 *   https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1 → https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ
 *   youtu.be/dQw4w9WgXcQ                          → the same
 *   https://rutube.ru/video/0a1b…(32 hex)/          → https://rutube.ru/play/embed/0a1b…
 *   https://vimeo.com/1, ftp://…, 'видео'          → null
 */

export const VIDEO_HOSTS = ['youtube', 'rutube'] as const;
export type VideoHost = (typeof VIDEO_HOSTS)[number];

/** The origins the clinic page may frame (its `frame-src`), one per accepted host. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://rutube.ru'] as const;

export interface ClinicVideo {
  host: VideoHost;
  /** The video's id on its host. */
  id: string;
  /** What the page frames. */
  embedUrl: string;
  /** The video's own page, for a link. */
  watchUrl: string;
}

export const VIDEO_TEXTS = {
  missing: 'Вставьте ссылку на видео',
  unsupported: 'Добавьте ссылку на видео с YouTube или RuTube',
} as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const RUTUBE_ID = /^[0-9a-f]{32}$/;

const youtube = (id: string): ClinicVideo | null =>
  YOUTUBE_ID.test(id)
    ? {
        host: 'youtube',
        id,
        embedUrl: `${VIDEO_EMBED_ORIGINS[0]}/embed/${id}`,
        watchUrl: `https://www.youtube.com/watch?v=${id}`,
      }
    : null;

const rutube = (id: string): ClinicVideo | null =>
  RUTUBE_ID.test(id)
    ? {
        host: 'rutube',
        id,
        embedUrl: `${VIDEO_EMBED_ORIGINS[1]}/play/embed/${id}`,
        watchUrl: `https://rutube.ru/video/${id}/`,
      }
    : null;

/** The path's parts without empty ones: '/video/abc/' → ['video', 'abc']. */
const segments = (pathname: string) => pathname.split('/').filter(Boolean);

/**
 * The video a link names, or null when it is not a video of YouTube or RuTube. The scheme may be
 * left out ('youtu.be/…'); only http(s), no user part, no port.
 */
export function parseVideoUrl(input: string): ClinicVideo | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const [first, second] = segments(url.pathname);
  switch (host) {
    case 'youtube.com':
      if (first === 'watch' && second === undefined) return youtube(url.searchParams.get('v') ?? '');
      if ((first === 'embed' || first === 'shorts' || first === 'live') && second) return youtube(second);
      return null;
    case 'youtube-nocookie.com':
      return first === 'embed' && second ? youtube(second) : null;
    case 'youtu.be':
      return first && second === undefined ? youtube(first) : null;
    case 'rutube.ru':
      if ((first === 'video' || first === 'shorts') && second) return rutube(second);
      if (first === 'play' && second === 'embed') return rutube(segments(url.pathname)[2] ?? '');
      return null;
    default:
      return null;
  }
}

/** Why a link is refused ('' or an unsupported host), or null when it is a video. */
export function videoUrlError(input: string): string | null {
  if (!input.trim()) return VIDEO_TEXTS.missing;
  return parseVideoUrl(input) ? null : VIDEO_TEXTS.unsupported;
}

/** The embed address a stored video row keeps (its `src`) back to the video; null if it is not one. */
export const videoOfEmbed = (embedUrl: string): ClinicVideo | null => {
  const video = parseVideoUrl(embedUrl);
  return video && video.embedUrl === embedUrl ? video : null;
};
