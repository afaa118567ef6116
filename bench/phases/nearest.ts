/**
 * The 'Ближайшая запись' sort (ADR 046) on the Moscow list of the bench set: the list's data call
 * as the page's loader makes it (`lists.doctors(town, {}, ?sort=nearest)`: the due first free
 * times recomputed, the page of ids in first-free order, the total, the cards with their
 * 'Ближайшая запись'), measured in this process one call at a time (the React render of the same
 * 20 cards as any list's is left out: bench/phases/pages.ts measures that for the plain list).
 * Target p95 < 50 ms.
 *
 * First every doctor's row is filled (the migration leaves them all stale; the each-minute job
 * would take several runs on 120,000 doctors): the time it takes is printed, it is what a
 * deployment of migration 0053 costs once. Then two runs: with nothing stale, and with five
 * doctors of the town marked stale before each call (bookings, holds and cancellations between
 * two list requests; the list recomputes them before it reads). The 'Сегодня' filter's page is
 * timed beside them. The 1-minute load average is printed at the start and end: this machine is
 * shared.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { parseDoctorListParams } from '../../core/directory/list-filters';
import { systemClock } from '../../server/clock';
import type { Db } from '../../server/db/client';
import { createFirstFreeService } from '../../server/modules/directory/first-free';
import { createListService } from '../../server/modules/directory/lists-service';
import { createDirectoryService } from '../../server/modules/directory/service';
import { createTownService } from '../../server/modules/towns/service';
import { median, ms, percentile } from '../stats';

export const NEAREST_P95_TARGET_MS = 50;
const RUNS = 200;
const WARM = 10;

export interface NearestResult {
  doctors: number;
  fill: { rows: number; seconds: number };
  steady: { p50: number; p95: number };
  withWrites: { p50: number; p95: number };
  today: { p50: number; p95: number; total: number };
  load: { start: number; end: number };
}

async function timed(fn: () => Promise<unknown>, before?: () => Promise<unknown>) {
  for (let i = 0; i < WARM; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return { p50: median(samples), p95: percentile(samples, 95) };
}

export async function nearestPhase(db: Db, townSlug: string): Promise<NearestResult> {
  const loadStart = os.loadavg()[0];
  console.log(`\nnearest: load average (1 min) ${loadStart.toFixed(2)}`);
  const clock = systemClock;
  const towns = createTownService({ db });
  const firstFree = createFirstFreeService({ db, clock });
  const lists = createListService({
    db,
    clock,
    directory: createDirectoryService({ db, clock }),
    towns,
    firstFree,
  });
  const town = await towns.bySlug(townSlug);
  if (!town) throw new Error(`Town '${townSlug}' is not in the database`);

  process.stdout.write('nearest: filling the first free times of every doctor… ');
  const started = performance.now();
  const rows = await firstFree.refreshAll(Number.POSITIVE_INFINITY);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${rows} rows in ${seconds.toFixed(0)} s`);
  await db.execute(sql`VACUUM ANALYZE doctor_first_free`);

  const nearest = parseDoctorListParams(new URLSearchParams('sort=nearest'));
  const today = parseDoctorListParams(new URLSearchParams('free=today&sort=nearest'));
  const first = await lists.doctors(town, {}, nearest);
  const free = first.items.filter((d) => d.nearestFree).length;
  console.log(
    `nearest: ${first.total} doctors in ${town.slug}; the first page has ${free} of 20 with a free time`,
  );

  const { rows: pool } = await db.execute<{ id: number }>(
    sql`SELECT id FROM doctors WHERE town_id = ${town.id} ORDER BY random() LIMIT 5000`,
  );
  let next = 0;
  const markFive = () => {
    const ids = pool.slice(next, next + 5).map((r) => Number(r.id));
    next = (next + 5) % Math.max(5, pool.length - 5);
    return db.execute(sql`SELECT first_free_stale(${`{${ids.join(',')}}`}::int[])`);
  };

  const steady = await timed(() => lists.doctors(town, {}, nearest));
  const withWrites = await timed(() => lists.doctors(town, {}, nearest), markFive);
  let total = 0;
  const todayTiming = await timed(async () => {
    total = (await lists.doctors(town, {}, today)).total;
  });
  const loadEnd = os.loadavg()[0];
  const result: NearestResult = {
    doctors: first.total,
    fill: { rows, seconds },
    steady,
    withWrites,
    today: { ...todayTiming, total },
    load: { start: loadStart, end: loadEnd },
  };
  const line = (name: string, t: { p50: number; p95: number }) =>
    console.log(`nearest ${name.padEnd(58)} p50 ${ms(t.p50)} ms  p95 ${ms(t.p95)} ms`);
  line(`Moscow list, sort=nearest, page 1 (${RUNS} calls)`, steady);
  line('the same, 5 doctors marked stale before each call', withWrites);
  line(`free=today&sort=nearest (${total} doctors)`, result.today);
  console.log(`nearest: load average (1 min) ${loadEnd.toFixed(2)}`);
  return result;
}

/**
 * The PASS/FAIL line of the sort (the target is the list's read); the run with stale doctors is
 * printed beside it as information: it adds their recomputation, which writes on a busy site
 * cause whatever the sort.
 */
export function nearestChecks(r: NearestResult): { pass: boolean; line: string }[] {
  const load = `load ${r.load.start.toFixed(2)} → ${r.load.end.toFixed(2)}`;
  const pass = r.steady.p95 < NEAREST_P95_TARGET_MS;
  return [
    {
      pass,
      line: `${pass ? 'PASS' : 'FAIL'}  'Ближайшая запись' on the Moscow list p95 < ${NEAREST_P95_TARGET_MS} ms: ${r.steady.p95.toFixed(1)} ms (${load})`,
    },
    {
      pass: true,
      line: `INFO  the same with 5 stale doctors recomputed a call: p95 ${r.withWrites.p95.toFixed(1)} ms; free=today p95 ${r.today.p95.toFixed(1)} ms (${load})`,
    },
  ];
}
