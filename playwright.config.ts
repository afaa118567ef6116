import { readdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './server/tools/chromium-path';
import {
  E2E_TURN_SECRET,
  type E2eViewport,
  e2eDataDir,
  e2ePort,
  e2eTurnPort,
} from './server/tools/e2e-servers';

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
    // The production server, run as `npm start` runs it (its bundle, ADR 026), on its own
    // embedded database (seeded on first start, reused after). `npm test` and `npm run test:e2e`
    // have built the app and the server's bundle and made the databases ready
    // (server/tools/e2e-data.ts): two servers starting at once must not build one tree twice.
    command: DEV ? 'tsx server/main.ts --dev' : 'node build/server-node/main.mjs',
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
      // The online room's relay: the scenario starts coturn there (tests/e2e/online-room.spec.ts).
      TURN_URLS: `turn:127.0.0.1:${e2eTurnPort(viewport)}?transport=udp`,
      TURN_SECRET: E2E_TURN_SECRET,
    },
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
  };
}

/**
 * The width each spec's scenarios run at (docs/decisions/023-e2e-scenarios-at-one-width.md).
 * What a scenario is about (a booking, a cabinet form, a header) happens the same way at either
 * width, so it runs at one: a patient's at the phone's (most patients come from phones), a
 * doctor's or clinic's at the desktop's. Specs about what differs between the two layouts (the
 * layout itself, accessibility, filters that are chips on a desktop and a modal on a phone, the
 * promotions' banners and widgets) run at both. A scenario tagged `@phone` or `@desktop` runs at
 * that width only, wherever its spec is listed: its control exists at one width.
 */
const SPECS_AT: Record<'both' | E2eViewport, string[]> = {
  both: [
    'a11y',
    'club-widget',
    'front-desk',
    'home-visit',
    'layout',
    'online-room',
    'prepaid-visit',
    'profile',
    'promos',
    'review-incentives',
    'reviews',
    'town-home',
    'visit-clash',
    'visit-types',
  ],
  phone: [
    'ads',
    'booking',
    'club-booking',
    'club-card',
    'clinic-accessibility',
    'clinic-prices',
    'doctor-page',
    'doctor-photo',
    'favourites',
    'gallery',
    'home-and-long-lists',
    'hydration-gates',
    'review-invitation',
    'review-writing',
    'service-booking',
    'sign-in',
    'smoke',
    'waitlist',
  ],
  desktop: [
    'booking-staff-noreg',
    'cabinet',
    'cabinet-clinic-media',
    'cabinet-clinic-page',
    'cabinet-documents',
    'cabinet-effectiveness',
    'cabinet-holiday-hours',
    'cabinet-hours',
    'cabinet-integration',
    'cabinet-network',
    'cabinet-notifications',
    'cabinet-prices',
    'clinic-map',
    'clinic-page',
    'lists',
    // Both widths inside the spec (it sets 390 and 1280 itself).
    'nearest',
    'page-chunks',
    'page-source',
    'reschedule',
    'search',
    'security-headers',
  ],
};

// Every spec is listed once: a new one chooses its width.
{
  const listed = Object.values(SPECS_AT).flat();
  const specs = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => name.slice(0, -'.spec.ts'.length));
  const unlisted = specs.filter((spec) => !listed.includes(spec));
  const twice = listed.filter((spec, i) => listed.indexOf(spec) !== i || !specs.includes(spec));
  if (unlisted.length || twice.length)
    throw new Error(
      `playwright.config.ts SPECS_AT: list each spec once (unlisted: ${unlisted.join(', ') || '—'}; ` +
        `listed twice or missing: ${twice.join(', ') || '—'})`,
    );
}

/** Picks a viewport's scenarios: Playwright matches `grep` against the file name, titles and tags. */
function scenariosAt(viewport: E2eViewport) {
  const other = viewport === 'phone' ? 'desktop' : 'phone';
  const files = [...SPECS_AT.both, ...SPECS_AT[viewport]].join('|');
  return {
    grep: [new RegExp(`(^|[\\s/])(${files})\\.spec\\.ts\\b`), new RegExp(`@${viewport}\\b`)],
    grepInvert: new RegExp(`@${other}\\b`),
  };
}

const baseURL = (viewport: E2eViewport) => `http://127.0.0.1:${e2ePort(viewport)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  // An assertion waits up to 10 s (Playwright's default is 5): on two busy cores a client
  // navigation that loads a route's code and data first took longer once (a `toHaveURL` in CI).
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per viewport (each project's `workers`), the two at once.
  workers: 2,
  reporter: [['list']],
  use: {
    launchOptions: chromium,
    // A trace (each action's DOM and screencast) cost about a fifth of the run's CPU; it is kept
    // only when asked for: E2E_TRACE=1 keeps one for each failed scenario in test-results/.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'phone',
      workers: 1,
      ...scenariosAt('phone'),
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
      ...scenariosAt('desktop'),
      use: { baseURL: baseURL('desktop'), viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [server('phone'), server('desktop')],
});
