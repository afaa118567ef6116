import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../db/client';
import { type SeedSize, seedDatabase } from '../db/seed/index';
import { openTestDatabase, pgliteSnapshotPath } from './database';

const seedFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/seed');

/** Hash of every generator source and data file (tests excluded: they change no rows). */
function seedSourcesHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(seedFolder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(seedFolder, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(seedFolder, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database holding a whole seeded data set. On PostgreSQL (DATABASE_URL) it is seeded
 * afresh; on PGlite the seeded data directory is kept in the OS temp dir, keyed by the
 * migrated snapshot (migrations + PGlite version), the generator's sources, the size, the
 * seed and the clock, so a second run of an unchanged generator loads it in seconds.
 */
export async function openSeededDatabase(opts: {
  size: SeedSize;
  seed: number;
  now: Date;
}): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    await seedDatabase(database.db, opts);
    return database;
  }
  const key = createHash('sha256')
    .update(
      `${path.basename(pgliteSnapshotPath())}|${seedSourcesHash()}|${opts.size}|${opts.seed}|${opts.now.toISOString()}`,
    )
    .digest('hex')
    .slice(0, 16);
  const target = path.join(tmpdir(), `pglite-seeded-${opts.size}-${key}.tar`);
  if (existsSync(target)) {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(target)]) });
  }
  const database = await openTestDatabase();
  await seedDatabase(database.db, opts);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed, as the migrated snapshot (server/testing/database.ts): quicker to load.
  const tarball = await client.dumpDataDir('none');
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, target);
  return database;
}
