import { sql } from 'drizzle-orm';
import type { Executor } from './bulk';

/** A secondary index dropped for the load, with the statement that builds it again. */
export interface DeferredIndex {
  name: string;
  definition: string;
}

/**
 * Drops the plain secondary indexes of the public schema before a bulk load: building one
 * index over a loaded table is several times cheaper than updating it row by row, batch after
 * batch (the 'large' and 'xl' sets' reviews table has eight). Kept: primary keys, unique
 * indexes and every index behind a constraint (unique, exclusion), so the load is still checked
 * as it goes. The seed runs on an empty, freshly migrated database, so nothing else reads these
 * tables meanwhile; if it fails, the database must be seeded anew (--reset) anyway.
 */
export async function dropSecondaryIndexes(db: Executor): Promise<DeferredIndex[]> {
  const { rows } = await db.execute<{ name: string; definition: string }>(sql`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND NOT x.indisunique AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid)
     ORDER BY i.relname`);
  const dropped = rows.map((r) => ({ name: String(r.name), definition: String(r.definition) }));
  for (const index of dropped)
    await db.execute(sql`DROP INDEX ${sql.identifier('public')}.${sql.identifier(index.name)}`);
  return dropped;
}

/** Builds the dropped indexes again, each from its own definition, as migrations made them. */
export async function recreateIndexes(
  db: Executor,
  indexes: DeferredIndex[],
  progress: (done: number, total: number) => void = () => {},
): Promise<void> {
  for (const [i, index] of indexes.entries()) {
    progress(i, indexes.length);
    await db.execute(sql.raw(index.definition));
  }
  progress(indexes.length, indexes.length);
}
