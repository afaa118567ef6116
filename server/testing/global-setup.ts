import { buildPgliteSnapshot } from './database';

/**
 * Vitest global setup: migrates PGlite once per run (or reuses the snapshot of the same
 * migrations), so each test file starts from a copy instead of running every migration.
 */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await buildPgliteSnapshot();
}
