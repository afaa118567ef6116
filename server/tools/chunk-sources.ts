import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Whose code each script of the client build is (issue 49, item 5): the framework's (React,
 * React DOM, React Router and the bundler's runtime, fixed by ADR 031), other libraries we chose,
 * or our own (app/, core/). The first-load chunk holds all three (server/tools/first-load-chunk.ts),
 * so a chunk is split by byte: each minified byte goes to the source file its source-map segment
 * names. The client build makes hidden source maps for it (no `sourceMappingURL` comment, the
 * scripts' bytes and names unchanged), reads them, and leaves them out of the output; what it
 * writes is `build/client/.vite/chunk-sources.json`, which is not served (a dot directory, like
 * Vite's manifest beside it). `bench/first-load-js.ts` reads it.
 */
export type Owner = 'own' | 'libraries' | 'framework';
export const CHUNK_SOURCES = 'build/client/.vite/chunk-sources.json';

/** Per script ('assets/….js'): minified bytes by owner, and the largest sources of each. */
export type ChunkSources = Record<
  string,
  { bytes: Record<Owner, number>; top: Record<Owner, [string, number][]> }
>;

/** The packages whose code is the framework's, and their own dependencies'. */
const FRAMEWORK_PACKAGES = new Set([
  'react',
  'react-dom',
  'react-router',
  'scheduler',
  'cookie-es',
  '@remix-run/route-pattern',
  '@react-router/dev',
  '@react-router/node',
]);

/** Who owns a source of the map, by its path (relative to the map, or a virtual module's id). */
export function ownerOf(source: string): { owner: Owner; name: string } {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return { owner: FRAMEWORK_PACKAGES.has(pkg) ? 'framework' : 'libraries', name: pkg };
  }
  // Virtual modules of Vite, rolldown and React Router (preload helper, runtime, route wrappers).
  if (
    source === '' ||
    source.includes('\0') ||
    /^(virtual:|rolldown:|vite\/)/.test(source.replace(/^(\.\.\/)+/, ''))
  ) {
    return { owner: 'framework', name: source.replace(/\0/g, '') || '(runtime)' };
  }
  const repo = source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '');
  return { owner: 'own', name: repo };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`, per generated line: [generated column, source index?] of each segment. */
export function decodeMappings(mappings: string): [number, number?][][] {
  const lines: [number, number?][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number?][] = [];
    let column = 0;
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of text) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        segments.push([column, source]);
      } else segments.push([column]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Minified bytes of `code` by owner, following the map's segments (a byte belongs to the segment it starts in). */
export function bytesByOwner(code: string, map: { sources: string[]; mappings: string }) {
  const bytes: Record<Owner, number> = { own: 0, libraries: 0, framework: 0 };
  const bySource = new Map<string, { owner: Owner; bytes: number }>();
  const owners = map.sources.map((s) => ownerOf(s ?? ''));
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  let unmapped = 0;
  const add = (source: number | undefined, n: number) => {
    if (n <= 0) return;
    if (source === undefined) {
      unmapped += n;
      return;
    }
    const who = owners[source];
    bytes[who.owner] += n;
    const entry = bySource.get(who.name) ?? { owner: who.owner, bytes: 0 };
    entry.bytes += n;
    bySource.set(who.name, entry);
  };
  lines.forEach((line, i) => {
    // Bytes of a line, not UTF-16 units: columns are in units, so measure each span's UTF-8 length.
    const segments = decoded[i] ?? [];
    let at = 0;
    let source: number | undefined;
    for (const seg of segments) {
      add(source, Buffer.byteLength(line.slice(at, seg[0])));
      at = seg[0];
      source = seg.length > 1 ? seg[1] : undefined;
    }
    add(source, Buffer.byteLength(line.slice(at)) + (i < lines.length - 1 ? 1 : 0));
  });
  // Bytes no segment maps are the bundler's glue of the chunk (its imports and exports, the
  // runtime's helpers): they go to the chunk's owners in proportion, so a chunk of our own code
  // counts its imports as ours.
  const mapped = bytes.own + bytes.libraries + bytes.framework;
  for (const owner of Object.keys(bytes) as Owner[]) {
    bytes[owner] = Math.round(
      bytes[owner] + (mapped ? (unmapped * bytes[owner]) / mapped : owner === 'framework' ? unmapped : 0),
    );
  }
  const top = { own: [], libraries: [], framework: [] } as Record<Owner, [string, number][]>;
  for (const [name, { owner, bytes: n }] of bySource) top[owner].push([name, n]);
  for (const owner of Object.keys(top) as Owner[])
    top[owner] = top[owner].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return { bytes, top };
}

/** The client build's plugin: hidden source maps in, chunk-sources.json out, no .map file written. */
export function chunkSources(): Plugin {
  const result: ChunkSources = {};
  return {
    name: 'chunk-sources',
    apply: 'build',
    // After Vite's own: the chunks' code as written.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name, config) {
      if (name === 'client' && !config.build?.sourcemap) return { build: { sourcemap: 'hidden' } };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type === 'chunk' && item.map) {
          result[fileName] = bytesByOwner(item.code, item.map as { sources: string[]; mappings: string });
        }
        if (fileName.endsWith('.js.map')) delete bundle[fileName];
      }
    },
    writeBundle(options) {
      const file = path.join(options.dir ?? 'build/client', '.vite', 'chunk-sources.json');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(result)}\n`);
    },
  };
}
