import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { JOB_KINDS, type JobKind } from './kinds';
import { createJobs, type Job, type Jobs } from './queue';

const url = process.env.DATABASE_URL;
const SMS = JOB_KINDS['booking.confirmation'] as JobKind;
/** The SMS kinds' settings (batch, workers, NOTIFY), retried a second later instead of a minute. */
const KINDS: Record<string, JobKind> = { 'test.sms': { ...SMS, retryDelay: 1, retryDelayMax: 1 } };
/** Longer than any wait below: a job that starts sooner was not waiting for a poll. */
const POLL_SECONDS = 5;
const JOBS = 400;

let database: Database;
let jobs: Jobs;
/** Each attempt as it started: the job's number, its attempt, when (ms). */
const started: { n: number; attempt: number; at: number }[] = [];
/** The numbers whose first attempt throws. */
const failOnce = new Set<number>();
const done = new Map<number, number>();

const send = (n: number) =>
  database.db.transaction((tx) =>
    // Due now, as the app's jobs are (the app's clock read inside the transaction).
    jobs.enqueue(tx, [{ kind: 'test.sms', payload: { n }, runAt: new Date() }]),
  );

async function waitFor(what: string, probe: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// LISTEN/NOTIFY and several connections: PostgreSQL only.
describe.skipIf(!url)('the SMS kinds’ batches on PostgreSQL (ADR 049)', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = createJobs({
      connection: database.jobs,
      clock: systemClock,
      log: { warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
      kinds: KINDS,
      pollSeconds: POLL_SECONDS,
    });
    jobs.handle({
      async 'test.sms'(job: Job) {
        const { n } = job.payload as { n: number };
        started.push({ n, attempt: job.attempt, at: performance.now() });
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (failOnce.has(n) && job.attempt === 1) throw new Error(`send ${n} failed`);
        done.set(n, (done.get(n) ?? 0) + 1);
      },
    });
    await jobs.open();
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('a backlog drains at once without waiting for polls, claimed in order, each job done once; a failed one is retried alone', async () => {
    // Every 50th fails once: the rest of its batch is completed, not run again with it.
    for (let n = 0; n < JOBS; n += 50) failOnce.add(n + 7);
    for (let n = 0; n < JOBS; n++) await send(n);
    const t0 = performance.now();
    await jobs.work();
    await waitFor('the first attempts', () => started.length >= JOBS, 30_000);
    const firstPass = performance.now() - t0;
    await waitFor('every job done', () => done.size === JOBS, 30_000);

    // Each settled completed (pg-boss's statement follows the handler's return).
    const completed = async () =>
      (await jobs.boss.findJobs('test.sms')).filter((job) => job.state === 'completed').length;
    await waitFor('every job completed', async () => (await completed()) === JOBS, 10_000);
    // Each job's effect once; only the failed ones had a second attempt.
    expect([...done.values()].every((runs) => runs === 1)).toBe(true);
    const attempts = new Map<number, number>();
    for (const s of started) attempts.set(s.n, (attempts.get(s.n) ?? 0) + 1);
    expect([...attempts].filter(([, count]) => count > 1).map(([n]) => n)).toEqual(
      [...failOnce].sort((a, b) => a - b),
    );
    // Claimed in the order sent: the k-th first attempt to start is within the jobs in flight
    // at once (workers × batch) of the k-th job sent.
    const inFlight = (SMS.concurrency ?? 1) * (SMS.batchSize ?? 1);
    const firsts = started.filter((s) => s.attempt === 1).map((s) => s.n);
    const outOfOrder = firsts.filter((n, k) => Math.abs(n - k) >= inFlight);
    expect(outOfOrder).toEqual([]);
    // A full batch fetches the next at once: 400 jobs at one batch per worker per poll would take
    // JOBS / inFlight × 5 s (500 s).
    console.log(`${JOBS} jobs' first attempts in ${(firstPass / 1000).toFixed(2)} s (${inFlight} in flight)`);
    expect(firstPass).toBeLessThan(POLL_SECONDS * 1000 * 2);
  }, 90_000);

  it('a job committed while the workers wait for their poll starts at once (LISTEN/NOTIFY)', async () => {
    // The workers idle: their last fetch came back empty and each now sleeps out the poll.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waits: number[] = [];
    for (const n of [JOBS, JOBS + 1, JOBS + 2]) {
      const sent = performance.now();
      await send(n);
      await waitFor(`job ${n}`, () => started.some((s) => s.n === n), POLL_SECONDS * 2000);
      waits.push((started.find((s) => s.n === n)?.at ?? 0) - sent);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    console.log(
      `sent → started: ${waits.map((w) => `${w.toFixed(0)} ms`).join(', ')} (poll ${POLL_SECONDS} s)`,
    );
    // A poll would have taken it up to 5 s later (2.5 s on average): each of three below 2 s was woken.
    expect(Math.max(...waits)).toBeLessThan(2_000);
  }, 60_000);
});
