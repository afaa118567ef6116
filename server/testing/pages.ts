import type { ServerBuild } from 'react-router';
import type { BuildSource } from '../pages';

/**
 * The React Router pages for API tests that render them: Vite's dev server compiles the app on
 * demand (no production build needed). `mode: 'test'` keeps React Router from logging the
 * errors it answers (a 404 page, a POST to a page without an action).
 */
export async function testPages(): Promise<{
  pages: { build: BuildSource; mode: 'test' };
  close: () => Promise<void>;
}> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  return { pages: { build, mode: 'test' }, close: () => vite.close() };
}
