import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { doctorsUrl } from '../../core/directory/list-urls';
import { pageSource, WITHOUT_SOURCE } from '../../core/directory/page-source';
import { SiteFooter } from '../components/late-footer';
import { SiteHeader } from '../components/site-header';
import { AccountMenu } from '../features/auth/account-menu';
import { ClubHost } from '../features/club/club-host';
import { SearchCombobox } from '../features/search/search-combobox';
import { TownChooser } from '../features/towns/town-chooser';
import { shellState } from '../lib/shell';

// The banners are rendered on the server with the page; in the browser their code (about 2 KB)
// arrives after the page's own scripts and React hydrates them then, so they add nothing to the
// first-load JavaScript that the list and doctor pages must keep under budget.
const PromoBanners = lazy(() => import('../features/promo/promo-banners'));

/**
 * Notes each page of the tab in its history (core/promo/tab-history.ts). Its code loads after
 * hydration: nothing of it is needed to draw a page.
 */
function useTabHistory(url: string) {
  useEffect(() => {
    let live = true;
    import('../features/promo/tab-history').then(
      ({ tabHistory }) => live && tabHistory.open(url),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [url]);
}

/**
 * The layout every page sits in: the header (with the page's town and search text), the main
 * column (its width from the page's `handle`) and the footer, with the promo banners the page
 * offers between the header and the column. Pages render only their content.
 */
export default function Shell() {
  const { town, query, mainClass, promos } = shellState(useMatches());
  // The kind of page (core/directory/page-source.ts); a page of no kind is classed 'without-source'.
  const location = useLocation();
  const source = pageSource(location.pathname);
  useTabHistory(`${location.pathname}${location.search}`);
  return (
    <>
      <SiteHeader
        home={town ? doctorsUrl(town.slug) : '/'}
        town={town && <TownChooser town={town} />}
        search={town && <SearchCombobox town={town.slug} initialQuery={query} />}
        account={<AccountMenu />}
      />
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
