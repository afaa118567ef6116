import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { ANONYMOUS, type Viewer } from '../../core/auth/viewer';
import type { loader as rootLoader } from '../root';

/** The signed-in account as the root loader gave it. */
export function useViewer(): Viewer {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? ANONYMOUS;
}

/** Whether a media query matches; false on the server and in the first render. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
