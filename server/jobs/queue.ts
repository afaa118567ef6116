import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbTx } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { safeErrorMessage } from '../http/logger';

/** A job as its handler sees it. `attempt` counts from 1. */
export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempt: number;
}

/** Runs one job; a throw is a failed attempt (retried with backoff), a return is done. */
export type JobHandler = (job: Job) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** A job's kind and when it is due; its payload comes with it (NewJob) or from the caller's statement. */
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

/** A job that failed this many times is given up (done_at set, last_error kept). */
export const MAX_ATTEMPTS = 5;
/** Waits before attempts 2, 3, 4 and 5. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/**
 * How long a claimed job belongs to its worker. A worker that dies mid-job leaves it locked this
 * long, then another one takes it. Handlers must finish well within it (provider calls have
 * their own timeouts), or a slow job may run twice.
 */
export const LEASE_MS = 5 * 60_000;

/**
 * Adds jobs. Given the transaction that writes what they are about, they exist exactly when it
 * commits: a booking never lacks its messages, a rolled-back one never sends any.
 */
export async function enqueue(db: Db | DbTx, job: NewJob | NewJob[]): Promise<void> {
  const list = Array.isArray(job) ? job : [job];
  if (list.length === 0) return;
  await db.insert(jobs).values(list.map((j) => ({ kind: j.kind, payload: j.payload, runAt: j.runAt })));
}

/**
 * The jobs as part of the caller's own statement (a CTE of a one-statement write): for each row
 * of `source`, one job per entry of `list`, its payload the given columns of that row. They exist
 * exactly when that statement commits, as with `enqueue` in a transaction.
 *
 *   WITH ins AS (INSERT INTO appointments … RETURNING id),
 *        queued AS (${enqueueFrom(sql`ins`, jobs, { appointmentId: sql`ins.id` })})
 *   SELECT id FROM ins
 */
export function enqueueFrom(source: SQL, list: readonly JobAt[], payload: Record<string, SQL>): SQL {
  const fields = sql.join(
    Object.entries(payload).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  const kinds = `{${list.map((j) => j.kind).join(',')}}`;
  const runAts = `{${list.map((j) => j.runAt.toISOString()).join(',')}}`;
  return sql`
    INSERT INTO jobs (kind, payload, run_at)
    SELECT k.kind, jsonb_build_object(${fields}), k.run_at
    FROM ${source}, unnest(${kinds}::text[], ${runAts}::timestamptz[]) AS k(kind, run_at)`;
}

/**
 * Adds a job unless one of its kind is already waiting (a recurring job schedules its next run
 * from its handler: `exceptId` is that running job, still pending itself). Two processes doing
 * this at once may both add one; the next run then sees the other waiting and adds none.
 */
export async function enqueueUnlessPending(
  db: Db,
  job: NewJob,
  exceptId: number | null = null,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO jobs (kind, payload, run_at)
    SELECT ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${job.kind} AND done_at IS NULL
                        AND id <> ${exceptId ?? 0})
    RETURNING id`);
  return rows.length > 0;
}

/** What a failed attempt keeps: never a failed query's parameters (server/http/logger.ts). */
const errorText = (err: unknown) => safeErrorMessage(err).slice(0, 2000);

/**
 * The worker: every `pollMs` it claims the due jobs and runs them. Claiming is one UPDATE over
 * `FOR UPDATE SKIP LOCKED` rows that sets a lease and counts the attempt, so any number of app
 * processes share the table and each job runs once (at least once if a worker dies mid-job).
 * Time is the injected clock's, so tests move it instead of waiting.
 */
export function createJobWorker({
  db,
  clock,
  handlers,
  log,
  pollMs = 2_000,
  batchSize = 20,
  leaseMs = LEASE_MS,
}: {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  log: JobLog;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
}) {
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  async function claim(limit: number): Promise<Job[]> {
    const now = clock.now();
    const until = new Date(now.getTime() + leaseMs);
    const { rows } = await db.execute<{
      id: number | string;
      kind: string;
      payload: unknown;
      attempts: number;
    }>(sql`
      UPDATE jobs SET locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND run_at <= ${now.toISOString()}::timestamptz
          AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
        ORDER BY run_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts`);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempt: Number(r.attempts),
    }));
  }

  // The `attempts` check fences a worker whose lease ran out and whose job another one took.
  async function finish(job: Job, error: string | null, retry: boolean) {
    const now = clock.now();
    const runAt = new Date(now.getTime() + (RETRY_DELAYS_MS[job.attempt - 1] ?? 0));
    await db.execute(sql`
      UPDATE jobs SET locked_until = NULL, last_error = ${error},
        done_at = ${retry ? null : now.toISOString()}::timestamptz,
        run_at = coalesce(${retry ? runAt.toISOString() : null}::timestamptz, run_at)
      WHERE id = ${job.id} AND attempts = ${job.attempt}`);
  }

  async function runOne(job: Job): Promise<'done' | 'retry' | 'failed'> {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) {
      log.error({ jobId: job.id, kind: job.kind }, 'job of an unknown kind given up');
      await finish(job, `unknown job kind '${job.kind}'`, false);
      return 'failed';
    }
    try {
      await handler(job);
    } catch (err) {
      const retry = job.attempt < MAX_ATTEMPTS;
      log.warn(
        { err, jobId: job.id, kind: job.kind, attempt: job.attempt },
        retry ? 'job failed, will retry' : 'job failed for good',
      );
      await finish(job, errorText(err), retry);
      return retry ? 'retry' : 'failed';
    }
    await finish(job, null, false);
    return 'done';
  }

  /** Claims up to `limit` due jobs and runs them; resolves when all of them are recorded. */
  async function runDue(limit = batchSize) {
    const work = (async () => {
      const claimed = await claim(limit);
      const outcomes = await Promise.all(claimed.map(runOne));
      return {
        claimed: claimed.length,
        done: outcomes.filter((o) => o === 'done').length,
        retried: outcomes.filter((o) => o === 'retry').length,
        failed: outcomes.filter((o) => o === 'failed').length,
      };
    })();
    inFlight.add(work);
    try {
      return await work;
    } finally {
      inFlight.delete(work);
    }
  }

  async function tick() {
    timer = null;
    try {
      // A full batch means more may be due: keep going before sleeping.
      while (running && (await runDue()).claimed === batchSize) {}
    } catch (err) {
      // The database was away: try again at the next poll.
      log.error({ err }, 'job queue poll failed');
    }
    if (running) timer = setTimeout(tick, pollMs);
  }

  return {
    runDue,
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(tick, 0);
    },
    /** Stops polling and waits for the jobs already running (graceful shutdown). */
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
