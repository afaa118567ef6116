import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { DEAD_LETTER_QUEUE, JOB_KINDS, type JobKind } from './kinds';
import { createJobs, type Job, type Jobs } from './queue';

let database: Database;
let now = new Date('2031-03-02T05:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const log = { warn: vi.fn(), error: vi.fn() };
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

const KINDS: Record<string, JobKind> = {
  'test.ping': { retryLimit: 2, retryDelay: 60, retryDelayMax: 3_600, expireInSeconds: 60 },
  'test.lone': { retryLimit: 0, retryDelay: 60, retryDelayMax: 60, expireInSeconds: 60, policy: 'exclusive' },
  ...JOB_KINDS,
  'test.sweep': { retryLimit: 0, retryDelay: 60, retryDelayMax: 60, expireInSeconds: 60, sweep: true },
};
let jobs: Jobs;
const seen: Job[] = [];
let fail: Error | null = null;
/** What test.sweep queues when it runs: a ping due at the time it ran. */
let sweepQueues = false;

beforeAll(async () => {
  database = await openTestDatabase();
  jobs = createJobs({ connection: database.jobs, clock, log, kinds: KINDS, manual: true });
  const record = async (job: Job) => {
    seen.push(job);
    if (fail) throw fail;
  };
  // The app's sweeps (a cron each minute) queue nothing here; the test's queues a ping.
  const idle = async () => {};
  const sweep = async () => {
    if (sweepQueues) await send('test.ping', { swept: clock.now().toISOString() }, clock.now());
  };
  jobs.handle({
    ...Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, KINDS[kind].sweep ? idle : record])),
    'test.sweep': sweep,
  });
  await jobs.open();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});
beforeEach(async () => {
  await jobs.boss.deleteAllJobs();
  now = new Date('2031-03-02T05:00:00Z');
  seen.length = 0;
  fail = null;
  sweepQueues = false;
  log.warn.mockClear();
});

const send = (kind: string, payload: Record<string, unknown>, runAt: Date) =>
  database.db.transaction((tx) => jobs.enqueue(tx, [{ kind, payload, runAt }]));

describe('the job queue on pg-boss', () => {
  it('runs a due job once and keeps a later one until the app clock reaches it', async () => {
    await send('test.ping', { n: 1 }, now);
    await send('test.ping', { n: 2 }, minutes(60));

    expect(await jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen.map((j) => j.payload)).toEqual([{ n: 1 }]);
    expect(await jobs.runDue()).toMatchObject({ claimed: 0 });

    now = minutes(60);
    expect(await jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen.map((j) => [j.kind, j.payload, j.attempt])).toEqual([
      ['test.ping', { n: 1 }, 1],
      ['test.ping', { n: 2 }, 1],
    ]);
    const stored = await jobs.boss.findJobs('test.ping');
    expect(stored.map((j) => j.state)).toEqual(['completed', 'completed']);
  });

  it("runs a sweep kind's handler first, as its cron would have by the clock's time, and its jobs with the rest", async () => {
    sweepQueues = true;
    now = minutes(90);
    // The sweep itself is not counted; the ping it queued is, and runs in the same call.
    expect(await jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen.map((j) => [j.kind, j.payload])).toEqual([['test.ping', { swept: now.toISOString() }]]);
    expect(await jobs.boss.findJobs('test.sweep')).toEqual([]);
  });

  it('several jobs of one kind go in one insert, each with its own payload and time', async () => {
    await database.db.transaction((tx) =>
      jobs.enqueue(tx, [
        { kind: 'test.ping', payload: { n: 1 }, runAt: now },
        { kind: 'test.lone', payload: { n: 2 }, runAt: now },
        { kind: 'test.ping', payload: { n: 3 }, runAt: minutes(30) },
      ]),
    );
    const pings = await jobs.boss.findJobs('test.ping');
    expect(pings.map((j) => [j.data, j.startAfter.toISOString(), j.retryLimit]).sort()).toEqual([
      [{ n: 1 }, now.toISOString(), 2],
      [{ n: 3 }, minutes(30).toISOString(), 2],
    ]);
    expect((await jobs.boss.findJobs('test.lone')).map((j) => j.data)).toEqual([{ n: 2 }]);
  });

  it('a job enqueued in a transaction exists only if it commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue(tx, [{ kind: 'test.ping', payload: { lost: true }, runAt: now }]);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await jobs.boss.findJobs('test.ping')).toHaveLength(0);
    await send('test.ping', { kept: true }, now);
    expect((await jobs.boss.findJobs('test.ping')).map((j) => j.data)).toEqual([{ kept: true }]);
  });

  it('sends its jobs as named statements, payloads as parameters: a text like “$1” stays text', async () => {
    const payload = { note: "стоит $1 и $2, 'кавычки'", list: [1, 2] };
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, [{ kind: 'test.ping', payload, runAt: minutes(5) }]);
      // On PostgreSQL the insert stays prepared on the connection (PGlite has nothing to name).
      if (database.kind === 'postgres') {
        const prepared = await tx.execute(
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements
              WHERE name LIKE 'jobs_%' AND statement LIKE '%''test.ping''%'`,
        );
        // Its send's, and its insert's when a test before ran one on this connection.
        expect(prepared.rows[0].n).toBeGreaterThanOrEqual(1);
      }
    });
    const [job] = await jobs.boss.findJobs('test.ping');
    expect(job.data).toEqual(payload);
    expect(job.startAfter).toEqual(minutes(5));
  });

  it('retries a failing job with growing waits, then keeps it and its error as a dead letter', async () => {
    fail = new Error('SMS gateway said no');
    await send('test.ping', { n: 1 }, now);
    const start = now.getTime();

    expect(await jobs.runDue()).toMatchObject({ claimed: 1, retried: 1 });
    const [first] = await jobs.boss.findJobs('test.ping');
    expect(first.state).toBe('retry');
    expect(first.output).toMatchObject({ message: 'SMS gateway said no' });
    const wait1 = first.startAfter.getTime() - start;
    // Not before its backoff: a run at the same moment finds nothing.
    expect(await jobs.runDue()).toMatchObject({ claimed: 0 });

    now = new Date(first.startAfter.getTime() + 1000);
    expect(await jobs.runDue()).toMatchObject({ claimed: 1, retried: 1 });
    const [second] = await jobs.boss.findJobs('test.ping');
    const wait2 = second.startAfter.getTime() - now.getTime();
    expect(wait1).toBeGreaterThanOrEqual(30_000);
    expect(wait2).toBeGreaterThan(wait1);

    now = new Date(second.startAfter.getTime() + 1000);
    expect(await jobs.runDue()).toMatchObject({ claimed: 1, failed: 1 });
    expect(seen.map((j) => j.attempt)).toEqual([1, 2, 3]);
    const [given] = await jobs.boss.findJobs('test.ping');
    expect(given.state).toBe('failed');
    const dead = await jobs.boss.findJobs(DEAD_LETTER_QUEUE);
    expect(dead.map((j) => j.data)).toEqual([{ n: 1 }]);
    expect(dead[0]).toMatchObject({
      sourceName: 'test.ping',
      sourceOutput: { message: 'SMS gateway said no' },
    });
    // Nothing works the dead letters: they wait for staff (a redrive sends them back).
    now = minutes(60 * 24);
    expect(await jobs.runDue()).toMatchObject({ claimed: 0 });
  });

  it('an exclusive kind never has two copies waiting or running', async () => {
    const first = await jobs.boss.send('test.lone', {});
    const second = await jobs.boss.send('test.lone', {});
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await jobs.boss.findJobs('test.lone')).toHaveLength(1);
  });

  it('puts the stars refresh (nightly, Moscow) and the documents clean-up (hourly) on cron, one copy at a time', async () => {
    const schedules = await jobs.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s]));
    expect(byName['reviews.refresh-stars']).toMatchObject({ cron: '0 4 * * *', timezone: 'Europe/Moscow' });
    expect(byName['reviews.clean-up-documents']).toMatchObject({ cron: '0 * * * *' });
    expect(byName['booking.reminder']).toBeUndefined();
    // 04:00 in Moscow (UTC+3) is 01:00 UTC.
    const [next] = jobs.boss.previewSchedule('0 4 * * *', {
      tz: 'Europe/Moscow',
      count: 1,
      from: now,
    } as never);
    expect(next.toISOString()).toBe('2031-03-03T01:00:00.000Z');
    const queues = await jobs.boss.getQueues(['reviews.refresh-stars', 'booking.reminder']);
    expect(Object.fromEntries(queues.map((q) => [q.name, [q.policy, q.deadLetter]]))).toEqual({
      'reviews.refresh-stars': ['exclusive', DEAD_LETTER_QUEUE],
      'booking.reminder': ['standard', DEAD_LETTER_QUEUE],
    });
  });

  it('pg-boss’s schema is installed with ours and clashes with none of our tables', async () => {
    const { rows } = await database.db.execute<{ schema: string }>(sql`
      SELECT DISTINCT table_schema AS schema FROM information_schema.tables WHERE table_name = 'job'`);
    expect(rows.map((r) => r.schema)).toEqual(['pgboss']);
  });
});

describe('working jobs by itself', () => {
  it('polls every queue once started, and stop() waits for the running job', async () => {
    // Its one kind: the app's cron kinds would start jobs of their own meanwhile.
    const kinds = { 'test.ping': KINDS['test.ping'] };
    const real = createJobs({ connection: database.jobs, clock, log, kinds, pollSeconds: 0.5 });
    let release = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    const slow = async (job: Job) => {
      started.push(job.id);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      finished.push(job.id);
    };
    real.handle({ 'test.ping': slow });
    await real.open();
    await database.db.transaction((tx) =>
      real.enqueue(tx, [{ kind: 'test.ping', payload: {}, runAt: new Date(Date.now() - 1000) }]),
    );
    await real.work();
    const deadline = Date.now() + 15_000;
    while (started.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(started).toHaveLength(1);
    const stopping = real.stop(10_000);
    setTimeout(() => release(), 100);
    await stopping;
    expect(finished).toEqual(started);
  }, 30_000);
});
