import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// The machine's PostgreSQL (CI starts it); the same server the PostgreSQL test pass uses.
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

describe('PostgreSQL pool', () => {
  it('survives the server dropping its connections and serves the next query', async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const { rows } = await database.db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      // The idle connection's error arrives asynchronously; without a handler it would crash.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await database.db.execute<{ ok: number }>(sql`SELECT 1 AS ok`);
      expect(again.rows[0].ok).toBe(1);
      expect(warnings.join('\n')).toMatch(/PostgreSQL connection error/);
    } finally {
      console.warn = warn;
      await database.close();
    }
  });
});
