import { type ComponentType, type ReactNode, Suspense, use } from 'react';

export interface LateComponent<P> {
  (props: P): ReactNode;
  /** Loads the code (once); a route's clientLoader awaits it so a navigation never shows the gap. */
  preload(): Promise<unknown>;
}

/**
 * A component whose code comes in a chunk of its own (ADR 021). The server renders it with the
 * rest of the page, so the HTML is whole; the browser fetches the chunk when hydration reaches
 * the component, or earlier through `preload`.
 *
 * `boundary: true` puts it in a Suspense boundary of its own: the rest of the page hydrates
 * without waiting, and this part keeps its server HTML until its code arrives (its controls are
 * disabled until hydrated, `useHydrated`). For a section below the fold, not preloaded.
 * `boundary: false` is for the page's main content, whose chunk the server asks the browser to
 * preload beside the route's (app/lib/lazy-chunks.server.ts): hydration waits for it.
 */
export function late<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { boundary }: { boundary: boolean },
): LateComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!pending) {
      pending = load().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          // A failed fetch (a dropped connection) may be tried again by the next render.
          pending = undefined;
          throw error;
        },
      );
    }
    return pending;
  };
  // Once loaded it renders at once; before, it suspends on the one shared promise. `late` runs
  // once per module, at its top, as React.lazy does: these components are made once.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, like React.lazy
  function Inner(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, like React.lazy
  const Late = (props: P) =>
    boundary ? (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    ) : (
      <Inner {...props} />
    );
  Late.preload = preload;
  return Late;
}
