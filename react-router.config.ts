import type { Config } from '@react-router/dev/config';

// React Router 8's defaults (ADR 012): loaders get a RouterContextProvider (the PageContext is read
// through app/lib/services.server.ts), route modules are split into chunks, the Vite Environment
// API builds, loaders get the raw request (they read the normalized `url`), and data URLs keep
// the trailing slash ('/moskva/vrach/_.data').
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
