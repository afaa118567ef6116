import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server';

/**
 * `npm start` builds on a fresh clone, and again only when a file the build reads is newer
 * than the build: a second start of an unchanged checkout skips ~8 s of Vite. The build says
 * one line; its full output (asset tables, warnings) is shown only when it fails. The server's
 * bundle (server/tools/build-server.ts, about a second) is made the same way, when its sources
 * are newer than it.
 */
const INPUTS = [
  'app',
  'core',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
  'server/tools/precompress.ts',
  'server/tools/chunk-sources.ts',
];
const OUTPUT = 'build/server/index.js';

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const force = process.argv.includes('--force');
const mtimes = new Map<string, number>();
const newestOf = (inputs: string[]) =>
  Math.max(
    ...inputs.map((p) => {
      const at = mtimes.get(p) ?? newestMtime(p);
      mtimes.set(p, at);
      return at;
    }),
  );

/** Runs `build` when a file under `inputs` is newer than the output (`builtAt`, 0 when missing). */
async function buildWhenStale(step: {
  inputs: string[];
  builtAt: number;
  upToDate: string;
  doing: string;
  build: () => Promise<void> | void;
}) {
  if (!force && step.builtAt > newestOf(step.inputs)) {
    console.log(step.upToDate);
    return;
  }
  process.stdout.write(`${step.doing}… `);
  const started = performance.now();
  await step.build();
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

await buildWhenStale({
  inputs: INPUTS,
  builtAt: existsSync(OUTPUT) && existsSync('build/client') ? statSync(OUTPUT).mtimeMs : 0,
  upToDate: 'Build is up to date.',
  doing: 'Building the app',
  build: () => {
    const result = spawnSync('npx', ['react-router', 'build'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      console.log('failed:');
      process.stdout.write(result.stdout ?? '');
      process.stderr.write(result.stderr ?? '');
      process.exit(result.status ?? 1);
    }
  },
});

await buildWhenStale({
  // The server's code, the shared rules, and the page context it provides.
  inputs: ['server', 'core', 'app', 'package-lock.json'],
  builtAt: existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0,
  upToDate: 'Server bundle is up to date.',
  doing: 'Bundling the server',
  build: buildServer,
});
