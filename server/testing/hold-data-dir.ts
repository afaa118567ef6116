/**
 * A test process for the PGlite data dir lock (server/db/data-dir-lock.test.ts):
 *   tsx server/testing/hold-data-dir.ts DIR [--lock-only] [--at EPOCH_MS] [--exit-at-once]
 * Opens PGlite on DIR through openDatabase (or, with --lock-only, only takes the lock), prints
 * `held PID` and holds it until its stdin ends or SIGTERM, then closes and exits 0. A locked dir
 * ends it as it ends the server: the one-line message, exit code 1. --at waits until that time
 * before trying, so racing processes try together; --exit-at-once exits right after taking it,
 * without closing (the exit hook must release the lock).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { exitIfDataDirLocked, lockDataDir } from '../db/data-dir-lock';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'lock-only': { type: 'boolean', default: false },
    at: { type: 'string' },
    'exit-at-once': { type: 'boolean', default: false },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: hold-data-dir.ts DIR [--lock-only] [--at EPOCH_MS] [--exit-at-once]');

if (values.at) {
  const wait = Number(values.at) - Date.now();
  if (wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
}

let close: () => Promise<void>;
try {
  if (values['lock-only']) {
    const lock = lockDataDir(dir);
    close = async () => lock.release();
  } else {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    close = () => database.close();
  }
} catch (err) {
  exitIfDataDirLocked(err);
}
if (values['exit-at-once']) {
  console.log(`held ${process.pid}`);
  process.exit(0);
}

let done = false;
async function finish(): Promise<void> {
  if (done) return;
  done = true;
  await close();
  process.exit(0);
}
process.on('SIGTERM', finish);
process.stdin.on('end', finish);
process.stdin.resume();
console.log(`held ${process.pid}`);
