import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'startup-output-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the server with this environment; once stdout has `until`, runs `whileUp` (if any) and
 * stops it (or after 90 s).
 */
function runServer(
  args: string[],
  env: Record<string, string>,
  until?: string,
  whileUp?: () => Promise<void>,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', SEED_SIZE: 'none', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    let up = false;
    child.stdout.on('data', (chunk) => {
      out.stdout += chunk;
      if (!until || up || !out.stdout.includes(until)) return;
      up = true;
      void (whileUp ?? (async () => {}))().finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk) => {
      out.stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ...out });
    });
  });
}

describe('a PostgreSQL the server cannot use is one line saying what to do', () => {
  it('PostgreSQL not running: the address and how to start it, exit 1', async () => {
    const { code, stderr } = await runServer([], {
      DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/app',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PostgreSQL on 127.0.0.1:1 is not reachable (ECONNREFUSED)');
    expect(stderr).not.toContain('secret');
  }, 60_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'a database that does not exist: the createdb command, exit 1',
    async () => {
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = '/no_such_database_here';
      const { code, stderr } = await runServer([], { DATABASE_URL: url.href });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain('"no_such_database_here", which does not exist');
      expect(stderr).toContain(`createdb -h ${url.hostname} -p ${url.port || '5432'}`);
    },
    60_000,
  );
});

it('development: readable log lines and one line with the address to open', async () => {
  const { stdout } = await runServer(
    ['--dev'],
    { NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://portal.test/' },
    'Open http://',
  );
  const lines = stdout.split('\n');
  expect(lines).toContain('Open http://portal.test');
  const listening = lines.find((line) => line.includes('Server listening at'));
  expect(listening).toMatch(/^\d\d:\d\d:\d\d {2}INFO {3}Server listening at http:\/\/127\.0\.0\.1:\d+/);
}, 120_000);

it('without PUBLIC_URL, the address to open and the absolute links are localhost at PORT', async () => {
  const port = await freePort();
  let robots = '';
  const { stdout } = await runServer(
    [],
    // No drain on the SIGTERM that ends it: production's default waits 10 s for a load balancer.
    { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SERVE_PAGES: 'false', DRAIN_MS: '0' },
    'Open http://',
    async () => {
      robots = await (await fetch(`http://127.0.0.1:${port}/robots.txt`)).text();
    },
  );
  expect(stdout.split('\n')).toContain(`Open http://localhost:${port}`);
  expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
}, 120_000);
