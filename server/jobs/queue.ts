import { type SQL, sql } from 'drizzle-orm';
import { type Db as BossDb, type JobResult, type JobWithMetadata, PgBoss, TestClock } from 'pg-boss';
import type { Clock } from '../clock';
import type { Db, DbTx } from '../db/client';
import { executeShaped } from '../db/prepared';
import { causeOf, logThrottle } from '../http/log-throttle';
import { safeErrorMessage } from '../http/logger';
import { DEAD_LETTER_QUEUE, DEAD_LETTER_RETENTION_SECONDS, JOB_KINDS, type JobKind } from './kinds';

/** A job as its handler sees it. `attempt` counts from 1. */
export interface Job {
  id: string;
  kind: string;
  payload: unknown;
  attempt: number;
}

/** Runs one job; a throw is a failed attempt (retried with backoff), a return is done. */
export type JobHandler = (job: Job) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** A job's kind and when it is due. */
export interface JobAt {
  kind: string;
  runAt: Date;
}

export interface NewJob extends JobAt {
  payload: Record<string, unknown>;
}

export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How pg-boss reaches the database: its own small pool on PostgreSQL, the app's one connection
 * on PGlite (`Database.jobs`, server/db/client.ts).
 */
export type JobsConnection = { connectionString: string; max: number } | { db: BossDb; backend: 'pglite' };

/** Adds jobs inside the caller's transaction: they exist exactly when it commits. */
export interface JobSender {
  enqueue(tx: DbTx, jobs: readonly NewJob[]): Promise<void>;
}

/** The schema pg-boss keeps its tables in; it installs and migrates it itself. */
export const JOBS_SCHEMA = 'pgboss';

/** What a failed attempt keeps: never a failed query's parameters (server/http/logger.ts). */
const errorText = (err: unknown) => safeErrorMessage(err).slice(0, 2000);

/** A queue's settings from its kind; `listens`: its inserts wake the workers (PostgreSQL only). */
function queueOptions(kind: JobKind, listens: boolean) {
  return {
    retryLimit: kind.retryLimit,
    retryDelay: kind.retryDelay,
    retryBackoff: true,
    retryDelayMax: kind.retryDelayMax,
    expireInSeconds: kind.expireInSeconds,
    notify: listens && kind.notify === true,
  };
}

/**
 * pg-boss's statements in the caller's transaction, each a named prepared statement (pg-boss's
 * own `fromDrizzle` sends them unnamed). Its insert is a long text that PostgreSQL otherwise
 * parsed and planned on every send: about 0.5 of its 0.75 ms, three times per booking. Its texts
 * are few (one per queue; values are parameters), so each stays prepared on each connection.
 */
export function preparedIn(tx: DbTx): BossDb {
  return {
    async executeSql(text, values = []) {
      // '…$1…$2…' split on its placeholders: text, number, text, number, …, text.
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [sql.raw(parts[0])];
      for (let i = 1; i < parts.length; i += 2)
        chunks.push(sql`${sql.param(values[Number(parts[i]) - 1])}`, sql.raw(parts[i + 1]));
      return { rows: await executeShaped(tx as unknown as Db, 'jobs', sql.join(chunks)) };
    },
  };
}

/** Installs (or migrates) pg-boss's schema and stops: part of the database's migration. */
export async function installJobsSchema(connection: JobsConnection): Promise<void> {
  const boss = new PgBoss({
    ...connection,
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * The job queue on pg-boss. `open()` starts it and makes the queues of `kinds` (retry policy,
 * dead letters, exclusive ones) and their cron schedules. Then either:
 * - `work()` (server/main.ts): every process polls every queue and runs the handlers; pg-boss
 *   claims with SKIP LOCKED, so a job runs in one process at a time, and again (at least once)
 *   only when an attempt failed or outlived `expireInSeconds` (a killed worker);
 * - `runDue(now)` (tests, `manual`): pg-boss's clock is a TestClock set to the app's time, and
 *   the jobs due by then run at once, in this call, with no polling and no sleeping (a `sweep`
 *   kind's handler first, as its cron would have run by then).
 */
export function createJobs({
  connection,
  clock,
  log,
  kinds = JOB_KINDS,
  manual = false,
  pollSeconds = 2,
  superviseSeconds,
}: {
  connection: JobsConnection;
  clock: Clock;
  log: JobLog;
  kinds?: Record<string, JobKind>;
  manual?: boolean;
  pollSeconds?: number;
  /** How often expired attempts (a killed worker's) are put back: pg-boss's default, a minute. */
  superviseSeconds?: number;
}) {
  const testClock = manual ? new TestClock(clock.now()) : undefined;
  // A `notify` kind's insert sends a NOTIFY when its transaction commits; a working process on
  // PostgreSQL LISTENs on a connection of its own and wakes that queue's workers. PGlite has no
  // second connection to listen on: its workers poll.
  const listens = 'connectionString' in connection;
  const boss = new PgBoss({
    ...connection,
    schema: JOBS_SCHEMA,
    clock: testClock,
    useListenNotify: listens && !manual,
    // Maintenance (expiring stalled jobs, retention) and cron run in working processes only.
    supervise: !manual,
    schedule: !manual,
    registerInstance: !manual,
    ...(superviseSeconds
      ? { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds }
      : {}),
  });
  // pg-boss reports a failed poll as a plain object ({...err, message, stack, queue}): logged as
  // the error it was, with its text and code, once per cause a minute (each queue's worker
  // fails alike while the database is away: 337 lines in 4 s before).
  const throttle = logThrottle({ windowMs: JOB_ERROR_LOG_WINDOW_MS });
  boss.on('error', (reported: unknown) => {
    const { err, queue } = asError(reported);
    const { log: now, repeated } = throttle(causeOf(err));
    if (!now) return;
    log.error({ err, ...(queue ? { queue } : {}), ...(repeated ? { repeated } : {}) }, 'job queue error');
  });
  let handlers: JobHandlers = {};
  let opened = false;

  function handlerOf(kind: string): JobHandler {
    const handler = Object.hasOwn(handlers, kind) ? handlers[kind] : undefined;
    if (!handler) throw new Error(`no handler for job kind '${kind}'`);
    return handler;
  }

  const asJob = (kind: string, job: { id: string; data: unknown; retryCount: number }): Job => ({
    id: job.id,
    kind,
    payload: job.data,
    attempt: job.retryCount + 1,
  });

  async function open() {
    await boss.start();
    opened = true;
    await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
    for (const [name, kind] of Object.entries(kinds)) {
      const options = queueOptions(kind, listens);
      await boss.createQueue(name, {
        ...options,
        policy: kind.policy ?? 'standard',
        deadLetter: DEAD_LETTER_QUEUE,
      });
      // createQueue leaves an existing queue alone: a changed policy reaches it through here.
      await boss.updateQueue(name, options);
      if (kind.cron) await boss.schedule(name, kind.cron.expression, null, { tz: kind.cron.tz });
      else await boss.unschedule(name);
    }
  }

  return {
    /** pg-boss itself, for staff tools and tests (findJobs, getSchedules, redrive). */
    boss,
    open,
    /** The handlers, one per kind; set before `work()` or `runDue()`. */
    handle(next: JobHandlers) {
      handlers = next;
    },

    /** One job of a kind is sent; several of one kind (the reminders' sweep) go in one insert. */
    async enqueue(tx: DbTx, list: readonly NewJob[]) {
      const db = preparedIn(tx);
      // A job due by now starts at the database's now() (pg-boss's default), not the app's time:
      // pg-boss NOTIFYs only for a job runnable at its insert, and now() is the transaction's
      // start, earlier than the app's clock read inside it (with the app's time the NOTIFY never
      // went, and the job waited for the poll). The tests' manual queue keeps its moved clock.
      const now = clock.now().getTime();
      const startAfter = (job: NewJob) => (!manual && job.runAt.getTime() <= now ? undefined : job.runAt);
      const byKind = new Map<string, NewJob[]>();
      for (const job of list) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
      for (const [kind, same] of byKind) {
        if (same.length === 1)
          await boss.send(kind, same[0].payload, { startAfter: startAfter(same[0]), db });
        else
          await boss.insert(
            kind,
            same.map((job) => ({ data: job.payload, startAfter: startAfter(job) })),
            { db },
          );
      }
    },

    /**
     * Polls every queue and runs its jobs in this process, until `stop()`. A kind with a
     * `batchSize` claims that many jobs per fetch, runs them side by side and settles each on its
     * own, and fetches again at once after a full batch; a `notify` kind's workers also wake as a
     * job of it is committed (the poll is then the backstop).
     */
    async work() {
      for (const [name, kind] of Object.entries(kinds) as [string, JobKind][]) {
        const handler = handlerOf(name);
        const polling = {
          localConcurrency: kind.concurrency ?? 1,
          pollingIntervalSeconds: kind.pollSeconds ?? pollSeconds,
          notifyPollingIntervalSeconds: kind.pollSeconds ?? pollSeconds,
        };
        const batchSize = kind.batchSize ?? 1;
        if (batchSize === 1) {
          await boss.work(name, { ...polling, batchSize: 1 }, async ([job]) => {
            try {
              await handler(asJob(name, job));
            } catch (err) {
              log.warn({ err, jobId: job.id, kind: name, attempt: job.retryCount + 1 }, 'job failed');
              throw new Error(errorText(err));
            }
          });
          continue;
        }
        await boss.work(
          name,
          { ...polling, batchSize, burstWhenBatchFull: true, perJobResults: true },
          (batch): Promise<JobResult[]> =>
            Promise.all(
              batch.map(async (job): Promise<JobResult> => {
                try {
                  await handler(asJob(name, job));
                  return { id: job.id, status: 'completed' };
                } catch (err) {
                  log.warn({ err, jobId: job.id, kind: name, attempt: job.retryCount + 1 }, 'job failed');
                  return { id: job.id, status: 'failed', output: { message: errorText(err) } };
                }
              }),
            ),
        );
      }
    },

    /**
     * Runs every job due by `now` (the app's clock), kind by kind in the order of `kinds`, and
     * answers what became of them. Only with `manual`: pg-boss's database clock is set to `now`
     * first, so start times, retries and their backoff follow the app's moved clock.
     */
    async runDue(now: Date = clock.now()) {
      if (!testClock) throw new Error('runDue() is for a manual job queue (tests)');
      // pg-boss takes a job once its start is strictly before its clock: a millisecond on, a job
      // due at `now` exactly runs.
      await testClock.setTime(now.getTime() + 1);
      const outcome = { claimed: 0, done: 0, retried: 0, failed: 0 };
      // The sweeps first, as their cron would have run by now; not counted: the jobs they queue are.
      for (const [name, kind] of Object.entries(kinds))
        if (kind.sweep)
          await handlerOf(name)({
            id: `${name}@${now.toISOString()}`,
            kind: name,
            payload: null,
            attempt: 1,
          });
      for (const name of Object.keys(kinds)) {
        const handler = handlerOf(name);
        for (;;) {
          const batch: JobWithMetadata[] = await boss.fetch(name, { batchSize: 20, includeMetadata: true });
          if (batch.length === 0) break;
          for (const job of batch) {
            outcome.claimed++;
            try {
              await handler(asJob(name, job));
            } catch (err) {
              const retry = job.retryCount < job.retryLimit;
              log.warn({ err, jobId: job.id, kind: name, attempt: job.retryCount + 1 }, 'job failed');
              await boss.fail(name, job, { message: errorText(err) });
              outcome[retry ? 'retried' : 'failed']++;
              continue;
            }
            await boss.complete(name, job);
            outcome.done++;
          }
        }
      }
      return outcome;
    },

    /** Stops polling and waits (at most `timeoutMs`) for the jobs already running. */
    async stop(timeoutMs = 10_000) {
      if (!opened) return;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;

/** How often one cause of job-queue errors is logged (the rest are counted). */
export const JOB_ERROR_LOG_WINDOW_MS = 60_000;

/**
 * pg-boss's error event as an Error the log serializer knows (server/http/logger.ts): its own
 * Errors as they are; its plain objects rebuilt with their message, stack and the driver's code
 * and severity (so a failed query's text is still made safe), the queue kept beside.
 */
function asError(reported: unknown): { err: unknown; queue?: string } {
  if (reported instanceof Error || reported === null || typeof reported !== 'object')
    return { err: reported };
  const r = reported as Record<string, unknown>;
  // Its message ends with the worker's name ('… (Queue: q, Worker: uuid)'): a cause is the rest.
  const message = typeof r.message === 'string' ? r.message.replace(/ \(Queue: [^()]*\)$/, '') : '';
  const err = new Error(message || 'job queue error') as Error & Record<string, unknown>;
  if (typeof r.stack === 'string') err.stack = r.stack;
  for (const key of ['code', 'severity']) if (typeof r[key] === 'string') err[key] = r[key];
  return { err, queue: typeof r.queue === 'string' ? r.queue : undefined };
}
