import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { E2E_VIEWPORTS, e2eDataDir } from './e2e-servers';

/**
 * The browser tests' databases, made ready before their servers start (`npm test` runs this
 * beside the type check): each viewport's server has a PGlite data directory of its own
 * (`data/e2e/<viewport>`, playwright.config.ts), so the two run at once without meeting each
 * other's bookings. The first is seeded when empty; a missing other is a copy of it (seconds,
 * where seeding takes half a minute). A lock file is never copied: it is the first dir's own.
 */
const [first, ...others] = E2E_VIEWPORTS.map((viewport) => e2eDataDir(viewport));

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', '--if-empty'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: first, DATABASE_URL: '' },
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;
for (const dir of others) {
  if (!isEmpty(dir)) continue;
  cpSync(first, dir, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  console.log(`${dir}: a copy of ${path.basename(first)}'s seeded database.`);
}
