import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { CRASH_TEST_KINDS } from '../testing/crash-kinds';
import { openTestDatabase } from '../testing/database';
import { createJobs } from './queue';

const JOBS = 300;
const url = process.env.DATABASE_URL;
let database: Database;

/** The worker script in a child process, on the test's database; resolves once it works. */
function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/job-worker.ts'], {
    env: { ...process.env, DATABASE_URL: (database.jobs as { connectionString: string }).connectionString },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('working')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

const effects = async () =>
  (await database.db.execute<{ n: number; runs: number }>(sql`SELECT n, runs FROM job_effects`)).rows;

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// PGlite is one process per data dir: a second worker process needs PostgreSQL.
describe.skipIf(!url)(
  'kill -9 under load (PostgreSQL only: PGlite cannot be shared by two processes)',
  () => {
    beforeAll(async () => {
      database = await openTestDatabase();
      await database.db.execute(sql`CREATE TABLE job_effects (n int PRIMARY KEY, runs int NOT NULL)`);
    });
    afterAll(() => database?.close());

    it('a worker killed mid-batch loses and duplicates no job: a second one finishes them', async () => {
      const jobs = createJobs({
        connection: database.jobs,
        clock: systemClock,
        log: console,
        kinds: CRASH_TEST_KINDS,
      });
      await jobs.open();
      await database.db.transaction((tx) =>
        jobs.enqueue(
          tx,
          Array.from({ length: JOBS }, (_, n) => ({
            kind: 'test.effect',
            payload: { n },
            runAt: new Date(Date.now() - 1000),
          })),
        ),
      );
      await jobs.stop();

      const started = Date.now();
      const first = await startWorker();
      // Killed once a part of the batch is done, with more in flight.
      await waitFor('the first effects', async () => ((await effects()).length >= JOBS / 5 ? true : null));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const doneByFirst = (await effects()).length;

      const second = await startWorker();
      try {
        await waitFor('every effect', async () => ((await effects()).length === JOBS ? true : null));
        const { rows } = await database.db.execute<{ state: string; count: number }>(
          sql`SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = 'test.effect' GROUP BY state`,
        );
        await waitFor('every job completed', async () => {
          const states = (
            await database.db.execute<{ state: string; count: number }>(
              sql`SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = 'test.effect' GROUP BY state`,
            )
          ).rows;
          return states.length === 1 && states[0].state === 'completed' ? states : null;
        });
        const all = await effects();
        const lost = JOBS - new Set(all.map((e) => e.n)).size;
        const rerun = all.filter((e) => e.runs > 1).length;
        console.log(
          `kill -9: ${JOBS} jobs, ${doneByFirst} done before the kill, lost ${lost}, duplicated effects 0 (one row per job), ` +
            `${rerun} run again after the kill (at least once), ${((Date.now() - started) / 1000).toFixed(1)} s; states before the end: ${JSON.stringify(rows)}`,
        );
        expect(lost).toBe(0);
        expect(all).toHaveLength(JOBS);
        expect(doneByFirst).toBeLessThan(JOBS);
      } finally {
        second.kill('SIGTERM');
        await new Promise((resolve) => second.once('exit', resolve));
      }
    }, 60_000);
  },
);
