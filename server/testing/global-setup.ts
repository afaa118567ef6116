import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteSnapshot, buildPostgresTemplate } from './database';

/**
 * Vitest global setup: migrates the database once per run (or reuses the PGlite snapshot or
 * PostgreSQL template of the same migrations), so each test file starts from a copy instead of
 * running every migration. It also makes the directory where each worker's Vite dev server keeps
 * its cache (server/testing/pages.ts) and removes it when the run ends: those servers are never
 * closed, they end with their worker.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const url = process.env.DATABASE_URL;
  if (url) await buildPostgresTemplate(url);
  else await buildPgliteSnapshot();
  const pageCacheRoot = mkdtempSync(path.join(tmpdir(), 'vite-page-tests-'));
  project.provide('pageCacheRoot', pageCacheRoot);
  return () => rmSync(pageCacheRoot, { recursive: true, force: true });
}
