/**
 * One short PostgreSQL session outside the app's pool, for the tools that work on whole databases
 * (backups, the test and benchmark databases): connects, runs `work`, always disconnects.
 */
import pg from 'pg';

export async function withPgSession<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An identifier (a database's or a schema's name) quoted for SQL. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
