import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { visiblePages } from '../../../core/directory/pagination';

/**
 * Page links kept in ?page= (page 1 has no parameter, so it has one canonical URL).
 * It shows 5 page numbers on phones and 7 on desktop (docs/product/directory.md).
 * With `onSelect` a widget that loads its own pages (the clinic price list) takes the click
 * instead of a navigation; the links stay real, for no-JS visitors and new tabs.
 */
export function Pagination({
  page,
  numPages,
  search,
  onSelect,
}: {
  page: number;
  numPages: number;
  search: string;
  onSelect?: (page: number) => void;
}) {
  // An absolute path with the site's trailing slash: a relative '?page=2' resolved without
  // it on the server and with it in the browser, breaking hydration.
  const { pathname: current } = useLocation();
  const pathname = current.endsWith('/') ? current : `${current}/`;
  if (numPages <= 1) return null;
  const select = (p: number) => (event: MouseEvent) => {
    const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!onSelect || newTab) return;
    event.preventDefault();
    onSelect(p);
  };
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete('page');
    else params.set('page', String(p));
    const qs = params.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const item = (p: number) => (
    <li key={p}>
      {p === page ? (
        <span
          aria-current="page"
          className="flex h-10 min-w-10 items-center justify-center rounded-lg bg-brand px-2 font-semibold text-white"
        >
          {p}
        </span>
      ) : (
        <Link
          to={href(p)}
          onClick={select(p)}
          className="flex h-10 min-w-10 items-center justify-center rounded-lg px-2 hover:bg-brand-soft"
        >
          {p}
        </Link>
      )}
    </li>
  );
  const arrow = (p: number, label: string, text: string) =>
    p >= 1 && p <= numPages ? (
      <Link
        to={href(p)}
        onClick={select(p)}
        aria-label={label}
        className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-brand-soft"
      >
        {text}
      </Link>
    ) : (
      <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center text-line">
        {text}
      </span>
    );
  return (
    <nav aria-label="Страницы" className="mt-6 flex items-center justify-center gap-1">
      {arrow(page - 1, 'Предыдущая страница', '‹')}
      <ul className="flex gap-1 md:hidden">{visiblePages(page, numPages, 5).map(item)}</ul>
      <ul className="hidden gap-1 md:flex">{visiblePages(page, numPages, 7).map(item)}</ul>
      {arrow(page + 1, 'Следующая страница', '›')}
    </nav>
  );
}

/**
 * 'Предыдущая' / 'Следующая' for lists that know only whether a next page exists (the staff
 * queue, a cabinet's reviews): no total is counted for them.
 */
export function PrevNextPager({ prev, next }: { prev: string | null; next: string | null }) {
  return (
    <nav aria-label="Страницы" className="mt-4 flex justify-between">
      {prev ? (
        <Link to={prev} className="text-brand underline">
          ← Предыдущая страница
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={next} className="text-brand underline">
          Следующая страница →
        </Link>
      )}
    </nav>
  );
}
