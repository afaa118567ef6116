import { buildPgliteSnapshot, buildPostgresTemplate } from './database';

/**
 * Vitest global setup: migrates the database once per run (or reuses the PGlite snapshot or
 * PostgreSQL template of the same migrations), so each test file starts from a copy instead of
 * running every migration.
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await buildPostgresTemplate(url);
  else await buildPgliteSnapshot();
}
