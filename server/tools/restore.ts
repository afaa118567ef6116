/**
 * `npm run db:restore -- FILE [--yes]`: restores a db:backup file into the configured database.
 * PostgreSQL: pg_restore in one transaction; a database that holds tables is replaced only with
 * --yes. PGlite: the backup becomes the data dir under DATA_DIR; an existing one is replaced only
 * with --yes and is kept aside, and a running server (the data dir's lock) makes it refuse.
 * With APP_ENV=production, --yes is always required.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal, formatSize, restorePglite, restorePostgres } from '../db/backup';
import { DataDirLockedError } from '../db/data-dir-lock';

const USAGE = 'Usage: npm run db:restore -- FILE [--yes]';
const { values, positionals } = parseArgs({
  options: { yes: { type: 'boolean', short: 'y', default: false } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(1);
}
const config = loadConfig();
const yes = Boolean(values.yes);
if (config.APP_ENV === 'production' && !yes) {
  console.error('Restoring with APP_ENV=production replaces live data: add --yes to go on.');
  process.exit(1);
}
try {
  if (config.DATABASE_URL) {
    const { size, replaced } = await restorePostgres(config.DATABASE_URL, file, { replace: yes });
    const how = replaced ? 'replacing its contents' : 'into an empty database';
    console.log(`Restored ${file} (${formatSize(size)}) into PostgreSQL (DATABASE_URL), ${how}.`);
  } else {
    const dataDir = path.join(config.DATA_DIR, 'pglite');
    const { size, keptOld } = await restorePglite(file, dataDir, { replace: yes });
    const kept = keptOld ? `; the previous data dir is kept at ${keptOld}` : '';
    console.log(`Restored ${file} (${formatSize(size)}) into PGlite at ${dataDir}${kept}.`);
  }
} catch (err) {
  const known = err instanceof BackupRefusal || err instanceof DataDirLockedError;
  console.error(known ? (err as Error).message : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
