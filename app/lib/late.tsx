import { type ComponentType, type ReactNode, Suspense, use } from 'react';

/** The server's loads of every late component's code, started as their modules are evaluated. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server holds the code of every late component declared so far (the server
 * build evaluates all route modules at start). app/entry.server.tsx awaits it before rendering,
 * so a late component never suspends on the server: a suspended boundary would be streamed
 * hidden and revealed by a script, and a visitor without scripts would never see it.
 */
export const lateModulesLoaded = () => Promise.all(serverLoads);

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
  if (typeof document === 'undefined') serverLoads.push(preload().catch(() => {}));
  return Late;
}
