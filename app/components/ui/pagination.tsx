import { Link } from 'react-router';
import { visiblePages } from '../../../core/directory/pagination';

/**
 * Page links kept in ?page= (page 1 has no parameter, so it has one canonical URL).
 * The spec shows 5 page numbers on mobile and 7 on desktop.
 */
export function Pagination({ page, numPages, search }: { page: number; numPages: number; search: string }) {
  if (numPages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete('page');
    else params.set('page', String(p));
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
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
