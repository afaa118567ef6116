import { defineConfig } from '@playwright/test';
import { chromiumPath } from './server/tools/chromium-path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_DEV=1 serves through Vite (no build), so several checkouts' e2e runs can share one tree:
// each on its own E2E_PORT with its own database and Vite cache.
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

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The production server on its own embedded database (seeded on first start, reused after).
    // `npm test` has built the app and seeded data/e2e already, while the type check ran.
    command: DEV ? 'tsx server/main.ts --dev' : 'tsx server/tools/build-if-stale.ts && tsx server/main.ts',
    env: {
      NODE_ENV: DEV ? 'development' : 'production',
      PORT: String(PORT),
      // The origin the browser uses: the call-in websocket refuses any other Origin.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: DEV ? `data/e2e-${PORT}` : 'data/e2e',
      VITE_CACHE_DIR: `node_modules/.vite-${PORT}`,
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
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
  },
});
