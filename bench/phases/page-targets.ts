/**
 * The page phases' targets (pages.ts runs them): the doctor list, a speciality's first and deep
 * page, a doctor, a clinic and a reviews page, each paired with its yardstick (the same bytes
 * held in memory by a process of its own, bench/yardstick-server.ts), and one script of the
 * build as the app serves it, beside its own; and the start of the yardstick with those bytes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { SpecialityPick } from '../database';
import { type HeaderSet, requestHeaders, SCRIPT_ACCEPT, type YardstickEncoding } from '../encodings';
import { scriptHrefs } from '../first-load-js';
import { int } from '../stats';
import type { Bench } from './context';

/** Pages with a yardstick of their own bytes: the ratio targets. */
export const RATIO_PAGES = ['list', 'doctor', 'clinic', 'reviews'] as const;
export type RatioPage = (typeof RATIO_PAGES)[number];
export type PageKey = 'list' | 'spec1' | 'specN' | 'doctor' | 'clinic' | 'reviews';
/** What the yardstick holds: the ratio pages' bytes and the static asset's. */
export type Measured = RatioPage | 'asset';
export type TargetKey = PageKey | `yardstick-${Measured}` | 'asset';

export interface Target {
  key: TargetKey;
  label: string;
  path: string;
  /** Which process answers: the app server or the yardstick. */
  on: 'app' | 'yardstick';
  /** The Accept a browser sends for it; a page navigation's when unset. */
  accept?: string;
  /** What the data side of the page is, for the in-process timing. */
  data?: { kind: 'list'; specialityId?: number; page: number } | { kind: 'doctor'; id: number };
}

/** GET with the given headers: the body bytes as sent (never decompressed) and the headers. */
export function getRaw(
  url: string,
  headers: Record<string, string> = requestHeaders('identity'),
): Promise<{ status: number; body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
  });
}

/** A target's uncompressed bytes (no Accept-Encoding); throws unless it answers 200. */
export async function expectOk({ server }: Bench, url: string): Promise<Buffer> {
  const res = await getRaw(url);
  if (res.status !== 200) {
    const location = res.headers.location ? ` → ${res.headers.location}` : '';
    throw new Error(`GET ${url} answered ${res.status}${location}, expected 200\n${server.tail(20)}`);
  }
  return res.body;
}

export const urlOf = ({ server, yardstick }: Bench, t: Target) =>
  `${t.on === 'app' ? server.origin : yardstick.origin}${t.path}`;

export const headersOf = (t: Target, set: HeaderSet) => requestHeaders(set, t.accept);

export const isYardstick = (key: TargetKey) => key.startsWith('yardstick-');

/** The yardsticks' targets, one per ratio page and one for the asset, each on its own path of the yardstick process. */
export const YARDSTICK_TARGETS: Target[] = [...RATIO_PAGES, 'asset' as const].map((key) => ({
  key: `yardstick-${key}`,
  label: `yardstick: ${key}'s bytes in memory`,
  path: `/${key}`,
  on: 'yardstick',
  accept: key === 'asset' ? SCRIPT_ACCEPT : undefined,
}));

export const yardstickTarget = (key: Measured) =>
  YARDSTICK_TARGETS.find((t) => t.key === `yardstick-${key}`)!;

/** The yardstick a target is compared with (the speciality pages: the list's). */
export const yardstickOf = (key: TargetKey): Measured => {
  if (key.startsWith('yardstick-')) return key.slice('yardstick-'.length) as Measured;
  return key === 'spec1' || key === 'specN' ? 'list' : (key as Measured);
};

/** Each yardstick with its pages, a group a round runs back to back. */
export const interleaved = (list: Target[]): Target[][] =>
  RATIO_PAGES.map((key) => [
    yardstickTarget(key),
    ...list.filter((t) => !isYardstick(t.key) && yardstickOf(t.key) === key),
  ]);

/** The static asset beside its yardstick. */
export const assetGroup = (asset: Target): Target[] => [yardstickTarget('asset'), asset];

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
    {
      key: 'list',
      label: `/${town}/vrach/`,
      path: `/${town}/vrach/`,
      on: 'app',
      data: { kind: 'list', page: 1 },
    },
    {
      key: 'spec1',
      label: `${specBase} page 1`,
      path: specBase,
      on: 'app',
      data: { kind: 'list', specialityId: spec.id, page: 1 },
    },
    {
      key: 'specN',
      label: `${specBase}?page=${spec.page}`,
      path: `${specBase}?page=${spec.page}`,
      on: 'app',
      data: { kind: 'list', specialityId: spec.id, page: spec.page },
    },
    {
      key: 'doctor',
      label: `doctor ${doctor.url}`,
      path: doctor.url,
      on: 'app',
      data: { kind: 'doctor', id: doctor.id },
    },
    { key: 'clinic', label: `clinic ${clinic.url}`, path: clinic.url, on: 'app' },
    {
      key: 'reviews',
      label: `reviews ${heavy.path}otzivi/ (${int(heavy.reviews)})`,
      path: `${heavy.path}otzivi/`,
      on: 'app',
    },
  ];
  const pageOf = (key: PageKey) => pages.find((p) => p.key === key)!;
  return { pages, deepLabel, pageOf };
}

const CLIENT_DIR = path.resolve('build/client');
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The static asset: the largest script of the list page's first load (the one every first
 * visit waits for) that the build precompressed (`x.js.br` beside it), served by the app's
 * @fastify/static from disk. Its target and its file's bytes, for the yardstick.
 */
export function assetTarget(listHtml: string): { asset: Target; body: Buffer } {
  const scripts = [...scriptHrefs(listHtml)].flatMap((href) => {
    const file = path.join(CLIENT_DIR, new URL(href, 'http://x').pathname);
    if (!existsSync(file) || !existsSync(`${file}.br`)) return [];
    return [{ href, file, bytes: statSync(file).size, br: statSync(`${file}.br`).size }];
  });
  const largest = scripts.sort((a, b) => b.bytes - a.bytes)[0];
  if (!largest) throw new Error('the list page loads no script with a precompressed .br in build/client');
  const asset: Target = {
    key: 'asset',
    label: `asset ${largest.href} (${kb(largest.bytes)} KB, .br ${kb(largest.br)} KB)`,
    path: largest.href,
    on: 'app',
    accept: SCRIPT_ACCEPT,
  };
  return { asset, body: readFileSync(largest.file) };
}

/**
 * With the app server running (page cache off): checks that every page answers 200, picks the
 * static asset, hands each ratio page's bytes (as the app sends them without Accept-Encoding)
 * and the asset's file to the yardstick process and starts it. Returns the yardstick's sizes
 * and the asset's target.
 */
export async function startYardstick(bench: Bench, { pages, pageOf }: PageTargets) {
  const { server, yardstick } = bench;
  for (const t of pages) await expectOk(bench, `${server.origin}${t.path}`);
  const bodies = new Map<Measured, Buffer>();
  for (const key of RATIO_PAGES)
    bodies.set(key, await expectOk(bench, `${server.origin}${pageOf(key).path}`));
  const { asset, body } = assetTarget(bodies.get('list')!.toString('utf8'));
  await expectOk(bench, urlOf(bench, asset));
  bodies.set('asset', body);
  console.log(`Starting the yardstick on ${yardstick.origin} (brotli 11 and gzip 9 of each body, once)…`);
  const byPath = await yardstick.start(
    [...bodies].map(([key, bytes]) => ({
      path: yardstickTarget(key).path,
      type: key === 'asset' ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      body: bytes,
    })),
  );
  const sizes = new Map<Measured, Record<YardstickEncoding, number>>();
  for (const key of bodies.keys()) sizes.set(key, byPath[yardstickTarget(key).path]);
  console.log(
    `Yardstick: ${[...sizes].map(([k, s]) => `${k} ${kb(s.identity)} KB → br ${kb(s.br)} KB`).join(', ')}`,
  );
  return { sizes, asset };
}
