/**
 * First-load JavaScript of a page: every script the server-rendered HTML makes the browser
 * fetch before hydration (React Router's modulepreload links and its entry import), gzipped
 * at level 9 as a CDN would send them.
 */
import { gzipSync } from 'node:zlib';

export interface FirstLoadJs {
  path: string;
  files: { href: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
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
  return {
    path,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}
