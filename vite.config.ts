import { realpathSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { chunkSources } from './server/tools/chunk-sources.ts';
import { firstLoadChunk } from './server/tools/first-load-chunk.ts';
import { precompressClient } from './server/tools/precompress.ts';

export default defineConfig({
  // chunkSources: whose code each client script is, for the bench (build/client/.vite/chunk-sources.json).
  plugins: [tailwindcss(), reactRouter(), precompressClient(), chunkSources()],
  server: {
    middlewareMode: true,
    // A checkout whose node_modules is a link to another checkout's (git worktrees) serves those
    // files from their real path, outside this root: allowed, or the dev server refuses them.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] },
  },
  cacheDir: process.env.VITE_CACHE_DIR || 'node_modules/.vite',
  environments: {
    client: {
      build: {
        // What every page loads before it hydrates, in one file instead of some twenty-five
        // (server/tools/first-load-chunk.ts).
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunk(process.cwd()) }] } } },
      },
    },
  },
  build: {
    // Kept for the server: the chunks of a route's lazily imported modules (app/lib/lazy-chunks.server.ts).
    manifest: true,
    // The map's chunk (MapLibre, ~1 MB minified, 290 KB gzipped) loads only when a map opens.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      // The sign-in and review-power modals are imported statically by their own pages (rendered
      // there on the server) and with import() elsewhere: the other pages still load them only
      // when they open, from those pages' chunks, which is what the import() is for.
      checks: { ineffectiveDynamicImport: false },
    },
    modulePreload: {
      // The list cards' schedule widget loads lazily, when a card nears the viewport: listing its
      // chunks for preloading would put ~115 B into every list page's first-load JS (150 KB budget).
      resolveDependencies: (file, deps) => (file.includes('doctor-schedule') ? [] : deps),
    },
  },
});
