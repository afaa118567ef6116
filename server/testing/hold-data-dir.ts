/**
 * A test process for the PGlite data dir lock (server/db/data-dir-lock.test.ts):
 *   tsx server/testing/hold-data-dir.ts DIR [--lock-only] [--when-told] [--exit-at-once]
 * Opens PGlite on DIR through openDatabase (or, with --lock-only, only takes the lock), prints
 * `held PID` and holds it until its stdin ends or SIGTERM, then closes and exits 0. A locked dir
 * ends it as it ends the server: the one-line message, exit code 1. --when-told prints `ready PID`
 * once loaded and tries only when a line comes on its stdin, so racing processes try together
 * (each told when all are ready); --exit-at-once exits right after taking it, without closing
 * (the exit hook must release the lock).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { exitIfDataDirLocked, lockDataDir } from '../db/data-dir-lock';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'lock-only': { type: 'boolean', default: false },
    'when-told': { type: 'boolean', default: false },
    'exit-at-once': { type: 'boolean', default: false },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: hold-data-dir.ts DIR [--lock-only] [--when-told] [--exit-at-once]');

if (values['when-told']) {
  const told = new Promise((resolve) => process.stdin.once('data', resolve));
  console.log(`ready ${process.pid}`);
  await told;
  // Ends stay the signal to let go (below), but nothing more is read until then.
  process.stdin.pause();
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
