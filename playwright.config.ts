import { defineConfig } from '@playwright/test';
import { chromiumPath } from './server/tools/chromium-path';
import { type E2eViewport, e2eDataDir, e2ePort } from './server/tools/e2e-servers';

// E2E_DEV=1 serves through Vite (no build), so several checkouts' e2e runs can share one tree:
// each on its own E2E_PORT (and the port after it) with its own databases and Vite caches.
const DEV = process.env.E2E_DEV === '1';

// Debian's Chromium or CHROMIUM_PATH (no browser download on these machines); the extra flags
// keep it off the network.
const chromium = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // WebGL in software for the clinic map (MapLibre), with the GPU off.
    '--enable-unsafe-swiftshader',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * One server per viewport (server/tools/e2e-servers.ts): the phone's scenarios and the
 * desktop's run at once, each in one worker on a server and database of its own, so a scenario
 * meets only its own viewport's earlier rows, as when they ran one after another.
 */
function server(viewport: E2eViewport) {
  const port = e2ePort(viewport);
  return {
    // The production server on its own embedded database (seeded on first start, reused after).
    // `npm test` and `npm run test:e2e` have built the app and made the databases ready
    // (server/tools/e2e-data.ts): two servers starting at once must not build one tree twice.
    command: DEV ? 'tsx server/main.ts --dev' : 'tsx server/main.ts',
    env: {
      NODE_ENV: DEV ? 'development' : 'production',
      PORT: String(port),
      // The origin the browser uses: the call-in websocket refuses any other Origin.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: e2eDataDir(viewport, { dev: DEV }),
      VITE_CACHE_DIR: `node_modules/.vite-${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // One process and no load balancer: nothing to drain on stop.
      DRAIN_MS: '0',
      // Scenarios sign their patients in through the API from made-up addresses (X-Forwarded-For,
      // tests/e2e/support/patient.ts), so a whole run stays under the per-address code limits.
      TRUST_PROXY: 'loopback',
      // Specs may open pages on a chosen date (a `test_now` cookie); production refuses this.
      CLOCK_OVERRIDE: 'true',
    },
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
  };
}

const baseURL = (viewport: E2eViewport) => `http://127.0.0.1:${e2ePort(viewport)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  fullyParallel: false,
  // One worker per viewport (each project's `workers`), the two at once.
  workers: 2,
  reporter: [['list']],
  use: {
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone',
      workers: 1,
      use: {
        baseURL: baseURL('phone'),
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      workers: 1,
      use: { baseURL: baseURL('desktop'), viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [server('phone'), server('desktop')],
});
