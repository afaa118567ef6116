import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { installJobsSchema, type JobsConnection } from '../jobs/queue';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { createReplicaSet, type ReadRouteCounts } from './replicas';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Db = ReturnType<typeof drizzlePg>;
/** A transaction's handle: the same query builder as `Db`. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  /** The primary: writes, transactions and every read that must see the latest data. */
  db: Db;
  /**
   * Directory reads that may be a moment stale: a read replica inside
   * `readRouting.replicaAllowed()` when DATABASE_REPLICA_URLS names any (ADR 011), else `db`.
   */
  read: Db;
  /** Where `read` sent its queries; undefined without replicas. */
  readCounts?: () => ReadRouteCounts;
  kind: 'pglite' | 'postgres';
  /** How the job queue (pg-boss, server/jobs/queue.ts) reaches this database. */
  jobs: JobsConnection;
  /** Our migrations (drizzle), then pg-boss's schema (`pgboss`, installed and migrated by pg-boss). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Streaming replicas of `url` for `read` (ADR 011). */
      replicaUrls?: readonly string[];
      warn?: (message: string) => void;
    }
  /** loadDataDir: a `dumpDataDir()` tarball to start from instead of an empty cluster. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * How the job queue (pg-boss) reaches the database behind `db`. On PostgreSQL, a small pool of
 * its own to the same database: its polling never waits behind the app's queries, and tests can
 * set its session clock. PGlite is one connection, which pg-boss shares: PGlite runs one
 * statement (or one transaction, or one multi-statement script) at a time, so pg-boss's polling
 * waits while an app transaction is open and never lands inside it; its advisory locks are
 * transaction-scoped, and it does not LISTEN (no `useListenNotify`).
 */
export function jobsConnectionOf(db: Db): JobsConnection {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(client instanceof pg.Pool)) return { db: fromPglite(client), backend: 'pglite' };
  const url = client.options.connectionString;
  if (!url) throw new Error('the job queue needs the PostgreSQL connection string');
  return { connectionString: url, max: 3 };
}

/**
 * Opens PGlite (embedded, data dir on disk or in memory when dataDir is undefined) or
 * PostgreSQL. Both speak the same SQL and share one set of migrations. PGlite allows one
 * process per data dir: a data dir on disk is locked (`<dataDir>.lock`, ADR 008) until close()
 * or the process's exit, and a second process gets a DataDirLockedError naming the holder's PID.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A connection the server drops (restart, admin command) must not crash the process:
    // node-postgres emits 'error' on the pool for idle clients and on a client still closing.
    // The pool replaces broken connections; after close() the errors are expected.
    let closing = false;
    const onConnectionError = (err: Error) => {
      if (!closing) console.warn(`PostgreSQL connection error: ${err.message}`);
    };
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // Dates ('date' columns) stay strings; numeric parsing is left to the schema types.
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    const replicas = options.replicaUrls?.length
      ? createReplicaSet({
          primary: pool,
          urls: options.replicaUrls,
          poolSize: options.poolSize ?? 20,
          warn: options.warn ?? console.warn,
        })
      : undefined;
    const jobs = jobsConnectionOf(db);
    return {
      db,
      read: replicas?.read ?? db,
      readCounts: replicas?.counts,
      kind: 'postgres',
      jobs,
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        await installJobsSchema(jobs);
      },
      close: async () => {
        closing = true;
        await replicas?.close();
        await pool.end();
      },
    };
  }
  // On disk, the data dir is locked first: a second process refuses here (DataDirLockedError).
  const dir = options.dataDir?.startsWith('memory://')
    ? undefined
    : options.dataDir?.replace(/^file:\/\//, '');
  let lock: DataDirLock | undefined;
  if (dir) {
    mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    lock = lockDataDir(dir);
  }
  // PGlite's modules load only for the embedded database: a server on PostgreSQL never holds them.
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm, btree_gist },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  const jobs = jobsConnectionOf(db);
  return {
    db,
    read: db,
    kind: 'pglite',
    jobs,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await installJobsSchema(jobs);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
