import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** One round trip to the database: resolves when it answers a query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
