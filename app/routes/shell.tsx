import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { pageSource, WITHOUT_SOURCE } from '../../core/directory/page-source';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClubHost } from '../features/club/club-host';
import { shellState } from '../lib/shell';

// The banners are rendered on the server with the page; in the browser their code (about 2 KB)
// arrives after the page's own scripts and React hydrates them then, so they add nothing to the
// first-load JavaScript that the list and doctor pages must keep under budget.
const PromoBanners = lazy(() => import('../features/promo/promo-banners'));

/**
 * The layout every page sits in: the header (with the page's town and search text), the main
 * column (its width from the page's `handle`) and the footer, with the promo banners the page
 * offers between the header and the column. Pages render only their content.
 */
export default function Shell() {
  const { town, query, mainClass, promos } = shellState(useMatches());
  // The kind of page (core/directory/page-source.ts); a page of no kind is classed 'without-source'.
  const source = pageSource(useLocation().pathname);
  return (
    <>
      <SiteHeader town={town} query={query} />
      {promos && (promos.award || promos.app) && (
        <Suspense fallback={null}>
          <PromoBanners promos={promos} />
        </Suspense>
      )}
      <main
        id="content"
        tabIndex={-1}
        className={source ? mainClass : `${mainClass} ${WITHOUT_SOURCE}`}
        data-page-source={source ?? undefined}
      >
        <Outlet />
      </main>
      <SiteFooter />
      <ClubHost />
    </>
  );
}
