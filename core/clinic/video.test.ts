import { describe, expect, it } from 'vitest';
import { parseVideoUrl, VIDEO_TEXTS, videoOfEmbed, videoUrlError } from './video';

const YT = 'dQw4w9WgXcQ';
const RT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const ytEmbed = `https://www.youtube-nocookie.com/embed/${YT}`;
const rtEmbed = `https://rutube.ru/play/embed/${RT}`;

describe('parseVideoUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}&t=42s`,
    `http://m.youtube.com/watch?feature=share&v=${YT}`,
    `https://youtu.be/${YT}`,
    `youtu.be/${YT}?si=abc`,
    `  https://www.youtube.com/embed/${YT}  `,
    `https://www.youtube.com/shorts/${YT}`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
  ])('reads the YouTube link %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({
      host: 'youtube',
      id: YT,
      embedUrl: ytEmbed,
      watchUrl: `https://www.youtube.com/watch?v=${YT}`,
    });
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
    'https://vk.com/video-1_2',
    `ftp://youtube.com/watch?v=${YT}`,
    `javascript:alert(1)//youtu.be/${YT}`,
    `https://youtube.com.evil.ru/watch?v=${YT}`,
    `https://evil.ru/youtu.be/${YT}`,
    `https://user@youtube.com/watch?v=${YT}`,
    `https://youtube.com:8443/watch?v=${YT}`,
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC1234567890',
    `https://youtu.be/${YT}/more`,
    'https://rutube.ru/video/not-a-video-id/',
    'https://rutube.ru/channel/123/',
    `https://youtube.com/watch?v=${YT} и ещё`,
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe('videoUrlError', () => {
  it('asks for a link when there is none, and names the two hosts for any other', () => {
    expect(videoUrlError('   ')).toBe(VIDEO_TEXTS.missing);
    expect(videoUrlError('https://vimeo.com/1')).toBe(VIDEO_TEXTS.unsupported);
    expect(videoUrlError(`youtu.be/${YT}`)).toBeNull();
  });
});

describe('videoOfEmbed', () => {
  it('reads back only the embed addresses it makes', () => {
    expect(videoOfEmbed(ytEmbed)?.id).toBe(YT);
    expect(videoOfEmbed(rtEmbed)?.host).toBe('rutube');
    expect(videoOfEmbed(`https://www.youtube.com/watch?v=${YT}`)).toBeNull();
  });
});
