import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  it('create the schema with the extensions the queries rely on', async () => {
    const { rows } = await database.db.execute<{ extname: string }>(
      sql`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gist') ORDER BY extname`,
    );
    expect(rows.map((r) => r.extname)).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('sort Russian names in dictionary order with the portable ICU collation', async () => {
    const { rows } = await database.db.execute<{ n: string }>(
      sql`SELECT n FROM unnest(ARRAY['Ёлкин','Абрамов','Яковлев','елисеев','ёжиков']) AS n ORDER BY n COLLATE "und-x-icu"`,
    );
    expect(rows.map((r) => r.n)).toEqual(['Абрамов', 'ёжиков', 'елисеев', 'Ёлкин', 'Яковлев']);
  });

  it('are idempotent: running them again changes nothing', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
