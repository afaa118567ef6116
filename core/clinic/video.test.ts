import { describe, expect, it } from 'vitest';
import { parseVideoUrl, VIDEO_TEXTS, videoOfEmbed, videoUrlError } from './video';

const VK = '-22822305_456239018';
const RT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const vkEmbed = 'https://vk.com/video_ext.php?oid=-22822305&id=456239018&hd=2';
const rtEmbed = `https://rutube.ru/play/embed/${RT}`;

describe('parseVideoUrl', () => {
  it.each([
    `https://vkvideo.ru/video${VK}`,
    `vkvideo.ru/video${VK}?list=ln-abc`,
    `https://vk.com/video${VK}`,
    `http://m.vk.com/video${VK}`,
    `https://vk.ru/video${VK}`,
    `https://vk.com/video?z=video${VK}%2Fpl_cat_trends`,
    `https://vk.com/clinic_club?z=video${VK}`,
    `https://vkvideo.ru/@clinic/video${VK}`,
    `https://vk.com/clip${VK}`,
    `  ${vkEmbed}  `,
    'https://vk.com/video_ext.php?oid=-22822305&id=456239018',
  ])('reads the VK Video link %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({
      host: 'vk',
      id: VK,
      embedUrl: vkEmbed,
      watchUrl: `https://vkvideo.ru/video${VK}`,
    });
  });

  it('keeps a private VK video player’s access key', () => {
    expect(parseVideoUrl('https://vk.com/video_ext.php?oid=1&id=2&hash=0a1b2c3d4e5f6a7b')?.embedUrl).toBe(
      'https://vk.com/video_ext.php?oid=1&id=2&hash=0a1b2c3d4e5f6a7b&hd=2',
    );
  });

  it.each([
    `https://rutube.ru/video/${RT}/`,
    `rutube.ru/video/${RT}`,
    `https://rutube.ru/video/${RT}/?r=wd`,
    `https://rutube.ru/play/embed/${RT}`,
    `https://rutube.ru/shorts/${RT}/`,
  ])('reads the RuTube link %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({
      host: 'rutube',
      id: RT,
      embedUrl: rtEmbed,
      watchUrl: `https://rutube.ru/video/${RT}/`,
    });
  });

  it.each([
    '',
    'видео о клинике',
    'https://vimeo.com/76979871',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    `ftp://vk.com/video${VK}`,
    `javascript:alert(1)//vk.com/video${VK}`,
    `https://vk.com.evil.ru/video${VK}`,
    `https://evil.ru/vk.com/video${VK}`,
    `https://user@vk.com/video${VK}`,
    `https://vk.com:8443/video${VK}`,
    'https://vk.com/clinic_club',
    'https://vk.com/video',
    'https://vk.com/videoabc_1',
    `https://vk.com/wall/video${VK}`,
    'https://vk.com/video_ext.php?oid=-1&id=x',
    'https://vk.com/video_ext.php?oid=-1&id=2&hash=<script>',
    'https://rutube.ru/video/not-a-video-id/',
    'https://rutube.ru/channel/123/',
    `https://rutube.ru/video/${RT}/extra/`,
    `https://vkvideo.ru/video${VK} и ещё`,
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe('videoUrlError', () => {
  it('asks for a link when there is none, and names the two hosts for any other', () => {
    expect(videoUrlError('   ')).toBe(VIDEO_TEXTS.missing);
    expect(videoUrlError('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'Добавьте ссылку на видео из VK Видео или RuTube',
    );
    expect(videoUrlError(`vkvideo.ru/video${VK}`)).toBeNull();
  });
});

describe('videoOfEmbed', () => {
  it('reads back only the embed addresses it makes', () => {
    expect(videoOfEmbed(vkEmbed)?.id).toBe(VK);
    expect(videoOfEmbed(rtEmbed)?.host).toBe('rutube');
    expect(videoOfEmbed(`https://vkvideo.ru/video${VK}`)).toBeNull();
  });

  it('reads the demo data’s own clip by its path on the site, which no clinic’s link can name', () => {
    expect(videoOfEmbed('/demo/videos/clinic-tour.webm')).toEqual({
      host: 'demo',
      id: 'clinic-tour',
      embedUrl: '/demo/videos/clinic-tour.webm',
      watchUrl: '/demo/videos/clinic-tour.webm',
    });
    for (const other of [
      '/demo/videos/../x.webm',
      '/uploads/x.webm',
      '/demo/videos/x.mp4',
      'demo/videos/x.webm',
    ])
      expect(videoOfEmbed(other), other).toBeNull();
    expect(parseVideoUrl('/demo/videos/clinic-tour.webm')).toBeNull();
    expect(videoUrlError('https://example.ru/demo/videos/clinic-tour.webm')).toBe(VIDEO_TEXTS.unsupported);
  });
});
