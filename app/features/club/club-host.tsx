import { lazy, Suspense, useEffect, useState } from 'react';
import { CLUB_OPEN_EVENT } from './club-events';

// None of the widget is in a page's first load: it arrives on the first club click.
const ClubWidget = lazy(() => import('./club-widget'));

/** The page came back from the payment provider or from the widget's sign-in. */
const RETURNING = /[?&](card_request_id=\d|club_widget=open)/;

/**
 * Where the club widget lives on every page: nothing until a club price or banner asks for it
 * (or the URL is a return to it), then the lazily loaded widget, which keeps its state.
 */
export function ClubHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (RETURNING.test(window.location.search)) setWanted(true);
    const want = () => setWanted(true);
    window.addEventListener(CLUB_OPEN_EVENT, want);
    return () => window.removeEventListener(CLUB_OPEN_EVENT, want);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ClubWidget />
    </Suspense>
  );
}
