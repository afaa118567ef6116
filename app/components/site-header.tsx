import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The shell's header: brand, current town, search entry and sign-in entry. The town chooser,
 * the search and the account menu are features, so the route that renders the header passes
 * them in (app/routes/shell.tsx, app/root.tsx): a component imports no feature.
 */
export function SiteHeader({
  home,
  town,
  search,
  account,
}: {
  /** Where the logo leads: the town's doctors, or the home page. */
  home: string;
  /** The town chooser; none without a town (home, 404), where the page itself offers the towns. */
  town?: ReactNode;
  search?: ReactNode;
  /** 'Войти', or the account menu once signed in. */
  account: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:gap-x-4">
        <Link to={home} className="flex items-center gap-2 text-lg font-bold text-brand">
          <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M13 8h6v5h5v6h-5v5h-6v-5H8v-6h5z" fill="#fff" />
          </svg>
          <span>ПроДокторов</span>
        </Link>
        {/* Phones: logo and sign-in on the first row, town and search on the second. */}
        <div aria-hidden="true" className="order-3 h-0 basis-full sm:hidden" />
        {town}
        <div className="order-2 ml-auto flex items-center gap-2 sm:order-4">{account}</div>
        {search}
      </div>
    </header>
  );
}
