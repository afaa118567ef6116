import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../db/client';
import { withPgSession } from '../db/pg-session';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * The migrated schema's key: the migrations' names and contents and the PGlite and pg-boss
 * versions, so a change to any of them builds a new snapshot (PGlite) or template (PostgreSQL)
 * and a stale one is never loaded.
 */
function migratedSchemaKey(): string {
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
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the migrated PGlite snapshot lives: a plain tar (46 MB; 5.8 MB gzipped). Each test file
 * loads it, and a gzipped one cost about 0.2 s more CPU to load (0.65–1.0 s against 0.45–0.8 s,
 * measured), on each of some 190 files.
 */
export function pgliteSnapshotPath(): string {
  return path.join(tmpdir(), `pglite-migrated-${migratedSchemaKey()}.tar`);
}

const TEMPLATE_PREFIX = 'test_template_';

/** The migrated PostgreSQL database each test file's database is copied from. */
export const postgresTemplateName = () => `${TEMPLATE_PREFIX}${migratedSchemaKey()}`;

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * Migrates a PostgreSQL database once per set of migrations (`postgresTemplateName()`), for
 * each test file's database to be a copy of: `CREATE DATABASE … TEMPLATE` takes about 0.08 s
 * where running every migration takes about 0.9 s (measured), on each of some 180 files. It is
 * migrated under a unique name and renamed, so concurrent runs never copy a half-migrated one;
 * templates of other migrations are dropped.
 */
export async function buildPostgresTemplate(url: string): Promise<void> {
  const template = postgresTemplateName();
  await withPgSession(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      if (datname === template) continue;
      // Another run may be copying it right now: a template in use stays until the next run.
      await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {});
    }
    if (rows.some((row) => row.datname === template)) return;
    const partial = `${TEMPLATE_PREFIX}partial_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${partial}"`);
    try {
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, partial), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${template}"`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
      // Another run renamed its copy first: the same migrations, so that one serves.
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
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
    const tarball = await client.dumpDataDir('none');
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
 * the global setup (`server/testing/global-setup.ts`) migrated once, or, when DATABASE_URL is
 * set, a new PostgreSQL database copied from the template it migrated (dropped on close), so
 * CI runs the same suites on both engines. `poolSize`: its connections on PostgreSQL (PGlite has
 * one).
 */
export async function openTestDatabase({ poolSize = 4 }: { poolSize?: number } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite();
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const copied = await withPgSession(url, async (admin) => {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${postgresTemplateName()}"`);
      return true;
    } catch (err) {
      // No template (a run without the global setup): an empty database, migrated below.
      if ((err as { code?: string }).code !== '3D000') throw err;
      await admin.query(`CREATE DATABASE "${name}"`);
      return false;
    }
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize });
  if (!copied) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await withPgSession(url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
