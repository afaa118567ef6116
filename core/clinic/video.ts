/**
 * Videos on the clinic page come from exactly two hosts, VK Video and RuTube (the product spec:
 * the video carousel rejects a missing URL or an unsupported host; the two are the Russian
 * video services, reachable from every Russian network). A link as a clinic pastes it is read
 * here into the one embed address the page frames; the page's Content-Security-Policy
 * (`frame-src`) allows only these players' origins.
 *
 *   https://vkvideo.ru/video-22822305_456239018    → https://vk.com/video_ext.php?oid=-22822305&id=456239018&hd=2
 *   https://vk.com/video?z=video-22822305_456239018 → the same
 *   https://rutube.ru/video/0a1b…(32 hex)/          → https://rutube.ru/play/embed/0a1b…
 *   https://youtube.com/…, ftp://…, 'видео'         → null
 */

/**
 * 'demo': the demo data's own synthetic clip (public/demo/videos, server/db/seed/write-demo-video.ts),
 * served by the site itself and played in a <video>; a clinic's link never names it.
 */
export const VIDEO_HOSTS = ['vk', 'rutube', 'demo'] as const;
export type VideoHost = (typeof VIDEO_HOSTS)[number];

/**
 * The origins the clinic page may frame (its `frame-src`): VK's player is served from vk.com and
 * may move to vkvideo.ru on its way, RuTube's from rutube.ru.
 */
export const VIDEO_EMBED_ORIGINS = ['https://vk.com', 'https://vkvideo.ru', 'https://rutube.ru'] as const;

export interface ClinicVideo {
  host: VideoHost;
  /** The video's id on its host ('-22822305_456239018' on VK). */
  id: string;
  /** What the page frames. */
  embedUrl: string;
  /** The video's own page, for a link. */
  watchUrl: string;
}

export const VIDEO_TEXTS = {
  missing: 'Вставьте ссылку на видео',
  unsupported: 'Добавьте ссылку на видео из VK Видео или RuTube',
} as const;

/** The host's name as the page writes it ('Смотреть в VK Видео'). */
export const VIDEO_HOST_NAMES: Record<VideoHost, string> = {
  vk: 'VK Видео',
  rutube: 'RuTube',
  demo: 'демо-ролик',
};

/** The demo data's clips, by their path on the site. */
const DEMO_VIDEO = /^\/demo\/videos\/([a-z0-9-]{1,40})\.webm$/;

/** A VK video: its owner (a user, or a community with a minus) and its number. */
const VK_VIDEO = /^(?:video|clip)(-?\d{1,19})_(\d{1,19})$/;
/** The access key of a private VK video's player ('hash=…'), kept when a clinic pastes it. */
const VK_HASH = /^[0-9a-f]{8,32}$/;
const RUTUBE_ID = /^[0-9a-f]{32}$/;

function vk(owner: string, video: string, hash: string | null = null): ClinicVideo | null {
  if (!/^-?\d{1,19}$/.test(owner) || !/^\d{1,19}$/.test(video)) return null;
  if (hash !== null && !VK_HASH.test(hash)) return null;
  const id = `${owner}_${video}`;
  return {
    host: 'vk',
    id,
    embedUrl: `https://vk.com/video_ext.php?oid=${owner}&id=${video}${hash ? `&hash=${hash}` : ''}&hd=2`,
    watchUrl: `https://vkvideo.ru/video${id}`,
  };
}

/** 'video-1_2' (or 'clip-1_2') → the video; anything else null. */
function vkNamed(name: string | undefined | null): ClinicVideo | null {
  const match = VK_VIDEO.exec(decodeURIComponent(name ?? '').split('/')[0]);
  return match ? vk(match[1], match[2]) : null;
}

const rutube = (id: string): ClinicVideo | null =>
  RUTUBE_ID.test(id)
    ? {
        host: 'rutube',
        id,
        embedUrl: `https://rutube.ru/play/embed/${id}`,
        watchUrl: `https://rutube.ru/video/${id}/`,
      }
    : null;

/** The path's parts without empty ones: '/video/abc/' → ['video', 'abc']. */
const segments = (pathname: string) => pathname.split('/').filter(Boolean);

const VK_HOSTS = new Set(['vk.com', 'vk.ru', 'vkvideo.ru']);

/**
 * The video a link names, or null when it is not a video of VK Video or RuTube. The scheme may be
 * left out ('vkvideo.ru/video…'); only http(s), no user part, no port.
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
  const parts = segments(url.pathname);
  const [first, second] = parts;
  if (VK_HOSTS.has(host)) {
    // The player's own address: /video_ext.php?oid=-1&id=2[&hash=…].
    if (first === 'video_ext.php' && second === undefined) {
      const q = url.searchParams;
      return vk(q.get('oid') ?? '', q.get('id') ?? '', q.get('hash'));
    }
    // A video opened over a list or a community page: ?z=video-1_2[/playlist].
    if (url.searchParams.has('z')) return parts.length <= 1 ? vkNamed(url.searchParams.get('z')) : null;
    // /video-1_2, /clip-1_2, or /@community/video-1_2.
    const last = parts[parts.length - 1];
    if (parts.length === 1 || (parts.length === 2 && first.startsWith('@'))) return vkNamed(last);
    return null;
  }
  if (host === 'rutube.ru') {
    if ((first === 'video' || first === 'shorts') && second && parts.length === 2) return rutube(second);
    if (first === 'play' && second === 'embed' && parts.length === 3) return rutube(parts[2]);
    return null;
  }
  return null;
}

/** Why a link is refused ('' or an unsupported host), or null when it is a video. */
export function videoUrlError(input: string): string | null {
  if (!input.trim()) return VIDEO_TEXTS.missing;
  return parseVideoUrl(input) ? null : VIDEO_TEXTS.unsupported;
}

/**
 * The embed address a stored video row keeps (its `src`) back to the video; null if it is not one.
 * A demo clip's row keeps its path on the site (only the seed writes one).
 */
export const videoOfEmbed = (embedUrl: string): ClinicVideo | null => {
  const demo = DEMO_VIDEO.exec(embedUrl);
  if (demo) return { host: 'demo', id: demo[1], embedUrl, watchUrl: embedUrl };
  const video = parseVideoUrl(embedUrl);
  return video && video.embedUrl === embedUrl ? video : null;
};
