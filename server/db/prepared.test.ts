import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database';
import type { Database } from './client';
import { executeNamed } from './prepared';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('executeNamed', () => {
  const query = (n: number) =>
    sql`SELECT ${n}::int AS n, ${'2026-11-23T02:00:00Z'}::timestamptz AS at, json_build_object('k', ${n}::int) AS j`;

  it('answers as db.execute does, call after call with new values', async () => {
    for (const n of [1, 2, 3]) {
      const named = await executeNamed<{ n: number; at: unknown; j: unknown }>(
        database.db,
        'probe_n',
        query(n),
      );
      const plain = (await database.db.execute(query(n))).rows;
      expect(named).toEqual(plain);
      expect(named[0].n).toBe(n);
      expect(named[0].j).toEqual({ k: n });
    }
  });
});
