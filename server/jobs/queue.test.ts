import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { openTestDatabase } from '../testing/database';
import { createJobWorker, enqueue, type Job, type JobHandlers, LEASE_MS, MAX_ATTEMPTS } from './queue';

let database: Database;
let now = new Date('2026-11-22T05:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const log = { warn: vi.fn(), error: vi.fn() };
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

const worker = (handlers: JobHandlers, options: { pollMs?: number } = {}) =>
  createJobWorker({ db: database.db, clock, handlers, log, ...options });

const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const allRows = () => database.db.select().from(jobs).orderBy(jobs.id);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(jobs);
  now = new Date('2026-11-22T05:00:00Z');
  log.warn.mockClear();
  log.error.mockClear();
});

describe('the job queue', () => {
  it('runs a due job once and keeps a later one until its time comes', async () => {
    await enqueue(database.db, [
      { kind: 'ping', payload: { n: 1 }, runAt: now },
      { kind: 'ping', payload: { n: 2 }, runAt: minutes(60) },
    ]);
    const seen: unknown[] = [];
    const w = worker({ ping: async (job) => void seen.push(job.payload) });

    expect(await w.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    expect(await w.runDue()).toMatchObject({ claimed: 0 });

    now = minutes(60);
    expect(await w.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    const rows = await allRows();
    expect(rows.every((r) => r.doneAt !== null && r.lastError === null && r.attempts === 1)).toBe(true);
  });

  it('enqueued in a rolled-back transaction, a job does not exist', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'ping', payload: {}, runAt: now });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await allRows()).toHaveLength(0);
  });

  it('two workers polling at once never run one job twice', async () => {
    const total = 40;
    await enqueue(
      database.db,
      Array.from({ length: total }, (_, n) => ({ kind: 'count', payload: { n }, runAt: now })),
    );
    const runs = new Map<number, number>();
    const count = async (job: Job) => {
      // A slow provider: the other worker polls while this one is still sending.
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    };
    const a = worker({ count });
    const b = worker({ count });
    await Promise.all([a.runDue(7), b.runDue(7), a.runDue(7), b.runDue(7), a.runDue(7), b.runDue(7)]);
    while ((await Promise.all([a.runDue(7), b.runDue(7)])).some((r) => r.claimed > 0)) {}

    expect(runs.size).toBe(total);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect((await allRows()).every((r) => r.doneAt !== null && r.attempts === 1)).toBe(true);
  });

  it('retries a failing job with growing waits, keeps the error, and gives up after the last attempt', async () => {
    await enqueue(database.db, { kind: 'flaky', payload: {}, runAt: now });
    let calls = 0;
    const w = worker({
      flaky: async () => {
        calls++;
        throw new Error(`provider down (${calls})`);
      },
    });

    expect(await w.runDue()).toMatchObject({ claimed: 1, retried: 1 });
    let [job] = await allRows();
    expect(job).toMatchObject({
      attempts: 1,
      lastError: 'provider down (1)',
      doneAt: null,
      lockedUntil: null,
    });
    expect(job.runAt.toISOString()).toBe(minutes(1).toISOString());

    // Not before its time.
    now = new Date(now.getTime() + 59_000);
    expect(await w.runDue()).toMatchObject({ claimed: 0 });

    // Waits of 1, 5, 30 and 120 minutes between the five attempts.
    const waits: number[] = [];
    let last = job.runAt;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = last;
      expect(await w.runDue()).toMatchObject({ claimed: 1 });
      [job] = await allRows();
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toBe(`provider down (${attempt})`);
      if (attempt < MAX_ATTEMPTS) {
        waits.push((job.runAt.getTime() - now.getTime()) / 60_000);
        last = job.runAt;
      }
    }
    expect(waits).toEqual([5, 30, 120]);
    expect(job.doneAt?.toISOString()).toBe(now.toISOString());
    expect(log.warn).toHaveBeenLastCalledWith(expect.anything(), 'job failed for good');

    now = minutes(24 * 60);
    expect(await w.runDue()).toMatchObject({ claimed: 0 });
    expect(calls).toBe(MAX_ATTEMPTS);
  });

  it('gives up a job of an unknown kind and still runs the rest of the batch', async () => {
    await enqueue(database.db, [
      { kind: 'nobody.handles.this', payload: {}, runAt: now },
      { kind: 'ping', payload: {}, runAt: now },
    ]);
    const ping = vi.fn(async () => {});
    const w = worker({ ping });

    expect(await w.runDue()).toMatchObject({ claimed: 2, done: 1, failed: 1 });
    expect(ping).toHaveBeenCalledTimes(1);
    const [unknown] = await allRows();
    expect(unknown.doneAt).not.toBeNull();
    expect(unknown.lastError).toBe("unknown job kind 'nobody.handles.this'");
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'job of an unknown kind given up');
    // 'toString' is an object's property, not a handler.
    await enqueue(database.db, { kind: 'toString', payload: {}, runAt: now });
    expect(await w.runDue()).toMatchObject({ claimed: 1, failed: 1 });
  });

  it('a job whose worker died is taken again once its lease runs out, and the late one cannot record it', async () => {
    await enqueue(database.db, { kind: 'slow', payload: {}, runAt: now });
    let release: () => void = () => {};
    const stuck = worker({ slow: () => new Promise<void>((resolve) => (release = resolve)) });
    const first = stuck.runDue();
    await vi.waitFor(async () => expect((await allRows())[0].lockedUntil).not.toBeNull());

    const other = worker({ slow: async () => {} });
    expect(await other.runDue()).toMatchObject({ claimed: 0 });
    now = new Date(now.getTime() + LEASE_MS + 1_000);
    expect(await other.runDue()).toMatchObject({ claimed: 1, done: 1 });
    const [taken] = await allRows();
    expect(taken).toMatchObject({ attempts: 2 });

    // The first worker wakes up: its outcome is no longer its to record.
    release();
    await first;
    expect(await row(taken.id)).toEqual(taken);
  });

  it('polls by itself once started, and stop() waits for the running job', async () => {
    let release: () => void = () => {};
    const started = vi.fn();
    const finished = vi.fn();
    const w = worker(
      {
        slow: async () => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
          finished();
        },
      },
      { pollMs: 10 },
    );
    await enqueue(database.db, { kind: 'slow', payload: {}, runAt: now });
    w.start();
    await vi.waitFor(() => expect(started).toHaveBeenCalled());

    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toHaveBeenCalled();
    expect((await allRows())[0].doneAt).not.toBeNull();

    // Stopped means stopped: a new due job waits for the next start.
    await enqueue(database.db, { kind: 'slow', payload: {}, runAt: now });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toHaveBeenCalledTimes(1);
  });
});
