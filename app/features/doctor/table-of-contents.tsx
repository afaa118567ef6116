import { useEffect, useRef, useState } from 'react';
import { currentSection, TOC_ACTIVATION_OFFSET, TOC_STICKY_TOP } from '../../../core/doctor/toc';

export interface TocSection {
  id: string;
  label: string;
}

/** Where the sticky area ends on this screen: under the phone bar, or the desktop column's top. */
function stickyBottom(): number {
  const bar = document.querySelector<HTMLElement>('[data-toc-bar]');
  if (bar && bar.offsetParent !== null) {
    return (document.querySelector('header')?.offsetHeight ?? 0) + bar.offsetHeight;
  }
  return TOC_STICKY_TOP;
}

/**
 * The section being read. An IntersectionObserver watches a 1 px band at the activation
 * line (30 px under the sticky area): each time a section's edge crosses it, the current
 * section is worked out again from the sections' positions. Rebuilt on resize, since the
 * band's offsets are in pixels.
 */
export function useActiveSection(ids: string[]): [string | null, (id: string) => void] {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    const sections = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (!sections.length || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | null = null;
    const line = () => stickyBottom() + TOC_ACTIVATION_OFFSET;
    const update = () => {
      const root = document.documentElement;
      const atBottom = window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      setActive(
        currentSection(
          sections.map((el) => ({ id: el.id, top: el.getBoundingClientRect().top })),
          line(),
          atBottom,
        ),
      );
    };
    const observe = () => {
      observer?.disconnect();
      const top = line();
      const below = Math.max(0, window.innerHeight - top - 1);
      observer = new IntersectionObserver(update, { rootMargin: `-${top}px 0px -${below}px 0px` });
      for (const el of sections) observer.observe(el);
      update();
    };
    // The footer coming fully into view is the page's bottom, where the last section is current.
    const footerObserver = new IntersectionObserver(update, { threshold: [0, 1] });
    const footer = document.querySelector('footer');
    if (footer) footerObserver.observe(footer);
    observe();
    window.addEventListener('resize', observe);
    return () => {
      observer?.disconnect();
      footerObserver.disconnect();
      window.removeEventListener('resize', observe);
    };
  }, [key]);

  return [active, setActive];
}

/** What the contents lists show: the sections, the current one, and what a pick does. */
interface TocProps {
  sections: TocSection[];
  active: string | null;
  onPick: (id: string) => void;
}

const SIDE_LINK =
  'block rounded-md border-l-2 border-transparent px-3 py-1.5 text-ink-soft hover:bg-canvas hover:text-brand aria-[current=true]:border-brand aria-[current=true]:bg-brand-soft aria-[current=true]:font-medium aria-[current=true]:text-brand';

/** Desktop: the side column's contents list; the parent makes it sticky. */
export function TocSideNav({ sections, active, onPick }: TocProps) {
  return (
    <nav aria-label="Содержание">
      <p className="mb-2 px-3 text-sm font-semibold text-muted">Содержание</p>
      <TocLinks
        sections={sections}
        active={active}
        onPick={onPick}
        list="flex flex-col gap-0.5 text-sm"
        link={SIDE_LINK}
      />
    </nav>
  );
}

const BAR_LINK =
  'block whitespace-nowrap rounded-full px-3 py-1.5 text-sm text-ink-soft hover:text-brand aria-[current=true]:bg-brand aria-[current=true]:text-white';

/**
 * Phones: a horizontal bar of links that sticks under the site header. The header's height
 * is measured once mounted; before that the bar assumes the header's usual phone height.
 */
export function TocBar({ sections, active, onPick }: TocProps) {
  const bar = useRef<HTMLElement>(null);
  const [top, setTop] = useState<number | null>(null);

  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setTop(header.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // Keep the current link in view inside the bar without scrolling the page.
  useEffect(() => {
    const el = bar.current;
    const link = active ? el?.querySelector<HTMLElement>(`a[href="#${active}"]`) : null;
    if (!el || !link) return;
    const left = link.offsetLeft - 16;
    if (left < el.scrollLeft || link.offsetLeft + link.offsetWidth > el.scrollLeft + el.clientWidth) {
      el.scrollTo({ left, behavior: 'smooth' });
    }
  }, [active]);

  return (
    <nav
      ref={bar}
      data-toc-bar
      aria-label="Содержание"
      style={top === null ? undefined : { top }}
      className="sticky top-[119px] z-20 -mx-4 overflow-x-auto border-b border-line bg-surface/95 px-2 py-1.5 backdrop-blur lg:hidden"
    >
      <TocLinks sections={sections} active={active} onPick={onPick} list="flex gap-1" link={BAR_LINK} />
    </nav>
  );
}

/** The contents' links, the current one marked aria-current; shared by the column and the bar. */
function TocLinks({ sections, active, onPick, list, link }: TocProps & { list: string; link: string }) {
  return (
    <ul className={list}>
      {sections.map((s) => (
        <li key={s.id}>
          <a
            href={`#${s.id}`}
            aria-current={s.id === active ? 'true' : undefined}
            onClick={() => onPick(s.id)}
            className={link}
          >
            {s.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
