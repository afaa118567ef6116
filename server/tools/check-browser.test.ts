import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const check = (chromium: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/check-browser.ts'], {
    env: { PATH: process.env.PATH ?? '', CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });

it('without Chromium the test run stops at once, saying how to install it', () => {
  const { status, stderr } = check('/nonexistent/chromium');
  expect(status).toBe(1);
  expect(stderr).toContain('Chromium at /nonexistent/chromium');
  expect(stderr).toContain('apt-get install chromium-headless-shell');
  expect(stderr).toContain('npx playwright install chromium');
}, 30_000);

it('CHROMIUM_PATH naming an executable passes', () => {
  const { status, stderr } = check(process.execPath);
  expect(stderr).toBe('');
  expect(status).toBe(0);
}, 30_000);
