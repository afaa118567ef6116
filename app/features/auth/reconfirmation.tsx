import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { pullAuth } from '../../../core/auth/calls';
import { needsReconfirmation, type Viewer } from '../../../core/auth/viewer';
import { api } from '../../lib/api';

// The phone form (and libphonenumber) loads only if a re-confirmation is ever needed.
const SignInModal = lazy(() => import('./sign-in-modal').then((m) => ({ default: m.SignInModal })));

/**
 * A real patient's phone is confirmed again when the account behind the
 * session changed elsewhere (another tab signed in as someone else): back on this tab, pullAuth
 * answers another patient-app uuid than the page was rendered for.
 */
export function Reconfirmation({ user }: { user: Viewer }) {
  const [needed, setNeeded] = useState(false);
  const location = useLocation();

  useEffect(() => {
    if (!user.isRealPatient) return;
    let stale = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      // A failed pull changes nothing: the next return to the tab asks again.
      const pulled = await api.send(pullAuth, {}).catch(() => null);
      if (!stale && pulled && needsReconfirmation(user, pulled.user)) setNeeded(true);
    };
    document.addEventListener('visibilitychange', check);
    return () => {
      stale = true;
      document.removeEventListener('visibilitychange', check);
    };
  }, [user]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SignInModal
        open={needed}
        onOpenChange={(open) => {
          // Closing keeps a page of someone else's account: reload it as the session is now.
          if (!open) window.location.reload();
        }}
        next={`${location.pathname}${location.search}`}
      />
    </Suspense>
  );
}
