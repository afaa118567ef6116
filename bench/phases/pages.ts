/**
 * The page phases: the targets (the doctor list, a speciality's first and deep page, a doctor,
 * a clinic and a reviews page, each beside a static copy of the same bytes), the load rounds on
 * them with the page cache off and on, the sequential runs, and where a page's time goes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Town } from '../../server/modules/towns/service';
import { type SpecialityPick, waitForIdleDatabase } from '../database';
import { type LoadResult, runLoad, warmUp } from '../load';
import { pageCalls, type Services, type Timing, time } from '../queries';
import type { BenchServer } from '../server';
import { int, median, ms } from '../stats';
import type { Bench } from './context';

/** The cached phase's page cache time to live (production default). */
export const CACHE_TTL_MS = 30_000;

/** Pages with a same-size static copy: the ratio targets. */
export const RATIO_PAGES = ['list', 'doctor', 'clinic', 'reviews'] as const;
export type RatioPage = (typeof RATIO_PAGES)[number];
export type PageKey = 'list' | 'spec1' | 'specN' | 'doctor' | 'clinic' | 'reviews';

export interface Target {
  key: PageKey | `static-${RatioPage}`;
  label: string;
  path: string;
  /** What the data side of the page is, for the in-process timing. */
  data?: { kind: 'list'; specialityId?: number; page: number } | { kind: 'doctor'; id: number };
}

export interface Breakdown {
  key: Target['key'];
  label: string;
  data: Timing;
  ids: Timing | null;
  http: LoadResult;
}

export interface Phase {
  /** Per target, the run with the median req/s over the rounds. */
  load: Map<Target['key'], LoadResult>;
  /** Per target, every round's run, in round order. */
  runs: Map<Target['key'], LoadResult[]>;
  drained: Map<Target['key'], number>;
}

export const staticName = (key: PageKey) => `bench-static-${key}.html`;
const staticFile = (key: PageKey) => path.resolve('build/client', staticName(key));

export function removeStaticFiles() {
  for (const key of RATIO_PAGES) rmSync(staticFile(key), { force: true });
}

/** GET without Accept-Encoding (as autocannon sends it): the raw body bytes. */
function getRaw(url: string): Promise<{ status: number; body: Buffer; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), location: res.headers.location }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
  });
}

async function expectOk(server: BenchServer, url: string): Promise<Buffer> {
  const res = await getRaw(url);
  if (res.status !== 200) {
    throw new Error(
      `GET ${url} answered ${res.status}${res.location ? ` → ${res.location}` : ''}, expected 200\n${server.tail(20)}`,
    );
  }
  return res.body;
}

/** The static copies' targets, one per ratio page. */
export const STATIC_TARGETS: Target[] = RATIO_PAGES.map((key) => ({
  key: `static-${key}`,
  label: `static copy of ${key} (${staticName(key)})`,
  path: `/${staticName(key)}`,
}));

/** The static copy a page is compared with. */
export const staticOf = (key: Target['key']): RatioPage =>
  key === 'spec1' || key === 'specN' ? 'list' : (key as RatioPage);

/** Each static copy just before its pages, so every round measures them side by side. */
export const interleaved = (list: Target[]) =>
  RATIO_PAGES.flatMap((key) => [
    STATIC_TARGETS.find((t) => t.key === `static-${key}`) as Target,
    ...list.filter((t) => staticOf(t.key) === key),
  ]);

/** A page's throughput over its own static copy's: the median over rounds of the side-by-side ratio. */
export const ratioIn = (phase: Phase, key: Target['key']) => {
  const page = phase.runs.get(key) ?? [];
  const base = phase.runs.get(`static-${staticOf(key)}`) ?? [];
  const ratios = page.flatMap((r, i) => (base[i] ? [r.rps / base[i].rps] : []));
  return ratios.length ? median(ratios) : Number.NaN;
};

export interface PageTargets {
  pages: Target[];
  /** The deep speciality page as the report names it. */
  deepLabel: string;
  pageOf: (key: PageKey) => Target;
}

/** The measured pages of the town, from the picks made on its data. */
export function pageTargets(
  town: string,
  spec: SpecialityPick,
  doctor: { id: number; url: string },
  clinic: { url: string },
  heavy: { path: string; reviews: number },
): PageTargets {
  const specBase = `/${town}/vrach/${spec.slug}/`;
  const deepLabel =
    spec.page === 200 ? 'page 200' : `page ${spec.page} (LAST page: only ${spec.numPages} pages)`;
  const pages: Target[] = [
    { key: 'list', label: `/${town}/vrach/`, path: `/${town}/vrach/`, data: { kind: 'list', page: 1 } },
    {
      key: 'spec1',
      label: `${specBase} page 1`,
      path: specBase,
      data: { kind: 'list', specialityId: spec.id, page: 1 },
    },
    {
      key: 'specN',
      label: `${specBase}?page=${spec.page}`,
      path: `${specBase}?page=${spec.page}`,
      data: { kind: 'list', specialityId: spec.id, page: spec.page },
    },
    {
      key: 'doctor',
      label: `doctor ${doctor.url}`,
      path: doctor.url,
      data: { kind: 'doctor', id: doctor.id },
    },
    { key: 'clinic', label: `clinic ${clinic.url}`, path: clinic.url },
    {
      key: 'reviews',
      label: `reviews ${heavy.path}otzivi/ (${int(heavy.reviews)})`,
      path: `${heavy.path}otzivi/`,
    },
  ];
  const pageOf = (key: PageKey) => pages.find((p) => p.key === key)!;
  return { pages, deepLabel, pageOf };
}

/**
 * Starts the server without the page cache, saves each ratio page's bytes as its static copy,
 * restarts (@fastify/static registers files at boot) and checks that every target answers 200.
 * Leaves the server running; returns the static copies' sizes.
 */
export async function writeStaticCopies(
  { server }: Bench,
  { pages, pageOf }: PageTargets,
): Promise<Map<RatioPage, number>> {
  // The static files must exist before the server starts: @fastify/static registers files at boot.
  const uncached = { PAGE_CACHE_TTL_MS: '0' };
  console.log(`Starting the server on ${server.origin}…`);
  await server.start(uncached);
  const sizes = new Map<RatioPage, number>();
  mkdirSync(path.dirname(staticFile('list')), { recursive: true });
  for (const key of RATIO_PAGES) {
    const html = await expectOk(server, `${server.origin}${pageOf(key).path}`);
    writeFileSync(staticFile(key), html);
    sizes.set(key, html.length);
  }
  console.log(
    `Wrote static copies of ${RATIO_PAGES.map((k) => `${k} (${int(sizes.get(k)!)} bytes)`).join(', ')}; restarting…`,
  );
  await server.stop();
  await server.start(uncached);
  for (const key of RATIO_PAGES) {
    const body = await expectOk(server, `${server.origin}/${staticName(key)}`);
    if (body.length !== sizes.get(key)) throw new Error(`static ${key} served ${body.length} bytes`);
  }
  for (const t of pages) await expectOk(server, `${server.origin}${t.path}`);
  return sizes;
}

/**
 * Runs every target once per round, in the given order (each static copy next to its pages),
 * so that a page and its yardstick are measured within seconds of each other.
 */
export async function loadPhase(
  { settings, server }: Bench,
  targets: Target[],
  phase: string,
): Promise<Phase> {
  const runs = new Map<Target['key'], LoadResult[]>();
  const drained = new Map<Target['key'], number>();
  const seconds = settings.rounds > 1 ? Math.max(3, settings.duration / 2) : settings.duration;
  for (let round = 1; round <= settings.rounds; round++) {
    for (const t of targets) {
      const url = `${server.origin}${t.path}`;
      process.stdout.write(`${`${phase} ${round}/${settings.rounds}`.padEnd(12)} ${t.label.padEnd(52)} `);
      await warmUp(url, settings.connections, round === 1 ? settings.warmup : 1);
      await waitForIdleDatabase(settings.databaseUrl);
      const r = await runLoad(url, settings.connections, seconds);
      runs.set(t.key, [...(runs.get(t.key) ?? []), r]);
      // Requests still in the server when autocannon stops would slow down the next target.
      const busy = await waitForIdleDatabase(settings.databaseUrl);
      if (busy > 1) drained.set(t.key, Math.max(busy, drained.get(t.key) ?? 0));
      console.log(
        `${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms${busy > 1 ? `  (db busy ${busy.toFixed(1)} s after the run)` : ''}`,
      );
    }
  }
  const load = new Map<Target['key'], LoadResult>();
  for (const [key, list] of runs) {
    const sorted = [...list].sort((a, b) => a.rps - b.rps);
    load.set(key, sorted[Math.floor((sorted.length - 1) / 2)]);
  }
  return { load, runs, drained };
}

/** The pages with a data side, on one connection: the full request of the time breakdown. */
export async function sequentialRuns({ settings, server }: Bench, pages: Target[]) {
  const sequential = new Map<Target['key'], LoadResult>();
  for (const t of pages) {
    if (!t.data) continue;
    process.stdout.write(`1 conn   ${t.label.padEnd(52)} `);
    const r = await runLoad(`${server.origin}${t.path}`, 1, settings.seqDuration);
    sequential.set(t.key, r);
    console.log(`p50 ${ms(r.p50)} ms`);
  }
  return sequential;
}

/**
 * Cached phase: starts the server with the production page cache for anonymous visitors, notes
 * what the second request of each ratio page finds in the cache, then runs the load rounds.
 * Leaves the server running.
 */
export async function cachedPhase(bench: Bench, { pageOf }: PageTargets) {
  const { server } = bench;
  await server.start({ PAGE_CACHE_TTL_MS: String(CACHE_TTL_MS) });
  const cachedPages = RATIO_PAGES.map(pageOf);
  const cacheStates: string[] = [];
  for (const t of cachedPages) {
    await expectOk(server, `${server.origin}${t.path}`);
    const res = await fetch(`${server.origin}${t.path}`);
    await res.arrayBuffer();
    cacheStates.push(`${t.key}: ${res.headers.get('x-page-cache') ?? 'not cacheable'}`);
  }
  console.log(
    `\nCached phase (PAGE_CACHE_TTL_MS=${CACHE_TTL_MS}; second request: ${cacheStates.join(', ')})…`,
  );
  const cached = await loadPhase(bench, interleaved(cachedPages), 'cached');
  return { cachedPages, cacheStates, cached };
}

/** Where a page's time goes: its data calls in this process beside its sequential full request. */
export async function breakdownPhase(
  services: Services,
  town: Town,
  pages: Target[],
  sequential: Map<Target['key'], LoadResult>,
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
