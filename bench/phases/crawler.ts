/**
 * A crawler's load held (issue 49, item 3): an open loop (bench/open-loop.ts: Poisson arrivals,
 * whatever the replies do) of uncached pages under a crawler's user agent: 60 % doctor pages over
 * 10,000 distinct doctors, 20 % clinic pages (5,000 distinct), 20 % doctor lists — every town's
 * and every speciality's, their first pages with a filter or a sort, and their later pages.
 * The server runs with its page cache off (PAGE_CACHE_TTL_MS=0), as the long tail meets it.
 *
 * Two setups, each warmed up first: one process, and two processes behind HAProxy (the
 * deployment's shape, deploy/haproxy.cfg) when haproxy and Redis are here. Each holds 100 req/s
 * for BENCH_CRAWLER_SECONDS (60 s), then steps up the rate by 20 a second (BENCH_CRAWLER_STEP
 * seconds each, 20 s) until p95 reaches 100 ms: the last rate under it is the setup's highest.
 * Targets at 100 req/s: p95 < 100 ms, p99 < 250 ms, no errors, checked on the deployment's setup
 * (two processes; one when HAProxy or Redis is missing), printed with the 1-minute load average.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { clinicUrl, doctorUrl, specialityUrl } from '../../core/directory/urls';
import { DOCTORS_PER_PAGE } from '../../server/modules/directory/service';
import { findHaproxy, Haproxy } from '../../server/testing/cluster';
import { errorCount, latencySummary, type Mix, type OpenLoopResult, runOpenLoop } from '../open-loop';
import type { Services } from '../queries';
import { BenchServer } from '../server';
import { ms, table } from '../stats';
import type { Settings } from './context';

export const CRAWLER_RATE = 100;
export const CRAWLER_P95_MS = 100;
export const CRAWLER_P99_MS = 250;
const DOCTORS = 10_000;
const CLINICS = 5_000;
/** Later pages of a list, at most. */
const LIST_PAGES = 5;
const STEP = 20;
const MAX_RATE = 400;
const WARMUP_RATE = 50;
const WARMUP_SECONDS = 15;
/** What Googlebot's smartphone crawler and YandexBot say they are; each request takes one. */
const CRAWLER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
];
/** The first page of a list with one filter or a sort (core/directory/list-filters.ts). */
const LIST_QUERIES = [
  '?sort=reviews',
  '?sort=experience',
  '?sort=price',
  '?sort=nearest',
  '?na_dom=1',
  '?online=1',
  '?deti=1',
  '?club=1',
  '?free=today',
  '?free=tomorrow',
  '?free=3days',
];

export type CrawlKind = 'doctor' | 'clinic' | 'list';
type Setup = 'one process' | 'two processes';

export interface CrawlerRun {
  setup: Setup;
  rate: number;
  result: OpenLoopResult<CrawlKind>;
  load1: number;
}

export interface CrawlerResult {
  urls: Record<CrawlKind, number>;
  runs: CrawlerRun[];
  /** The setup the targets are checked on. */
  deployed: Setup;
}

/** The URLs a crawler walks, from the bench database (the same every run: ordered by a hash of the id). */
export async function crawlerMix(services: Services): Promise<Mix<CrawlKind>> {
  const { db, repo } = services;
  const doctors = await db.execute<{ id: number; slug: string; town: string }>(sql`
    SELECT d.id, d.slug, t.slug AS town FROM doctors d JOIN towns t ON t.id = d.town_id
     WHERE EXISTS (SELECT 1 FROM workplaces w WHERE w.doctor_id = d.id)
     ORDER BY md5(d.id::text) LIMIT ${DOCTORS}`);
  const clinics = await db.execute<{ id: number; slug: string; town: string }>(sql`
    SELECT c.id, c.slug, t.slug AS town FROM clinics c JOIN towns t ON t.id = c.town_id
     ORDER BY md5(c.id::text) LIMIT ${CLINICS}`);
  const pairs = await db.execute<{
    town_id: number;
    town: string;
    speciality_id: number;
    translit: string;
  }>(sql`
    SELECT DISTINCT d.town_id, t.slug AS town, s.id AS speciality_id, s.translit
      FROM doctor_specialities ds JOIN doctors d ON d.id = ds.doctor_id
      JOIN towns t ON t.id = d.town_id JOIN specialities s ON s.id = ds.speciality_id`);
  const towns = new Map(pairs.rows.map((p) => [p.town_id, p.town]));
  const lists: string[] = [];
  const addList = (base: string, total: number) => {
    const pages = Math.min(LIST_PAGES, Math.max(1, Math.ceil(total / DOCTORS_PER_PAGE)));
    for (let page = 1; page <= pages; page++) lists.push(page === 1 ? base : `${base}?page=${page}`);
    for (const q of LIST_QUERIES) lists.push(`${base}${q}`);
  };
  for (const [townId, town] of towns) addList(`/${town}/vrach/`, await repo.doctorCount({ townId }));
  for (const p of pairs.rows)
    addList(
      specialityUrl(p.town, p.translit),
      await repo.doctorCount({ townId: p.town_id, specialityId: p.speciality_id }),
    );
  return {
    kinds: [
      { kind: 'doctor', weight: 60, paths: doctors.rows.map((d) => doctorUrl(d.town, d)) },
      { kind: 'clinic', weight: 20, paths: clinics.rows.map((c) => clinicUrl(c.town, c)) },
      { kind: 'list', weight: 20, paths: lists },
    ],
  };
}

const headersOf = (): Record<string, string> => ({
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': CRAWLER_AGENTS[0],
});

async function runAt(origin: string, mix: Mix<CrawlKind>, rate: number, seconds: number, seed: number) {
  // Half the requests say they are YandexBot: a header per request would need a mix per agent,
  // so the two agents take turns by run (warm-up and odd seeds: YandexBot).
  const headers = { ...headersOf(), 'user-agent': CRAWLER_AGENTS[seed % 2] };
  return runOpenLoop({ origin, rate, seconds, mix, headers, seed });
}

function describeRun(run: CrawlerRun): string {
  const s = latencySummary(run.result.latencies);
  const errors = errorCount(run.result);
  return `  ${run.setup}, ${run.rate} req/s: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)} ms; ${errors} errors${errors ? ` ${JSON.stringify({ ...run.result.statuses, ...run.result.failures })}` : ''}; the generator's worst lag ${ms(run.result.maxLagMs)} ms, ${run.result.maxInFlight} at once at most; load ${run.load1.toFixed(2)}`;
}

/** Holds CRAWLER_RATE, then steps up until p95 reaches the target, on one origin. */
async function measure(
  setup: Setup,
  origin: string,
  mix: Mix<CrawlKind>,
  seconds: number,
  stepSeconds: number,
) {
  const runs: CrawlerRun[] = [];
  console.log(`  ${setup}: warm-up ${WARMUP_SECONDS} s at ${WARMUP_RATE} req/s…`);
  const warm = await runAt(origin, mix, WARMUP_RATE, WARMUP_SECONDS, 1);
  if (errorCount(warm))
    console.log(`  warm-up errors: ${JSON.stringify({ ...warm.statuses, ...warm.failures })}`);
  let seed = 100;
  const held = await runAt(origin, mix, CRAWLER_RATE, seconds, seed++);
  runs.push({ setup, rate: CRAWLER_RATE, result: held, load1: loadavg()[0] });
  console.log(describeRun(runs.at(-1)!));
  for (let rate = STEP * Math.ceil((CRAWLER_RATE * 0.6) / STEP); rate <= MAX_RATE; rate += STEP) {
    if (rate === CRAWLER_RATE) continue;
    const result = await runAt(origin, mix, rate, stepSeconds, seed++);
    runs.push({ setup, rate, result, load1: loadavg()[0] });
    console.log(describeRun(runs.at(-1)!));
    if (rate > CRAWLER_RATE && !underTarget(runs.at(-1)!)) break;
  }
  return runs;
}

const underTarget = (run: CrawlerRun) =>
  errorCount(run.result) === 0 && latencySummary(run.result.latencies).p95 < CRAWLER_P95_MS;

/** The highest rate of a setup's steps whose p95 stayed under the target with no errors (0: none). */
export function highestRate(runs: readonly CrawlerRun[], setup: Setup): number {
  const steps = runs.filter((r) => r.setup === setup).sort((a, b) => a.rate - b.rate);
  let best = 0;
  for (const r of steps) {
    if (!underTarget(r)) break;
    best = r.rate;
  }
  return best;
}

export async function crawlerPhase(settings: Settings, services: Services): Promise<CrawlerResult> {
  const seconds = Number(process.env.BENCH_CRAWLER_SECONDS || 60);
  const stepSeconds = Number(process.env.BENCH_CRAWLER_STEP || 20);
  const mix = await crawlerMix(services);
  const urls = Object.fromEntries(mix.kinds.map((k) => [k.kind, k.paths.length])) as Record<
    CrawlKind,
    number
  >;
  console.log(
    `\nCrawler load (open loop, Poisson arrivals, page cache off): ${urls.doctor} doctors, ${urls.clinic} clinics, ${urls.list} list URLs; ${CRAWLER_RATE} req/s for ${seconds} s, then steps of ${STEP} req/s × ${stepSeconds} s…`,
  );
  const base = settings.port + 40;
  const env = { PAGE_CACHE_TTL_MS: '0' };
  const runs: CrawlerRun[] = [];

  const one = new BenchServer({ port: base, databaseUrl: settings.databaseUrl });
  try {
    await one.start(env);
    runs.push(...(await measure('one process', one.origin, mix, seconds, stepSeconds)));
  } finally {
    await one.stop().catch(() => one.killNow());
  }

  const haproxy = findHaproxy();
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL;
  if (!haproxy || !redisUrl) {
    console.log(
      `SKIP  two processes behind HAProxy: needs ${[!redisUrl && 'REDIS_URL (or BENCH_REDIS_URL)', !haproxy && 'haproxy'].filter(Boolean).join(' and ')}`,
    );
    return { urls, runs, deployed: 'one process' };
  }
  const servers = [
    new BenchServer({ port: base + 1, databaseUrl: settings.databaseUrl }),
    new BenchServer({ port: base + 2, databaseUrl: settings.databaseUrl }),
  ];
  const balancer = new Haproxy(haproxy, {
    port: base + 3,
    statsPort: base + 8,
    servers: servers.map((s, i) => ({ name: `app${i + 1}`, port: Number(new URL(s.origin).port) })),
    interMs: 2000,
  });
  try {
    await Promise.all(servers.map((s) => s.start({ ...env, REDIS_URL: redisUrl, DRAIN_MS: '0' })));
    await balancer.start();
    await balancer.waitUntilUp(['app1', 'app2']);
    runs.push(...(await measure('two processes', balancer.origin, mix, seconds, stepSeconds)));
  } finally {
    await balancer.stop().catch(() => {});
    await Promise.all(servers.map((s) => s.stop().catch(() => s.killNow())));
  }
  return { urls, runs, deployed: 'two processes' };
}

/** The runs' figures for the results file: percentiles, not samples. */
export function crawlerJson(r: CrawlerResult) {
  return {
    urls: r.urls,
    deployed: r.deployed,
    runs: r.runs.map(({ setup, rate, load1, result }) => ({
      setup,
      rate,
      load1,
      sent: result.sent,
      ok: result.ok,
      errors: errorCount(result),
      statuses: result.statuses,
      failures: result.failures,
      ...latencySummary(result.latencies),
      byKind: Object.fromEntries(
        Object.entries<number[]>(result.byKind).map(([kind, l]) => [kind, latencySummary(l)]),
      ),
      maxLagMs: result.maxLagMs,
      maxInFlight: result.maxInFlight,
      bytesPerResponse: result.bytesPerResponse,
    })),
  };
}

export interface CrawlerCheck {
  line: string;
  pass: boolean;
}

/** The table of every run, and the PASS/FAIL lines of the deployment's setup. */
export function crawlerReport(r: CrawlerResult): { table: string; checks: CrawlerCheck[] } {
  const rows = r.runs.map((run) => {
    const s = latencySummary(run.result.latencies);
    return [
      run.setup,
      String(run.rate),
      String(run.result.sent),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      ms(s.max),
      String(errorCount(run.result)),
      (run.result.bytesPerResponse / 1024).toFixed(1),
      run.load1.toFixed(2),
    ];
  });
  const held = r.runs.find((run) => run.setup === r.deployed && run.rate === CRAWLER_RATE);
  const s = held ? latencySummary(held.result.latencies) : null;
  const load = held ? ` (load ${held.load1.toFixed(2)})` : '';
  const best = highestRate(r.runs, r.deployed);
  const checks: CrawlerCheck[] = [
    {
      pass: !!s && s.p95 < CRAWLER_P95_MS,
      line: `crawler at ${CRAWLER_RATE} req/s, ${r.deployed}: p95 < ${CRAWLER_P95_MS} ms: ${s ? ms(s.p95) : '—'} ms${load}`,
    },
    {
      pass: !!s && s.p99 < CRAWLER_P99_MS,
      line: `crawler at ${CRAWLER_RATE} req/s, ${r.deployed}: p99 < ${CRAWLER_P99_MS} ms: ${s ? ms(s.p99) : '—'} ms${load}`,
    },
    {
      pass: !!held && errorCount(held.result) === 0,
      line: `crawler at ${CRAWLER_RATE} req/s, ${r.deployed}: 0 errors: ${held ? errorCount(held.result) : '—'}${load}`,
    },
    {
      pass: best >= CRAWLER_RATE,
      line: `crawler's highest rate with p95 < ${CRAWLER_P95_MS} ms, ${r.deployed}: ${best} req/s (one process: ${highestRate(r.runs, 'one process')} req/s)`,
    },
  ].map((c) => ({ ...c, line: `${c.pass ? 'PASS' : 'FAIL'}  ${c.line}` }));
  return {
    table: table(
      ['setup', 'req/s', 'sent', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'KB', 'load'],
      rows,
      [false, true, true, true, true, true, true, true, true, true],
    ),
    checks,
  };
}
