/**
 * A job worker in a process of its own, for the kill -9 test (server/jobs/crash.test.ts): it
 * works the `test.effect` queue of the PostgreSQL database at DATABASE_URL until killed. Each job
 * records its effect idempotently (one job_effects row per job, its runs counted), as a real
 * handler records a sent message, so a job run again after a crash shows as runs > 1, never as a
 * second effect.
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../clock';
import { openDatabase } from '../db/client';
import { createJobs } from '../jobs/queue';
import { CRASH_TEST_KINDS } from './crash-kinds';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 8 });
const jobs = createJobs({
  connection: database.jobs,
  clock: systemClock,
  log: { warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
  kinds: CRASH_TEST_KINDS,
  pollSeconds: 0.5,
  superviseSeconds: 1,
});
jobs.handle({
  async 'test.effect'(job) {
    const { n } = job.payload as { n: number };
    // Some work before and after the effect, so a kill lands inside handlers.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await database.db.execute(sql`
      INSERT INTO job_effects (n, runs) VALUES (${n}, 1)
      ON CONFLICT (n) DO UPDATE SET runs = job_effects.runs + 1`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  },
});
await jobs.open();
await jobs.work();
console.log('working');
