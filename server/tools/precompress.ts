import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
/** Below about one packet compression saves nothing a browser would notice. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside a file, each only when smaller.
 * Answers how many variants it wrote.
 */
export async function precompressFile(file: string): Promise<number> {
  if (!COMPRESSIBLE.test(file)) return 0;
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [variant, ext] of [
    [br, '.br'],
    [gz, '.gz'],
  ] as const) {
    if (variant.length >= data.length) continue;
    await writeFile(`${file}${ext}`, variant);
    written++;
  }
  return written;
}

/**
 * The browser's files compressed once, at build time, at the highest levels: the server sends
 * `x.js.br` / `x.js.gz` as they are (@fastify/static's `preCompressed`, server/app.ts) instead of
 * compressing each request again. Only the client environment: the server bundle is never sent.
 *
 * Hand-written rather than vite-plugin-compression2: that plugin hooks itself into Vite's
 * manifest plugin for every environment (it compressed the server bundle too) and ignored a
 * per-environment wrapper (it then compressed nothing); this is thirty lines of node:zlib.
 */
export function precompressClient(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-client',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    // Once the files are written: the bundle's and the public folder's copies alike.
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      const files = await readdir(dir, { recursive: true });
      // Vite's own manifest (.vite/) is read by the build, never sent.
      const sent = files.filter((name) => !name.startsWith('.'));
      await Promise.all(sent.map((name) => precompressFile(path.join(dir, name))));
    },
  };
}
