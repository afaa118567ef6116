/**
 * The page phases over the targets of page-targets.ts: the load rounds on them with the page cache off and on, the
 * memory run, the sequential runs, and where a page's time goes.
 *
 * Every run asks as a browser does (`accept-encoding: gzip, deflate, br` and a navigation's
 * Accept; bench/encodings.ts). The identity case (no Accept-Encoding) is measured in the cached
 * phase only, for all its targets (pages, yardsticks, the script), each group's identity runs
 * right after its browser runs; on the uncached phase it would add as many renders again for a
 * case no browser asks for.
 *
 * The yardstick is the same bytes as each page held in memory, with brotli and gzip copies
 * made once, by a process of its own (bench/yardstick-server.ts): the best a server can do
 * with those bytes. It is measured back to back with its pages in every round.
 */
import os from 'node:os';
import type { Town } from '../../server/modules/towns/service';
import { waitForIdleDatabase } from '../database';
import { encodingOf, type HeaderSet, shareIn } from '../encodings';
import { type LoadResult, runLoad, warmUp } from '../load';
import { pageCalls, type Services, type Timing, time } from '../queries';
import type { Memory } from '../server';
import { int, median, ms, type Pooled, pooled } from '../stats';
import type { Bench, Settings } from './context';
import {
  assetGroup,
  expectOk,
  getRaw,
  headersOf,
  interleaved,
  kb,
  type PageTargets,
  RATIO_PAGES,
  type Target,
  type TargetKey,
  urlOf,
  yardstickOf,
} from './page-targets';

/** The cached phase's page cache time to live (production default). */
export const CACHE_TTL_MS = 30_000;

/** One real request's answer, before the load: what a target sends and how many bytes. */
export interface Probe {
  status: number;
  /** Its Content-Encoding ('identity': none). */
  encoding: string;
  /** Body bytes as sent (compressed when encoded). */
  bodyBytes: number;
  vary: string | null;
}

export interface Breakdown {
  key: TargetKey;
  label: string;
  data: Timing;
  ids: Timing | null;
  http: LoadResult;
}

export interface Phase {
  /** How every run of this phase asked: as a browser does, or without Accept-Encoding. */
  headers: HeaderSet;
  /** Per target, the run with the median req/s over the rounds. */
  load: Map<TargetKey, LoadResult>;
  /** Per target, every round's run, in round order. */
  runs: Map<TargetKey, LoadResult[]>;
  /** Per target, the latency percentiles of every round's responses together. */
  pooled: Map<TargetKey, Pooled>;
  drained: Map<TargetKey, number>;
  /** Per target, one request's answer before the rounds. */
  probes: Map<TargetKey, Probe>;
  /** The 1-minute load average when the phase started and when it ended. */
  loadAvg: { start: number; end: number };
  /** The app server's memory when the phase ended. */
  memory: Memory | null;
}

/** The memory run: the server's RSS after a while under a browser's load. */
export interface MemoryRun {
  label: string;
  seconds: number;
  before: Memory | null;
  after: Memory | null;
  run: LoadResult;
}

/** Seconds of one target's run in one round: BENCH_DURATION ÷ 2 (at least 3 s) with several rounds, all of it with one. */
export const roundSeconds = (s: Settings) => (s.rounds > 1 ? Math.max(3, s.duration / 2) : s.duration);

/** The warm-up before each run: BENCH_WARMUP before a target's first run of a phase, 1 s (or BENCH_WARMUP if less) before the others. */
const warmupSeconds = (s: Settings, first: boolean) => (first ? s.warmup : Math.min(1, s.warmup));

async function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  const res = await getRaw(url, headers);
  const vary = res.headers.vary;
  return {
    status: res.status,
    encoding: encodingOf(res.headers['content-encoding']),
    bodyBytes: res.body.length,
    vary: vary === undefined ? null : String(vary),
  };
}

/** A page's throughput over its yardstick's: the median over rounds of the side-by-side ratio. */
export const ratioIn = (phase: Phase, key: TargetKey) => {
  const base = yardstickOf(key);
  const page = phase.runs.get(key) ?? [];
  const yard = phase.runs.get(`yardstick-${base}`) ?? [];
  const ratios = page.flatMap((r, i) => (yard[i] ? [r.rps / yard[i].rps] : []));
  return ratios.length ? median(ratios) : Number.NaN;
};

/** Asks each target once under each header set and prints what came back. */
async function probeAll(bench: Bench, targets: Target[], sets: HeaderSet[]) {
  const probes = sets.map(() => new Map<TargetKey, Probe>());
  for (const t of targets) {
    const answers: string[] = [];
    for (const [i, set] of sets.entries()) {
      const p = await probe(urlOf(bench, t), headersOf(t, set));
      probes[i].set(t.key, p);
      answers.push(`${set}: ${p.status} ${p.encoding} ${kb(p.bodyBytes)} KB`);
    }
    console.log(`probe    ${t.label.padEnd(52)} ${answers.join('; ')}`);
  }
  return probes;
}

const loadAverage = () => os.loadavg()[0];

const memoryLine = (m: Memory | null) =>
  m ? `server RSS ${m.rssMb.toFixed(0)} MB (peak ${m.peakRssMb.toFixed(0)} MB)` : 'server RSS unknown';

/** The run with the median req/s of each target. */
function medianRuns(runs: Map<TargetKey, LoadResult[]>) {
  const load = new Map<TargetKey, LoadResult>();
  for (const [key, list] of runs) {
    const sorted = [...list].sort((a, b) => a.rps - b.rps);
    load.set(key, sorted[Math.floor((sorted.length - 1) / 2)]);
  }
  return load;
}

/**
 * Runs every target once per round, group by group (a yardstick beside its pages), each group
 * under each header set in turn, so that a page and its yardstick are measured within seconds
 * of each other. One Phase per header set, in the order given.
 */
export async function loadPhase(
  bench: Bench,
  groups: Target[][],
  phase: string,
  sets: HeaderSet[],
): Promise<Phase[]> {
  const { settings, server } = bench;
  const start = loadAverage();
  console.log(`load average (1 min) ${start.toFixed(2)} at the start; ${memoryLine(server.memory())}`);
  const probes = await probeAll(bench, groups.flat(), sets);
  const runs = sets.map(() => new Map<TargetKey, LoadResult[]>());
  const drained = sets.map(() => new Map<TargetKey, number>());
  const seconds = roundSeconds(settings);
  for (let round = 1; round <= settings.rounds; round++) {
    for (const group of groups) {
      for (const [i, set] of sets.entries()) {
        for (const t of group) {
          const url = urlOf(bench, t);
          const headers = headersOf(t, set);
          const name = `${phase} ${round}/${settings.rounds}${sets.length > 1 ? ` ${set}` : ''}`;
          process.stdout.write(`${name.padEnd(12)} ${t.label.padEnd(52)} `);
          await warmUp(url, settings.connections, warmupSeconds(settings, round === 1 && i === 0), headers);
          await waitForIdleDatabase(settings.databaseUrl);
          const r = await runLoad(url, settings.connections, seconds, headers);
          runs[i].set(t.key, [...(runs[i].get(t.key) ?? []), r]);
          // Requests still in the server when autocannon stops would slow down the next target.
          const busy = await waitForIdleDatabase(settings.databaseUrl);
          if (busy > 1) drained[i].set(t.key, Math.max(busy, drained[i].get(t.key) ?? 0));
          const steadyP99 = pooled([r]).steadyP99;
          console.log(
            `${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms (steady ${ms(steadyP99)})  ${encodingsLine(r)}${busy > 1 ? `  (db busy ${busy.toFixed(1)} s after the run)` : ''}`,
          );
        }
      }
    }
  }
  const loadAvg = { start, end: loadAverage() };
  const memory = server.memory();
  console.log(`load average (1 min) ${loadAvg.end.toFixed(2)} at the end; ${memoryLine(memory)}`);
  return sets.map((set, i) => {
    const pooledBy = new Map<TargetKey, Pooled>();
    for (const [key, list] of runs[i]) pooledBy.set(key, pooled(list));
    return {
      headers: set,
      load: medianRuns(runs[i]),
      runs: runs[i],
      pooled: pooledBy,
      drained: drained[i],
      probes: probes[i],
      loadAvg,
      memory,
    };
  });
}

/** 'br', or the mix when responses came in several encodings ('br 98% identity 2%'). */
export function encodingsLine(r: LoadResult): string {
  const names = Object.keys(r.encodings);
  if (names.length <= 1) return names[0] ?? '—';
  return names.map((e) => `${e} ${Math.round(100 * shareIn(r.encodings, e))}%`).join(' ');
}

/**
 * The memory run: the page under a browser's headers (the app compresses each response with
 * brotli on the fly, the page cache being off) on all connections for BENCH_RSS_DURATION
 * seconds, then the server's resident memory.
 */
export async function memoryRun(bench: Bench, t: Target): Promise<MemoryRun> {
  const { settings, server } = bench;
  const seconds = settings.rssDuration;
  console.log(
    `\nMemory: ${t.label} under a browser's headers, ${settings.connections} connections × ${seconds} s; load average (1 min) ${loadAverage().toFixed(2)}…`,
  );
  const before = server.memory();
  const run = await runLoad(urlOf(bench, t), settings.connections, seconds, headersOf(t, 'browser'));
  const after = server.memory();
  await waitForIdleDatabase(settings.databaseUrl);
  console.log(
    `memory   ${t.label.padEnd(52)} ${int(run.rps).padStart(6)} req/s  ${encodingsLine(run)}  ${memoryLine(before)} before, ${memoryLine(after)} after; load average ${loadAverage().toFixed(2)}`,
  );
  return { label: t.label, seconds, before, after, run };
}

/** The pages with a data side, on one connection under a browser's headers: the full request of the time breakdown. */
export async function sequentialRuns(bench: Bench, pages: Target[]) {
  const sequential = new Map<TargetKey, LoadResult>();
  for (const t of pages) {
    if (!t.data) continue;
    process.stdout.write(`1 conn   ${t.label.padEnd(52)} `);
    const r = await runLoad(urlOf(bench, t), 1, bench.settings.seqDuration, headersOf(t, 'browser'));
    sequential.set(t.key, r);
    console.log(`p50 ${ms(r.p50)} ms  ${encodingsLine(r)}`);
  }
  return sequential;
}

/**
 * Cached phase: starts the server with the production page cache for anonymous visitors, notes
 * what the second request of each ratio page finds in the cache, then runs the load rounds on
 * the ratio pages and the static asset, under a browser's headers and without Accept-Encoding.
 * Leaves the server running.
 */
export async function cachedPhase(bench: Bench, { pageOf }: PageTargets, asset: Target) {
  const { server, settings } = bench;
  await server.start({ PAGE_CACHE_TTL_MS: String(CACHE_TTL_MS) });
  const cachedPages = RATIO_PAGES.map(pageOf);
  const cacheStates: string[] = [];
  for (const t of cachedPages) {
    await expectOk(bench, urlOf(bench, t));
    const res = await getRaw(urlOf(bench, t), headersOf(t, 'browser'));
    cacheStates.push(`${t.key}: ${res.headers['x-page-cache'] ?? 'not cacheable'}`);
  }
  const groups = [...interleaved(cachedPages), assetGroup(asset)];
  console.log(
    `\nCached phase (PAGE_CACHE_TTL_MS=${CACHE_TTL_MS}; second request: ${cacheStates.join(', ')}): ${groups.flat().length} targets × (browser, identity) × ${settings.rounds} rounds × ${roundSeconds(settings)} s, after a ${settings.warmup} s warm-up (first run) or 1 s…`,
  );
  const [cached, cachedIdentity] = await loadPhase(bench, groups, 'cached', ['browser', 'identity']);
  return { cachedPages, cacheStates, cached, cachedIdentity, asset };
}

/** Where a page's time goes: its data calls in this process beside its sequential full request. */
export async function breakdownPhase(
  services: Services,
  town: Town,
  pages: Target[],
  sequential: Map<TargetKey, LoadResult>,
): Promise<Breakdown[]> {
  const breakdown: Breakdown[] = [];
  for (const t of pages) {
    if (!t.data) continue;
    process.stdout.write(`data     ${t.label.padEnd(52)} `);
    const pageData = pageCalls(services, town, t.data);
    const data = await time(pageData.full);
    const ids = pageData.ids ? await time(pageData.ids) : null;
    breakdown.push({ key: t.key, label: t.label, data, ids, http: sequential.get(t.key)! });
    console.log(`p50 ${ms(data.p50)} ms`);
  }
  return breakdown;
}
