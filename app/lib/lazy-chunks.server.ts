import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The scripts of a module a route loads with `import()` (ADR 021): its chunk and every chunk it
 * imports, as '/assets/…' addresses, so the route can ask for them with `preloadModule` while the
 * server renders, and the browser fetches them beside the route's own instead of after it.
 *
 * The addresses come from Vite's manifest of the client build (build/client/.vite/manifest.json,
 * kept by `build.manifest`). The dev server has no such build: there the list is empty, and the
 * browser fetches the module when React first renders it.
 */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

function loadManifest(): Manifest | null {
  if (!import.meta.env.PROD) return null;
  try {
    return JSON.parse(readFileSync(path.resolve('build/client/.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

let manifest: Manifest | null | undefined;
const readManifest = () => {
  if (manifest === undefined) manifest = loadManifest();
  return manifest;
};

/**
 * `source` is the module's path from the repository's root, as the manifest keys it
 * ('app/routes/…'). `besides`: modules whose chunks the document preloads anyway (the entry and
 * the matched routes, which React Router lists itself): theirs are left out, so no chunk is
 * named twice in the head and the loader data.
 */
export function lazyChunks(source: string, besides: string[] = []): string[] {
  const chunks = readManifest();
  return chunks ? chunksOf(chunks, source, besides) : [];
}

/** A route module's key in the client build's manifest. */
const ROUTE_SUFFIX = '?__react-router-build-client-route';

/** The module's chunk and those it imports, each once, the module's own first; none of `besides`'. */
export function chunksOf(chunks: Manifest, source: string, besides: string[] = []): string[] {
  const reach = (keys: string[], skip = new Set<string>()) => {
    const files = new Set<string>();
    const walk = (key: string) => {
      const chunk = chunks[key] ?? chunks[`${key}${ROUTE_SUFFIX}`];
      if (!chunk || files.has(chunk.file) || skip.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    for (const key of keys) walk(key);
    return files;
  };
  const loaded = reach(besides);
  return [...reach([source], loaded)].map((file) => `/${file}`);
}
