// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
// happy-dom loads no frames and prints so for the video items: that output is expected.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lightbox, type LightboxItem } from './lightbox';
import { preloadModal } from './modal';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser.
beforeAll(() => preloadModal());

const photo = (n: number): LightboxItem => ({ src: `/media/clinics/${n}.webp`, name: `Фото ${n}` });
const video: LightboxItem = {
  src: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/',
  embedUrl: 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef',
  name: 'Экскурсия',
  caption: 'Экскурсия',
  watchLabel: 'Смотреть на RuTube',
};

function Gallery({
  items,
  start = 0,
  autoplay = 3000,
}: {
  items: LightboxItem[];
  start?: number;
  autoplay?: number;
}) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <Lightbox
      items={items}
      index={index}
      onIndexChange={setIndex}
      onClose={() => setIndex(null)}
      autoplay={autoplay}
    />
  );
}

const counter = () => screen.getByTestId('lightbox-counter').textContent;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let reduced = false;
beforeEach(() => {
  reduced = false;
  vi.useFakeTimers();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the lightbox', () => {
  it('counts photos and videos together and frames a video in its player', () => {
    render(<Gallery items={[photo(1), video]} start={1} autoplay={0} />);
    expect(counter()).toBe('2 из 2');
    expect(screen.getByTitle('Экскурсия').getAttribute('src')).toBe(video.embedUrl);
    expect(screen.getByRole('link', { name: 'Смотреть на RuTube' }).getAttribute('href')).toBe(video.src);
  });

  it('plays the site’s own clip (the demo data’s) in a video element, not a frame', () => {
    const clip: LightboxItem = {
      src: '/demo/videos/clinic-tour.webm',
      embedUrl: '/demo/videos/clinic-tour.webm',
      name: 'Демо-ролик',
      watchLabel: 'Открыть видео',
    };
    render(<Gallery items={[photo(1), clip]} start={1} autoplay={0} />);
    const player = screen.getByTitle('Демо-ролик');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/demo/videos/clinic-tour.webm');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('moves on every 3000 ms and stops at a video', () => {
    render(<Gallery items={[photo(1), photo(2), video, photo(3)]} />);
    tick(2999);
    expect(counter()).toBe('1 из 4');
    tick(1);
    expect(counter()).toBe('2 из 4');
    tick(3000);
    expect(counter()).toBe('3 из 4');
    tick(9000);
    expect(counter()).toBe('3 из 4');
  });

  it('pauses while the pointer is on the picture and stops at the visitor’s own move', () => {
    render(<Gallery items={[photo(1), photo(2), photo(3), photo(4)]} />);
    const stage = screen.getByTestId('lightbox-stage');
    fireEvent.pointerEnter(stage, { pointerType: 'mouse' });
    tick(6000);
    expect(counter()).toBe('1 из 4');
    fireEvent.pointerLeave(stage, { pointerType: 'mouse' });
    tick(3000);
    expect(counter()).toBe('2 из 4');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('3 из 4');
    tick(9000);
    expect(counter()).toBe('3 из 4');
    // The button starts the show again.
    fireEvent.click(screen.getByRole('button', { name: 'Слайд-шоу' }));
    tick(3000);
    expect(counter()).toBe('4 из 4');
  });

  it('stays still for a visitor who asked for reduced motion, and without autoplay', () => {
    reduced = true;
    render(<Gallery items={[photo(1), photo(2)]} />);
    tick(9000);
    expect(counter()).toBe('1 из 2');
    expect(screen.getByRole('button', { name: 'Слайд-шоу' }).getAttribute('aria-pressed')).toBe('false');
    cleanup();
    reduced = false;
    render(<Gallery items={[photo(1), photo(2)]} autoplay={0} />);
    tick(9000);
    expect(counter()).toBe('1 из 2');
  });

  it('preloads three pictures on each side, never a video', () => {
    const loaded: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(value: string) {
          loaded.push(value);
        }
      },
    );
    render(
      <Gallery
        items={[photo(1), photo(2), photo(3), video, photo(5), photo(6), photo(7)]}
        start={3}
        autoplay={0}
      />,
    );
    expect(loaded.sort()).toEqual([
      '/media/clinics/1.webp',
      '/media/clinics/2.webp',
      '/media/clinics/3.webp',
      '/media/clinics/5.webp',
      '/media/clinics/6.webp',
      '/media/clinics/7.webp',
    ]);
  });
});
