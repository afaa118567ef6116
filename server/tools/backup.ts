/**
 * `npm run db:backup [-- FILE]`: backs up the configured database (DATABASE_URL with pg_dump's
 * custom format, else the PGlite data dir under DATA_DIR as a .tar.gz) and prints what it wrote.
 * A PGlite data dir held by a running server is refused with the server's PID.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { BackupRefusal, backupPglite, backupPostgres, formatSize } from '../db/backup';
import { DataDirLockedError } from '../db/data-dir-lock';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const postgres = Boolean(config.DATABASE_URL);
const file =
  process.argv[2] ??
  path.join(
    config.DATA_DIR,
    'backups',
    `${postgres ? 'postgres' : 'pglite'}-${stamp}.${postgres ? 'dump' : 'tar.gz'}`,
  );
try {
  const size = config.DATABASE_URL
    ? await backupPostgres(config.DATABASE_URL, file)
    : await backupPglite(path.join(config.DATA_DIR, 'pglite'), file);
  const source = postgres ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(config.DATA_DIR, 'pglite')}`;
  console.log(`Backed up ${source} to ${file} (${formatSize(size)}).`);
} catch (err) {
  const known = err instanceof BackupRefusal || err instanceof DataDirLockedError;
  console.error(known ? (err as Error).message : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
