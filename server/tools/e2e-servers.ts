/**
 * The browser tests' servers: one per viewport, each on its own port and its own embedded
 * database, so the phone's and the desktop's scenarios run at once (playwright.config.ts) and
 * never book each other's slots or count each other's visits.
 */
export const E2E_VIEWPORTS = ['phone', 'desktop'] as const;
export type E2eViewport = (typeof E2E_VIEWPORTS)[number];

/** E2E_PORT for the phone's server, the next port for the desktop's. */
export const e2ePort = (viewport: E2eViewport) =>
  Number(process.env.E2E_PORT ?? 3100) + E2E_VIEWPORTS.indexOf(viewport);

/**
 * The TURN relay the online room's scenario starts for a viewport's server (tests/e2e/online-room.spec.ts):
 * coturn on the app's port + 10000, with this shared secret (coturn's use-auth-secret).
 */
export const e2eTurnPort = (viewport: E2eViewport) => e2ePort(viewport) + 10_000;
export const E2E_TURN_SECRET = 'e2e-only-turn-shared-secret-for-a-local-coturn';

/** The production server's data directory; the dev server's is keyed by its port. */
export const e2eDataDir = (viewport: E2eViewport, { dev = false } = {}) =>
  dev ? `data/e2e-${e2ePort(viewport)}` : `data/e2e/${viewport}`;
