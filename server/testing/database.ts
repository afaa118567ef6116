import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * Where the migrated PGlite snapshot lives: keyed by the migrations' names and contents and
 * the PGlite and pg-boss versions, so a change to any of them builds a new one and a stale one is never loaded.
 */
export function pgliteSnapshotPath(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json; it sits one level above dist/index.cjs.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  // The snapshot holds pg-boss's schema too (migrate() installs it): a new pg-boss builds a new one.
  const bossEntry = createRequire(import.meta.url).resolve('pg-boss');
  hash.update(readFileSync(path.join(path.dirname(bossEntry), '..', 'package.json')));
  const entries = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(migrationsFolder, file)))
      .update('\0');
  }
  return path.join(tmpdir(), `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/**
 * Migrates a fresh in-memory PGlite and writes its data directory to `pgliteSnapshotPath()`
 * unless it is already there. The file is written under a unique name and renamed, so
 * concurrent runs never read a half-written snapshot.
 */
export async function buildPgliteSnapshot(): Promise<void> {
  const target = pgliteSnapshotPath();
  if (existsSync(target)) return;
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    // drizzle's PGlite handle keeps its client; `Database` types `db` as the node-postgres one.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('gzip');
    const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, target);
  } finally {
    await database.close();
  }
}

async function openPglite(): Promise<Database> {
  const snapshot = pgliteSnapshotPath();
  if (existsSync(snapshot)) {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(snapshot)]) });
  }
  // No snapshot (a run without the global setup): migrate this database itself.
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite started from the snapshot
 * the global setup (`server/testing/global-setup.ts`) migrated once, or a new PostgreSQL
 * database (dropped on close) when DATABASE_URL is set, so CI runs the same suites on both
 * engines.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite();
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
