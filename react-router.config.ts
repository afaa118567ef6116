import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // React Router 8's behaviours stay off until the upgrade to it: each changes what the app
  // relies on (loader context, request handling, data URLs, the build's chunks), so it is
  // turned on with that upgrade and its tests, not here. Saying so explicitly also keeps
  // every build and dev start free of the five future-flag warnings.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
