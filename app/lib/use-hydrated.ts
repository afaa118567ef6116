import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser. Controls
 * that only work with JavaScript stay disabled until then, so an early tap is not lost, and
 * state only the browser knows (the URL hash) is read after hydration without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
