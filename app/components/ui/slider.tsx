import { Children, type ReactNode, useEffect, useRef, useState } from 'react';
import { sliderEnabled } from '../../../core/ui/slider';

/**
 * A horizontal slider of cards (review tags, photos, promotions). Server-rendered as a plain
 * wrapping list; after hydration it becomes a scroll-snapping row when there are enough
 * slides (above 4 on phones, 5 on wide screens) and the page was not opened on #map_page or
 * #filters. Phones swipe; wider screens also get arrow buttons.
 */
export function Slider({ label, children }: { label: string; children: ReactNode }) {
  const slides = Children.toArray(children);
  const [enabled, setEnabled] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: false });
  const track = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const update = () => setEnabled(sliderEnabled(slides.length, window.innerWidth, window.location.hash));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [slides.length]);

  function onScroll() {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }

  function scrollBy(direction: 1 | -1) {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  }

  const arrow =
    'absolute top-1/2 z-10 hidden h-9 w-9 -translate-y-1/2 place-items-center rounded-full bg-surface shadow-md hover:text-brand disabled:hidden md:grid';
  return (
    <section aria-roledescription="карусель" aria-label={label} className="relative">
      {/* Relative: a slide's absolutely placed parts (screen-reader text) stay inside the track. */}
      <ul
        ref={track}
        onScroll={enabled ? onScroll : undefined}
        className={
          enabled
            ? 'relative flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none] [&>li]:w-[85%] [&>li]:shrink-0 [&>li]:snap-start sm:[&>li]:w-[calc((100%-2.25rem)/4)]'
            : 'relative flex flex-wrap gap-3'
        }
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
          <li key={i} aria-roledescription="слайд" aria-label={`${i + 1} из ${slides.length}`}>
            {slide}
          </li>
        ))}
      </ul>
      {enabled && (
        <>
          <button
            type="button"
            aria-label="Назад"
            disabled={edges.start}
            onClick={() => scrollBy(-1)}
            className={`${arrow} -left-4`}
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Вперёд"
            disabled={edges.end}
            onClick={() => scrollBy(1)}
            className={`${arrow} -right-4`}
          >
            ›
          </button>
        </>
      )}
    </section>
  );
}
