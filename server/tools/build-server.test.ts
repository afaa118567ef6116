import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server';

// The server as `npm start` runs it (ADR 026): one bundled module run by plain node, its
// migrations beside it. Starting it needs the app's production build, as the other tests that
// start production servers do (`npm test` builds it first).

let outDir = '';
let dataDir = '';
beforeAll(async () => {
  // Inside the repository: the bundle's package imports resolve from its node_modules.
  outDir = await mkdtemp(path.resolve('build/test-server-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-data-'));
  await buildServer(outDir);
}, 60_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(outDir, 'main.mjs')], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  return { child, output: () => text };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('the server bundle', () => {
  it('is one module with the migrations beside it', () => {
    expect(existsSync(path.join(outDir, 'main.mjs'))).toBe(true);
    expect(existsSync(path.join(outDir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it('refuses a production config that cannot run, as the sources do', async () => {
    const { child, output } = start({ APP_ENV: 'production', AUTH_SECRET: 'changeme'.repeat(4) });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('AUTH_SECRET: too weak');
  }, 60_000);

  it('migrates an empty embedded database from its own copy of the migrations and serves', async () => {
    const port = await freePort();
    const { child, output } = start({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_SIZE: 'none',
      DRAIN_MS: '0',
    });
    try {
      const deadline = Date.now() + 90_000;
      let ready = 0;
      while (Date.now() < deadline && child.exitCode === null) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (res) => res.status,
          () => 0,
        );
        if (ready === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ready, output()).toBe(200);
      // A page, rendered by the app's build through the bundle's page context.
      const page = await fetch(`http://127.0.0.1:${port}/privacy/`);
      expect(page.status, output()).toBe(200);
      expect(await page.text()).toContain('<html lang="ru"');
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 120_000);
});
