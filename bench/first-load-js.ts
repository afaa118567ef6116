/**
 * First-load JavaScript of a page: every script the server-rendered HTML makes the browser
 * fetch before hydration (React Router's modulepreload links and its entry import), gzipped
 * at level 9 as a CDN would send them.
 *
 * Each script's gzipped bytes are split by whose code they are (issue 49, item 5): our own
 * (app/, core/), libraries we chose, and the framework's (React, React DOM, React Router and
 * the bundler's runtime, fixed by ADR 031). The client build writes, per script, its minified
 * bytes by owner, read from hidden source maps (server/tools/chunk-sources.ts); a script's
 * gzipped size is shared out in those proportions (the first-load chunk holds all three).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { CHUNK_SOURCES, type ChunkSources, type Owner } from '../server/tools/chunk-sources';

export interface FirstLoadJs {
  path: string;
  files: { href: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
  /** Gzipped bytes by owner, or null when the build wrote no chunk-sources.json. */
  owners: Record<Owner, number> | null;
  /** Our own code's largest sources on the page, minified bytes (across its scripts). */
  ownTop: [string, number][];
  /** The 1-minute load average when measured. */
  load: number;
}

/** The build's owners of each script, or null without the file (a build before it existed). */
export function readChunkSources(file = CHUNK_SOURCES): ChunkSources | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ChunkSources;
  } catch {
    return null;
  }
}

/** A page's scripts' gzipped bytes shared out by owner, in proportion to each script's minified bytes. */
export function splitByOwner(
  files: { href: string; gzip: number }[],
  sources: ChunkSources,
): { owners: Record<Owner, number>; ownTop: [string, number][] } {
  const owners: Record<Owner, number> = { own: 0, libraries: 0, framework: 0 };
  const own = new Map<string, number>();
  for (const f of files) {
    const entry = sources[new URL(f.href, 'http://x').pathname.replace(/^\//, '')];
    if (!entry) {
      // A script the build did not map (none should be): counted as ours, the honest side.
      owners.own += f.gzip;
      continue;
    }
    const total = entry.bytes.own + entry.bytes.libraries + entry.bytes.framework || 1;
    for (const owner of Object.keys(owners) as Owner[])
      owners[owner] += (f.gzip * entry.bytes[owner]) / total;
    for (const [name, n] of entry.top.own) own.set(name, (own.get(name) ?? 0) + n);
  }
  const ownTop = [...own].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return { owners, ownTop };
}

/** The scripts a page's HTML makes the browser fetch before hydration. */
export function scriptHrefs(html: string): Set<string> {
  const hrefs = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) hrefs.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) hrefs.add(m[1]);
  return hrefs;
}

export async function firstLoadJs(origin: string, path: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${origin}${path}`)).text();
  const hrefs = scriptHrefs(html);
  if (!hrefs.size) throw new Error(`${path}: no scripts found in the HTML`);
  const files = await Promise.all(
    [...hrefs].map(async (href) => {
      const res = await fetch(new URL(href, origin));
      if (!res.ok) throw new Error(`${href}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      return { href, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  const sources = readChunkSources();
  const split = sources ? splitByOwner(files, sources) : null;
  return {
    path,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    owners: split?.owners ?? null,
    ownTop: split?.ownTop ?? [],
    load: loadavg()[0],
  };
}
