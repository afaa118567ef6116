import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface HashEntryState {
  /** Set on history entries this hook pushed, so closing can step back instead of pushing. */
  hashModal?: string;
}

/**
 * A modal bound to the URL hash (docs/product/directory.md: back and forward close and
 * open it). Opening pushes `#name`; closing steps back when this hook pushed that entry, so the
 * back button and the close button leave the same history, and replaces the hash otherwise
 * (a page opened with `#name` in its URL). The page never scrolls on these changes.
 */
export function useHashModal(name: string): [boolean, (open: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const open = location.hash === `#${name}`;
  const setOpen = useCallback(
    (next: boolean) => {
      if (next === open) return;
      if (next) {
        navigate(
          { pathname: location.pathname, search: location.search, hash: name },
          { preventScrollReset: true, state: { hashModal: name } satisfies HashEntryState },
        );
      } else if ((location.state as HashEntryState | null)?.hashModal === name) {
        navigate(-1);
      } else {
        navigate(
          { pathname: location.pathname, search: location.search, hash: '' },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [open, name, navigate, location.pathname, location.search, location.state],
  );
  return [open, setOpen];
}

/**
 * Key=value state kept in the URL hash ('#speciality=5&gender=F'), as the clinic doctors
 * page keeps its filters (docs/product/directory.md): each change pushes a history entry,
 * so back and forward restore the previous filters.
 */
export function useHashParams(): [URLSearchParams, (next: URLSearchParams) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const setParams = useCallback(
    (next: URLSearchParams) => {
      const hash = next.toString();
      if (`#${hash}` === location.hash || (!hash && !location.hash)) return;
      navigate({ pathname: location.pathname, search: location.search, hash }, { preventScrollReset: true });
    },
    [navigate, location.pathname, location.search, location.hash],
  );
  return [params, setParams];
}
