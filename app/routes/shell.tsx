import { Outlet, useMatches } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClubHost } from '../features/club/club-host';
import { shellState } from '../lib/shell';

/**
 * The layout every page sits in: the header (with the page's town and search text), the main
 * column (its width from the page's `handle`) and the footer. Pages render only their content.
 */
export default function Shell() {
  const { town, query, mainClass } = shellState(useMatches());
  return (
    <>
      <SiteHeader town={town} query={query} />
      <main id="content" tabIndex={-1} className={mainClass}>
        <Outlet />
      </main>
      <SiteFooter />
      <ClubHost />
    </>
  );
}
