import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { middlewareMode: true },
  cacheDir: process.env.VITE_CACHE_DIR || 'node_modules/.vite',
  build: {
    modulePreload: {
      // The list cards' schedule widget loads lazily, when a card nears the viewport: listing its
      // chunks for preloading would put ~115 B into every list page's first-load JS (150 KB budget).
      resolveDependencies: (file, deps) => (file.includes('doctor-schedule') ? [] : deps),
    },
  },
});
