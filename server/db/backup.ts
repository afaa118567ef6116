/**
 * Backups of either engine (README "Backups"): PostgreSQL with pg_dump's custom format and
 * pg_restore; PGlite as its data dir's gzipped tarball (`dumpDataDir`). A PGlite data dir held by
 * a running server (its lock, ADR 008) is neither backed up nor replaced: the holder's PID is named.
 */
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';
import { quoteIdent, withPgSession } from './pg-session';

const run = promisify(execFile);

/** A refusal the command prints as it is, exit 1. */
export class BackupRefusal extends Error {}

export const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** pg_dump in the custom format (compressed; pg_restore picks what to restore). Returns its size. */
export async function backupPostgres(url: string, file: string): Promise<number> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url]);
  return statSync(file).size;
}

/** How many tables the database's public schema holds: 0 is an empty target. */
async function tableCount(url: string): Promise<number> {
  return withPgSession(url, async (client) => {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return rows[0].n;
  });
}

/** The target's own schemas (public, drizzle's, pg-boss's…): what a replacing restore drops. */
async function ownSchemas(url: string): Promise<string[]> {
  return withPgSession(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1`,
    );
    return rows.map((r) => r.name);
  });
}

/**
 * Replaces the target's contents with the backup in ONE transaction, so a failure leaves the
 * target as it was: psql runs BEGIN, the target's schemas being dropped (public recreated
 * empty), the backup as SQL from pg_restore, and COMMIT only once pg_restore has read the whole
 * file; a truncated or broken file ends the session without it, which rolls everything back.
 * (pg_restore's own --clean cannot drop the partitions of pg-boss's tables: "cannot drop
 * inherited constraint".)
 */
function replaceContents(url: string, file: string, schemas: string[]): Promise<void> {
  const drops = schemas.map((name) => `DROP SCHEMA IF EXISTS ${quoteIdent(name)} CASCADE;`).join('\n');
  return new Promise((resolve, reject) => {
    const restore = spawn('pg_restore', ['--no-owner', '--file', '-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const psql = spawn('psql', ['--quiet', '--no-psqlrc', '--set', 'ON_ERROR_STOP=1', '--dbname', url], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    const collect = (chunk: Buffer) => {
      errors += chunk;
    };
    restore.stderr.on('data', collect);
    psql.stderr.on('data', collect);
    psql.stdin.on('error', () => {}); // psql stopped at an error: its exit code says so
    psql.stdin.write(`BEGIN;\n${drops}\nCREATE SCHEMA public;\n`);
    restore.stdout.pipe(psql.stdin, { end: false });
    let restoreCode: number | null = null;
    restore.on('close', (code) => {
      restoreCode = code;
      if (code === 0) psql.stdin.end('COMMIT;\n');
      else psql.stdin.end();
    });
    restore.on('error', reject);
    psql.on('error', reject);
    psql.on('close', (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else reject(new Error(`restore failed (pg_restore ${restoreCode}, psql ${code}): ${errors.trim()}`));
    });
  });
}

/**
 * pg_restore into `url`, in one transaction: all or nothing. A target that holds tables is
 * refused unless `replace`, which drops the target's schemas in the same transaction first.
 */
export async function restorePostgres(url: string, file: string, { replace }: { replace: boolean }) {
  if (!existsSync(file)) throw new BackupRefusal(`No backup at ${file}.`);
  const tables = await tableCount(url);
  if (tables > 0 && !replace)
    throw new BackupRefusal(
      `The target database holds ${tables} tables: add --yes to replace its contents with the backup.`,
    );
  if (tables > 0) await replaceContents(url, file, await ownSchemas(url));
  else
    await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', url, file]);
  return { size: statSync(file).size, replaced: tables > 0 };
}

/**
 * The PGlite data dir as a .tar.gz. Opening it takes its lock, so a data dir a server holds is
 * refused with a DataDirLockedError naming the server's PID; stop the server (or back up
 * through it, not here).
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir)) throw new BackupRefusal(`No PGlite data dir at ${dataDir}.`);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
    return tarball.length;
  } finally {
    await database.close();
  }
}

/**
 * Loads a backup into a new data dir beside `dataDir` and puts it in place. An existing data dir
 * is refused unless `replace`, and then kept as `<dataDir>.before-restore-<time>` rather than
 * deleted. The data dir's lock is held throughout, so a running server makes this refuse.
 * Returns the path the old data dir was moved to, if any.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  { replace, now = new Date() }: { replace: boolean; now?: Date },
): Promise<{ size: number; keptOld: string | null }> {
  if (!existsSync(file)) throw new BackupRefusal(`No backup at ${file}.`);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !replace)
    throw new BackupRefusal(
      `${dataDir} already holds a database: add --yes to replace it (the old one is kept aside).`,
    );
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lock = lockDataDir(dataDir);
  const fresh = `${dataDir}.restoring-${process.pid}`;
  try {
    rmSync(fresh, { recursive: true, force: true });
    const backup = readFileSync(file);
    const database = await openDatabase({ kind: 'pglite', dataDir: fresh, loadDataDir: new Blob([backup]) });
    try {
      // A tarball that is no data dir fails here, before anything is replaced.
      await database.db.$client.query('SELECT 1');
    } finally {
      await database.close();
    }
    let keptOld: string | null = null;
    if (existsSync(dataDir)) {
      keptOld = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, keptOld);
    }
    renameSync(fresh, dataDir);
    return { size: backup.length, keptOld };
  } catch (err) {
    rmSync(fresh, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}
