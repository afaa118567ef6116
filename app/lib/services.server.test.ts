import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type PageContext, pageContext, pageContextOf, providePageContext } from './services.server';

// Only the fields a reader looks at: the rest is never touched here.
const value = { origin: 'https://portal.example.ru', cspNonce: 'n0nce' } as PageContext;

describe('the PageContext key', () => {
  it('gives a loader the PageContext the server put in', () => {
    expect(pageContextOf(providePageContext(value))).toBe(value);
  });

  it('is one key for every copy of the module: the server and the pages load their own', async () => {
    // The query makes Vite load the file again as another module, as the production build
    // bundles its own copy beside the one the server imports.
    const copy = (await import(
      /* @vite-ignore */ `./services.server.ts?copy=${Date.now()}`
    )) as typeof import('./services.server');
    expect(copy.pageContextOf).not.toBe(pageContextOf);
    expect(copy.pageContext).toBe(pageContext);
    expect(copy.pageContextOf(providePageContext(value))).toBe(value);
    expect(pageContextOf(copy.providePageContext(value))).toBe(value);
  });

  it('refuses a provider without a PageContext instead of reading undefined', () => {
    expect(() => pageContextOf(new RouterContextProvider())).toThrow();
  });
});
