import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Where `npm start` runs the server from: one JavaScript file, and the migrations beside it. */
export const SERVER_BUNDLE_DIR = 'build/server-node';
export const SERVER_BUNDLE = `${SERVER_BUNDLE_DIR}/main.mjs`;

/**
 * The production server as one ES module (ADR 026): server/main.ts and everything it imports
 * from this repository, bundled by esbuild; packages stay imports, resolved from node_modules
 * as before. Run by plain `node`, it skips tsx, whose loader compiled some six hundred
 * TypeScript modules at every start and kept them: the process held about 70 MB more at rest.
 *
 * The migrations are read from beside the module that applies them (server/db/client.ts), so
 * they are copied beside the bundle. `outDir` must sit inside the repository, for the packages
 * to resolve from its node_modules.
 */
export async function buildServer(outDir = SERVER_BUNDLE_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: ['server/main.ts'],
    outfile: path.join(outDir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    // No `keepNames`: it wraps every function expression in a call that defines its name, each
    // time the expression runs (closures made per request included): about an eighth of a page
    // cache hit's CPU went to those calls and the garbage they made (ADR 027). Stack traces name functions as
    // V8 infers them; the few esbuild renames to avoid a clash (`get2`) read back through the
    // map beside the bundle, loaded only with NODE_OPTIONS=--enable-source-maps: with it on, the
    // process held 15–45 MB more, so `npm start` leaves it off.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  cpSync('server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
}
