import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import type { BuildSource } from '../pages';

/**
 * The React Router pages compiled on demand by Vite (as `npm run dev` serves them), for tests
 * that render real pages through `buildApp({ pages })` without a production build. The first
 * page a test file renders takes a few seconds to compile.
 */
export async function openPageBuild(): Promise<{ build: BuildSource; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    // Its own cache: checkouts and test files share node_modules.
    cacheDir: path.join(os.tmpdir(), `vite-page-tests-${process.pid}`),
    server: {
      middlewareMode: true,
      hmr: false,
      // No HMR socket: test files in parallel would race for its port.
      ws: false,
      watch: null,
      // node_modules may be a link to another checkout's.
      fs: { allow: [process.cwd(), realpathSync('node_modules')] },
    },
  });
  return {
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    close: () => vite.close(),
  };
}

/**
 * The pages as `buildApp({ pages })` takes them, in `mode: 'test'`, which keeps React Router
 * from logging the errors it answers (a 404 page).
 */
export async function testPages(): Promise<{
  pages: { build: BuildSource; mode: 'test' };
  close: () => Promise<void>;
}> {
  const { build, close } = await openPageBuild();
  return { pages: { build, mode: 'test' }, close };
}
