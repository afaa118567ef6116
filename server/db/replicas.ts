import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';

/**
 * Read replicas (ADR 011). Services get two handles: `db`, always the primary, and `read`, for
 * directory reads that may be a moment stale. `read` goes to a replica only inside
 * `readRouting.replicaAllowed(fn)`, which the app enters for GET requests from clients that
 * wrote nothing in the last few seconds; everything else (jobs, scripts, writes, requests right
 * after a write) reads the primary. A replica that fails to answer is left alone for a while
 * and its queries go to the primary: one warning, never an error to the visitor.
 */

/** Whether the current async context may read a replica; absent = no. */
const context = new AsyncLocalStorage<boolean>();

export const readRouting = {
  /** Runs fn (and everything it awaits) with `read` allowed to use a replica. */
  replicaAllowed<T>(fn: () => T): T {
    return context.run(true, fn);
  },
  /** Runs fn with every `read` query on the primary, even inside replicaAllowed. */
  primaryOnly<T>(fn: () => T): T {
    return context.run(false, fn);
  },
  /** True inside replicaAllowed (and not inside a nested primaryOnly). */
  isReplicaAllowed(): boolean {
    return context.getStore() === true;
  },
};

/** How long a replica that failed is skipped before it is tried again. */
const REPLICA_RETRY_MS = 10_000;

/**
 * Connection-level failures: the replica is down, restarting or refusing connections. A query
 * error (bad SQL, a constraint) is the query's own and is not retried on the primary.
 */
export function isConnectionFailure(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (
    e.code &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(e.code)
  )
    return true;
  // admin_shutdown, crash_shutdown, cannot_connect_now, and connection exceptions (class 08).
  if (e.code && (['57P01', '57P02', '57P03'].includes(e.code) || e.code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

export interface ReadRouteCounts {
  primary: number;
  replica: number;
  /** Replica queries that failed and were run on the primary instead. */
  fallbacks: number;
}

interface Replica {
  url: string;
  pool: pg.Pool;
  downUntil: number;
}

export interface ReplicaSet {
  /** The `read` handle: a replica inside replicaAllowed when one is up, else the primary. */
  read: Db;
  /** Queries `read` sent where, since start (tests and diagnostics). */
  counts(): ReadRouteCounts;
  close(): Promise<void>;
}

/** Drizzle's calls: query(text | config, params?), always promise-style. */
type QueryArgs = [query: string | pg.QueryConfig, values?: unknown[]];
const run = (pool: pg.Pool, [query, values]: QueryArgs) => pool.query(query as string, values);

/**
 * Builds the `read` handle over the primary pool and one pool per replica URL. The handle is a
 * Drizzle database over a pool-like router: each query picks its target when it runs, so the
 * repositories' raw SQL and named prepared statements are routed too (Drizzle's `withReplicas`
 * routes only the query builder's selects and sends `execute` to the primary). A transaction
 * opened on `read` takes a primary connection.
 */
export function createReplicaSet(options: {
  primary: pg.Pool;
  urls: readonly string[];
  poolSize: number;
  warn: (message: string) => void;
  now?: () => number;
}): ReplicaSet {
  const now = options.now ?? Date.now;
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      application_name: 'portal-replica-read',
      connectionTimeoutMillis: 2_000,
    });
    // An idle connection the replica drops must not crash the process; the next query notices.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return { url, pool, downUntil: 0 };
  });
  const counts: ReadRouteCounts = { primary: 0, replica: 0, fallbacks: 0 };
  let next = 0;

  const pick = (): Replica | undefined => {
    if (!readRouting.isReplicaAllowed()) return undefined;
    const t = now();
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(next + i) % replicas.length];
      if (replica.downUntil <= t) {
        next = (next + i + 1) % replicas.length;
        return replica;
      }
    }
    return undefined;
  };
  const markDown = (replica: Replica, err: unknown) => {
    // One warning per outage: the replica is skipped until downUntil, then tried again.
    replica.downUntil = now() + REPLICA_RETRY_MS;
    const host = new URL(replica.url).host;
    options.warn(
      `Read replica ${host} failed (${(err as Error).message}); reading the primary for ${REPLICA_RETRY_MS / 1000} s`,
    );
  };

  // Drizzle calls query(config, params) outside transactions and connect() for a transaction;
  // "Pool" in the class name makes it treat this as a pool (a connection per transaction).
  class ReadRouterPool {
    query(...args: QueryArgs) {
      const replica = pick();
      if (!replica) {
        counts.primary++;
        return run(options.primary, args);
      }
      counts.replica++;
      return run(replica.pool, args).catch((err: unknown) => {
        if (!isConnectionFailure(err)) throw err;
        markDown(replica, err);
        counts.fallbacks++;
        return run(options.primary, args);
      });
    }
    connect() {
      return options.primary.connect();
    }
  }

  const read = drizzle({ client: new ReadRouterPool() as unknown as pg.Pool, casing: 'snake_case' });
  return {
    read,
    counts: () => ({ ...counts }),
    close: async () => {
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
