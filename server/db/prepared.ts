import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db, DbTx } from './client';

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(placeholderValues?: Record<string, unknown>): Promise<{ rows: unknown[] }> };
  };
}

/**
 * `db.execute(query)` as a NAMED prepared statement: PostgreSQL plans it once per connection
 * instead of on every call. For hot queries with many joins planning costs more than running
 * them (the booking target: 3.3 ms to plan, 0.3 ms to run). The query's text must be the same on
 * every call (values only as parameters), and each name belongs to one text. It goes through
 * Drizzle's own session, as `db.execute` does, so rows come back the same; PGlite (one
 * connection, no names needed) runs it as an ordinary query.
 */
export async function executeNamed<T>(db: Db | DbTx, name: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const result = await internals.session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as T[];
}

/**
 * `db.execute(query)` as a named prepared statement named after its text's hash: for raw SQL
 * built from a few optional parts (list filters and sorts): each shape is parsed and planned once
 * per connection. Only for queries whose shapes are few: every distinct text stays prepared on
 * each connection.
 */
export async function executeShaped<T>(db: Db, prefix: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(built.sql).digest('hex').slice(0, 16);
  const result = await internals.session.prepareQuery(built, undefined, `${prefix}_${hash}`, false).execute();
  return result.rows as T[];
}

/**
 * A raw SQL query with `sql.placeholder(...)` values, built and named once: `execute(values)`
 * neither rebuilds its text in Node nor has PostgreSQL parse and plan it again on a connection
 * that ran it before. For the hottest page queries, whose long texts cost more to build and plan
 * than to run.
 */
export function prepareSql<T>(db: Db, name: string, query: SQL) {
  const internals = db as unknown as DrizzleInternals;
  const prepared = internals.session.prepareQuery(
    internals.dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
  return {
    async execute(values: Record<string, unknown>): Promise<T[]> {
      return (await prepared.execute(values)).rows as T[];
    },
  };
}
