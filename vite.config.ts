import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { createLogger, defineConfig } from 'vite';

// @react-router/dev (7.x) starts its inner Vite servers with `envFile: false`, which Vite 8
// reports as deprecated on every start; the servers that take this config drop that one line.
const logger = createLogger();
const warn = logger.warn;
logger.warn = (message, options) => {
  if (!message.includes('`envFile` option is deprecated')) warn(message, options);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  customLogger: logger,
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
