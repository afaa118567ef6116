/**
 * Notifications in seconds (ADR 049): the server runs with SMS.ru pointed at a fake on the
 * loopback (SMSRU_API_URL), which answers each send at once and notes when the patient's SMS
 * arrived. Patients book distinct free times through the booking call, first at a sustained 20 a
 * second for 30 s (an open loop: a booking starts every 50 ms whatever the replies), then, once
 * those SMS are out, a burst of 2,000 at once (50 in flight). For each stage:
 * - the patients' confirmations at the fake: booking reply → SMS arrival, p50/p95/max, and the
 *   SMS sent a second from the stage's first booking to its last SMS;
 * - each job kind queued meanwhile, from pg-boss's rows: jobs a second (done ÷ first job
 *   queued → last done) and queued → done p50/p95/max.
 * Targets: at 20/s, p95 < 5 s and keeping up (≥ 18 a second); the burst drained within 60 s of
 * its first booking (so ≥ 33.3 a second), every SMS within 60 s of its booking. Each figure is
 * printed with PASS/FAIL and the 1-minute load average beside it. The visits are cancelled
 * afterwards (their cancel jobs are not counted).
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { JOB_KINDS, type JobKind } from '../../server/jobs/kinds';
import { startFakeProvider } from '../../server/providers/testing/fake-provider-server';
import { buildServer, SERVER_BUNDLE } from '../../server/tools/build-server';
import { signInRoundTrips } from '../calls/auth';
import { book, cancelAll, type FreeSlot, firstBookingDay, freeSlotsOf, type Session } from '../calls/booking';
import { benchPatients, PATIENT_PREFIXES } from '../calls/patients';
import { percentiles } from '../stats';
import type { Bench } from './context';

export const SMS_P95_TARGET_MS = 5_000;
export const BURST_DRAIN_TARGET_MS = 60_000;
const RATE = 20;
const STEADY_SECONDS = 30;
const BURST = 2_000;
const BURST_IN_FLIGHT = 50;

export interface Figure {
  name: string;
  value: number;
  unit: 'ms' | '/s';
  /** Below (ms) or at least (/s) this passes. */
  target: number;
  pass: boolean;
  load: number;
}

export interface StageResult {
  stage: string;
  bookings: number;
  /** Patients' confirmations that reached the fake SMS.ru. */
  sms: number;
  /** CPU the server process used from the stage's start to its last SMS (its bookings and jobs), ms. */
  serverCpuMs: number | null;
  /** The stage's first booking → its last SMS, ms. */
  spanMs: number;
  figures: Figure[];
  /** Per job kind, from pg-boss's rows. */
  kinds: { kind: string; jobs: number; done: number; figures: Figure[] }[];
}

/** The cron kinds' ticks are not the bookings' jobs; nor are the few SMS the sweeps queued meanwhile (< 10). */
const CRON_KINDS = Object.entries(JOB_KINDS as Record<string, JobKind>)
  .filter(([, kind]) => kind.cron)
  .map(([name]) => name);

/** The CPU the process listening on `port` has used so far, ms (Linux: ss and /proc; null elsewhere). */
function cpuMsOf(port: number): number | null {
  try {
    const pid = /pid=(\d+)/.exec(
      execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }),
    )?.[1];
    if (!pid) return null;
    // Fields 14 and 15 after the command's parenthesis: user and system time in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');

const figure = (name: string, value: number, unit: Figure['unit'], target: number): Figure => ({
  name,
  value,
  unit,
  target,
  pass: unit === 'ms' ? value < target : value >= target,
  load: loadavg()[0],
});

/** The fake SMS.ru: answers every send OK and notes the first arrival per phone (bench clock, ms). */
async function fakeSmsRu() {
  const arrived = new Map<string, number>();
  const fake = await startFakeProvider((request) => {
    const to = request.form.get('to') ?? '';
    if (!arrived.has(to)) arrived.set(to, performance.now());
    return {
      json: {
        status: 'OK',
        status_code: 100,
        sms: { [to]: { status: 'OK', status_code: 100, sms_id: randomBytes(6).toString('hex') } },
        balance: 1000,
      },
    };
  });
  // The fake keeps every request it saw; thousands of them are not needed here.
  const trim = setInterval(() => fake.requests.splice(0), 1000);
  return {
    baseUrl: fake.baseUrl,
    arrived,
    async close() {
      clearInterval(trim);
      await fake.close();
    },
  };
}

/** The server's bundle, rebuilt when a server or core source is newer (the job settings are in it). */
function freshServerBundle(): Promise<void> | undefined {
  const newest = (p: string): number => {
    const stat = statSync(p);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(p).map((entry) => newest(path.join(p, entry))));
  };
  if (
    existsSync(SERVER_BUNDLE) &&
    statSync(SERVER_BUNDLE).mtimeMs > Math.max(newest('server'), newest('core'))
  )
    return;
  console.log('notifications: building the server bundle…');
  return buildServer();
}

interface Booked {
  phone: string;
  replied: number;
  appointment: { id: number; url: string };
}

/** Waits until every booking's SMS arrived, or `ms`. */
async function waitForSms(arrived: Map<string, number>, booked: Booked[], ms: number) {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline && booked.some((b) => !arrived.has(b.phone)))
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** pg-boss's figures per kind for the jobs queued in [from, to) (database clock), the cron sweeps aside. */
async function kindFigures(
  db: Db,
  from: Date,
  to: Date,
  targets: { perSecond: number; latencyMs: number },
): Promise<StageResult['kinds']> {
  const rows = (
    await db.execute(sql`
      SELECT name AS kind, count(*)::int AS jobs, count(completed_on)::int AS done,
             (extract(epoch FROM max(completed_on) - min(created_on)) * 1000)::float8 AS span_ms,
             array_agg((extract(epoch FROM completed_on - created_on) * 1000)::float8) FILTER (WHERE completed_on IS NOT NULL) AS waits
      FROM pgboss.job
      WHERE created_on >= ${from.toISOString()}::timestamptz AND created_on < ${to.toISOString()}::timestamptz
        AND left(name, 9) <> '__pgboss_' AND name <> ALL(${`{${CRON_KINDS.join(',')}}`}::text[])
      GROUP BY name HAVING count(*) >= 10 ORDER BY name`)
  ).rows as { kind: string; jobs: number; done: number; span_ms: number | null; waits: number[] | null }[];
  return rows.map((r) => {
    const waits = (r.waits ?? []).map(Number);
    const [p50, p95, max] = percentiles(waits, [50, 95, 100]);
    const perSecond = r.span_ms ? r.done / (Number(r.span_ms) / 1000) : 0;
    return {
      kind: r.kind,
      jobs: r.jobs,
      done: r.done,
      figures: [
        figure('jobs/s', perSecond, '/s', targets.perSecond),
        figure('p50', p50, 'ms', targets.latencyMs),
        figure('p95', p95, 'ms', targets.latencyMs),
        figure('max', max, 'ms', BURST_DRAIN_TARGET_MS),
      ],
    };
  });
}

const dbNow = async (db: Db) =>
  new Date(((await db.execute(sql`SELECT clock_timestamp() AS now`)).rows[0] as { now: string | Date }).now);

/** One stage: its bookings made by `drive`, then its SMS awaited and measured. */
async function stage(
  port: number,
  db: Db,
  arrived: Map<string, number>,
  name: string,
  targets: { perSecond: number; latencyMs: number },
  drive: (made: Booked[], refused: Record<string, number>) => Promise<void>,
): Promise<StageResult & { made: Booked[] }> {
  const from = await dbNow(db);
  const cpuFrom = cpuMsOf(port);
  const made: Booked[] = [];
  const refused: Record<string, number> = {};
  const started = performance.now();
  await drive(made, refused);
  if (Object.keys(refused).length > 0)
    console.log(`notifications ${name}: bookings refused ${JSON.stringify(refused)}`);
  await waitForSms(arrived, made, BURST_DRAIN_TARGET_MS * 2);
  // The jobs' last settles land just after their SMS.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const to = await dbNow(db);
  const cpuTo = cpuMsOf(port);
  const waits: number[] = [];
  let last = started;
  for (const b of made) {
    const at = arrived.get(b.phone);
    if (at === undefined) continue;
    waits.push(Math.max(0, at - b.replied));
    last = Math.max(last, at);
  }
  const [p50, p95, max] = percentiles(waits, [50, 95, 100]);
  const figures = [
    figure('SMS/s', waits.length / ((last - started) / 1000), '/s', targets.perSecond),
    figure('p50', p50, 'ms', targets.latencyMs),
    figure('p95', p95, 'ms', targets.latencyMs),
    figure('max', max, 'ms', BURST_DRAIN_TARGET_MS),
  ];
  if (name === 'burst') figures.push(figure('drained', last - started, 'ms', BURST_DRAIN_TARGET_MS));
  return {
    stage: name,
    bookings: made.length,
    sms: waits.length,
    serverCpuMs: cpuFrom !== null && cpuTo !== null ? cpuTo - cpuFrom : null,
    spanMs: last - started,
    figures,
    kinds: await kindFigures(db, from, to, targets),
    made,
  };
}

async function bookOne(
  origin: string,
  person: Session & { phone: string },
  slot: FreeSlot,
  made: Booked[],
  refused: Record<string, number>,
) {
  const r = await book(origin, person, slot);
  if (r.status === 201 && r.appointment)
    made.push({ phone: person.phone, replied: performance.now(), appointment: r.appointment });
  else refused[r.status] = (refused[r.status] ?? 0) + 1;
}

/**
 * The two stages on a server the phase starts (and stops) itself with the fake SMS.ru; null when
 * there are too few free times to book.
 */
export async function notificationsPhase(
  bench: Bench,
  db: Db,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
  serverEnv: Record<string, string>,
): Promise<StageResult[] | null> {
  await freshServerBundle();
  const sms = await fakeSmsRu();
  const origin = bench.server.origin;
  await bench.server.start({
    ...serverEnv,
    SMS_PROVIDER: 'smsru',
    SMSRU_API_ID: 'bench',
    SMSRU_API_URL: sms.baseUrl,
  });
  const booked: Booked[] = [];
  let session: Session | null = null;
  try {
    session = (await signInRoundTrips(origin, 1, 1)).session;
    if (!session) throw new Error('no sign-in succeeded: cannot book for the notifications');
    const steadyCount = RATE * STEADY_SECONDS;
    const wanted = steadyCount + BURST;
    const pool = await freeSlotsOf(origin, session, doctorsLpus, firstBookingDay());
    if (pool.length < wanted) {
      console.log(`notifications: only ${pool.length} free times (${wanted} wanted): skipped`);
      return null;
    }
    const people = await benchPatients(db, wanted, PATIENT_PREFIXES.notifications);
    const results: StageResult[] = [];

    const steady = await stage(
      bench.settings.port,
      db,
      sms.arrived,
      `${RATE}/s for ${STEADY_SECONDS} s`,
      { perSecond: RATE * 0.9, latencyMs: SMS_P95_TARGET_MS },
      async (made, refused) => {
        const started = performance.now();
        const runs: Promise<void>[] = [];
        for (let i = 0; i < steadyCount; i++) {
          const wait = started + (i * 1000) / RATE - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          runs.push(bookOne(origin, people[i], pool[i], made, refused));
        }
        await Promise.all(runs);
      },
    );
    booked.push(...steady.made);
    results.push(steady);
    console.log(notificationsTable(steady));

    const burst = await stage(
      bench.settings.port,
      db,
      sms.arrived,
      'burst',
      { perSecond: BURST / (BURST_DRAIN_TARGET_MS / 1000), latencyMs: BURST_DRAIN_TARGET_MS },
      async (made, refused) => {
        let next = steadyCount;
        const worker = async () => {
          while (next < wanted) {
            const i = next++;
            await bookOne(origin, people[i], pool[i], made, refused);
          }
        };
        await Promise.all(Array.from({ length: BURST_IN_FLIGHT }, worker));
      },
    );
    booked.push(...burst.made);
    results.push(burst);
    console.log(notificationsTable(burst));
    return results;
  } finally {
    if (session)
      await cancelAll(
        origin,
        session,
        booked.map((b) => b.appointment),
      ).catch(console.error);
    await bench.server.stop();
    await sms.close();
  }
}

const value = (f: Figure) => (f.unit === 'ms' ? `${ms(f.value)} ms` : `${f.value.toFixed(1)}/s`);
const targetOf = (f: Figure) => (f.unit === 'ms' ? `< ${ms(f.target)} ms` : `≥ ${f.target.toFixed(1)}/s`);

/** A stage's lines: its patients' SMS at the fake, then each job kind. */
export function notificationsTable(r: StageResult): string {
  const row = (label: string, figures: Figure[]) =>
    figures
      .map(
        (f) =>
          `  ${f.pass ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${f.name.padEnd(7)} ${value(f).padStart(10)}  (target ${targetOf(f)}; load ${f.load.toFixed(2)})`,
      )
      .join('\n');
  return [
    `notifications — ${r.stage}: ${r.bookings} bookings, ${r.sms} confirmation SMS at the fake SMS.ru; the server's CPU ${r.serverCpuMs === null ? '—' : `${(r.serverCpuMs / 1000).toFixed(1)} s in ${(r.spanMs / 1000).toFixed(1)} s, ${((100 * r.serverCpuMs) / r.spanMs).toFixed(0)} % of a core (${(r.serverCpuMs / Math.max(1, r.bookings)).toFixed(1)} ms a booking and its SMS)`}`,
    row('booking → patient SMS (fake SMS.ru)', r.figures),
    ...r.kinds.map((k) => row(`${k.kind} (${k.done}/${k.jobs} done)`, k.figures)),
  ].join('\n');
}

/** Whether every figure passes and every booking's SMS went. */
export function notificationsPass(results: StageResult[]): boolean {
  return results.every(
    (r) =>
      r.sms === r.bookings &&
      r.figures.every((f) => f.pass) &&
      r.kinds.every((k) => k.done === k.jobs && k.figures.every((f) => f.pass)),
  );
}
