import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  FAVOURITES_PAGE,
  type FavouriteType,
  favouriteLoginHref,
  favouritesAccess,
  pendingFavourite,
  FAVOURITE_TEXTS as T,
  withoutFavouriteParams,
} from '../../../core/favourites/favourites';
import { Button } from '../../components/ui/button';
import { showSnackbar } from '../../components/ui/snackbar';
import { isApiError } from '../../lib/api';
import { useViewer } from '../../lib/use-viewer';
import { favouriteEntry, loadFavourite, setFavourite, useFavourite } from './favourites-store';
import { HeartIcon } from './heart';

// The dialogs (and Radix) load on the first click that needs one, not with every list page.
const FavouriteDialog = lazy(() =>
  import('./favourite-dialog').then((m) => ({ default: m.FavouriteDialog })),
);

type Dialog = 'sign-in' | 'work-account' | null;

/**
 * The heart of a doctor or clinic (docs/product/favourites.md). Real patients save and unsave with
 * toasts and an undo; anonymous visitors are asked to sign in and come back with
 * `addToFavourites={id}`, which this heart then adds once; work accounts are told they cannot.
 * `url` is the page to come back to after sign-in (the current one by default).
 */
export function FavouriteButton({
  type,
  id,
  url,
  className = '',
}: {
  type: FavouriteType;
  id: number;
  url?: string;
  className?: string;
}) {
  const access = favouritesAccess(useViewer());
  const entry = useFavourite(type, id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [loginHref, setLoginHref] = useState('/login/');

  // Only real patients have favourites to fetch; everyone else is skipped.
  useEffect(() => {
    if (access === 'patient') void loadFavourite(type, id);
  }, [access, type, id]);

  // Back from sign-in with addToFavourites: add it once if it is not saved yet, then drop the
  // parameters from the address so a reload does not repeat it. Dropping them first also makes
  // it once per page: a second heart of the same doctor (or a re-run effect) finds them gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: add() is new every render; the URL check runs once per heart
  useEffect(() => {
    if (access !== 'patient') return;
    const pending = pendingFavourite(window.location.search);
    if (!pending || pending.type !== type || pending.id !== id) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      withoutFavouriteParams(`${pathname}${search}${hash}`),
    );
    void loadFavourite(type, id).then(() => {
      if (!favouriteEntry(type, id).saved) void add();
    });
  }, [access, type, id]);

  // The store runs the call (every heart of one doctor shows its busy flag), not useCall: a
  // refusal here decides what opens (sign-in, the work-account note), so it is still caught.
  async function change(saved: boolean) {
    try {
      await setFavourite(type, id, saved);
    } catch (error) {
      console.warn(error);
      if (isApiError(error, 401)) openSignIn();
      else if (isApiError(error, 403)) setDialog('work-account');
      else showSnackbar({ text: T.failed });
      return false;
    }
    return true;
  }

  function openSignIn() {
    const { pathname, search, hash } = window.location;
    setLoginHref(favouriteLoginHref(url ?? `${pathname}${search}${hash}`, type, id));
    setDialog('sign-in');
  }

  async function add() {
    if (await change(true)) {
      showSnackbar({ text: T.added, action: { label: T.goTo, onClick: () => navigate(FAVOURITES_PAGE) } });
    }
  }

  async function onClick() {
    if (access === 'sign-in') return openSignIn();
    if (access === 'work-account') return setDialog('work-account');
    // While it loads, repeated clicks are ignored.
    if (favouriteEntry(type, id).busy) return;
    if (!favouriteEntry(type, id).saved) return add();
    if (!(await change(false))) return;
    showSnackbar({
      text: T.removed,
      action: {
        label: T.undo,
        onClick: async () => {
          if (await change(true)) showSnackbar({ text: T.restored });
        },
      },
    });
  }

  const saved = access === 'patient' && entry.saved;
  const label = saved ? T.remove : T.add;
  return (
    <>
      <Button
        variant="bare"
        onClick={() => void onClick()}
        aria-pressed={saved}
        aria-busy={entry.busy || undefined}
        // The name and the tooltip in one: an aria-label beside it would say the same twice in every card.
        title={label}
        data-favourite={`${type}:${id}`}
        className={className ? `fav-button ${className}` : 'fav-button'}
      >
        <HeartIcon filled={saved} />
      </Button>
      {/* Loaded and mounted only when open: a list page carries twenty hearts. */}
      {dialog && (
        <Suspense fallback={null}>
          <FavouriteDialog kind={dialog} loginHref={loginHref} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
