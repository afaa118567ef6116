import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'startup-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/**
 * Runs an entry point as npm's scripts do, with this environment: its exit code and stderr. One
 * that has not stopped after 90 s (a server listening) is killed: refusing took 32 s on two cores
 * under a load of 15.
 */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill(), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a production config that cannot run stops before the database is touched', () => {
  it.each([
    { name: 'the server', args: ['server/main.ts'] },
    { name: 'the seed command', args: ['server/db/seed/cli.ts', '--size', 'small'] },
  ])(
    '$name refuses a weak AUTH_SECRET and dev providers, and creates no database',
    async ({ args }) => {
      const { code, stderr } = await run(args, { APP_ENV: 'production', AUTH_SECRET: 'changeme'.repeat(4) });
      expect(code).toBe(1);
      expect(stderr).toContain('AUTH_SECRET: too weak');
      expect(stderr).toContain('SMS_PROVIDER=dev is refused');
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    },
    120_000,
  );
});
