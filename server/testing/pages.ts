import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { inject } from 'vitest';
import type { BuildSource } from '../pages';

/**
 * The one Vite dev server of this test process. Server test files share their worker process
 * (`isolate: false` in vitest.config.ts), and starting a server and compiling the pages took
 * 10–16 s per file; now only the first file of each worker pays it. The server is never closed:
 * it dies with its worker (Vitest ends each worker with a signal), and the run's global setup
 * removes its cache directory (server/testing/global-setup.ts).
 */
let shared: Promise<ViteDevServer> | undefined;

async function startVite(): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  // The run's directory for page caches, removed when the run ends; outside Vitest's run (none
  // provided), the system's temporary directory.
  const cacheRoot = inject('pageCacheRoot') ?? os.tmpdir();
  return createServer({
    configFile: path.resolve('vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    // Its own cache: checkouts and worker processes share node_modules.
    cacheDir: path.join(cacheRoot, `vite-page-tests-${process.pid}`),
    server: {
      middlewareMode: true,
      hmr: false,
      // No HMR socket: test workers in parallel would race for its port.
      ws: false,
      watch: null,
      // node_modules may be a link to another checkout's.
      fs: { allow: [process.cwd(), realpathSync('node_modules')] },
    },
  });
}

/**
 * The React Router pages compiled on demand by Vite (as `npm run dev` serves them), for tests
 * that render real pages through `buildApp({ pages })` without a production build. The first
 * page a worker process renders takes a few seconds to compile; later test files in the same
 * process reuse the compiled code. Each caller gets a module runner of its own, so the app's
 * modules are evaluated afresh for it and their module-level state (entry.server.tsx's outage
 * log throttle, say) is never another test file's; `close()` drops that runner.
 */
export async function openPageBuild(): Promise<{ build: BuildSource; close: () => Promise<void> }> {
  shared ??= startVite();
  let vite: ViteDevServer;
  try {
    vite = await shared;
  } catch (error) {
    // A failed start is this file's failure; the next file tries again.
    shared = undefined;
    throw error;
  }
  const { createServerModuleRunner } = await import('vite');
  // As ssrLoadModule's own runner: no HMR, Node's stack traces.
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false, sourcemapInterceptor: false });
  return {
    build: () => runner.import('virtual:react-router/server-build') as Promise<ServerBuild>,
    close: () => runner.close(),
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

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory for this run's Vite page caches (server/testing/global-setup.ts). */
    pageCacheRoot: string | undefined;
  }
}
