import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds on a fresh clone, and again only when a file the build reads is newer
 * than the build: a second start of an unchanged checkout skips ~8 s of Vite.
 */
const INPUTS = ['app', 'core', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
const OUTPUT = 'build/server/index.js';

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(OUTPUT) && existsSync('build/client') ? statSync(OUTPUT).mtimeMs : 0;
const sourcesAt = Math.max(...INPUTS.map(newestMtime));
if (builtAt > sourcesAt && !process.argv.includes('--force')) {
  console.log('Build is up to date.');
} else {
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
