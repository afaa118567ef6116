import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { dropTypegenRace } from './server/testing/unhandled-errors';

/**
 * Server test files that run after all the others, by themselves. On PostgreSQL transaction ids
 * and snapshots are the whole server's: the MIS change feed, which never passes a transaction
 * still in flight, would wait on another file's transactions in another database.
 */
// mis-feed.test.ts holds the feed's tests since mis.test.ts was split: beside other files on
// PostgreSQL it read an empty page (CI's quiet run: 2 of its 3 tests failed). mis-doc.test.ts's
// client reads the feed to its end too (a CI run: the cancelled visit was not yet in it). A new
// test file that reads what the feed holds (not only its status) belongs here.
const RUN_ALONE = [
  'server/modules/mis/mis.test.ts',
  'server/modules/mis/mis-feed.test.ts',
  'server/modules/mis/mis-doc.test.ts',
];

/**
 * Server test files whose processes pick their own database: each child is started with
 * `DATABASE_URL=''` (the embedded one, or a PostgreSQL address of its own) whatever the run's.
 * They would test the same things again on PostgreSQL (about 90 s of its pass), so a run with
 * DATABASE_URL leaves them out.
 */
const SAME_ON_EITHER_ENGINE = [
  'server/db/seed/cli.test.ts',
  'server/db/data-dir-lock.test.ts',
  'server/startup.test.ts',
  'server/startup-output.test.ts',
];

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two files at once even on two cores (Vitest's default there is one): a file waits on its
    // database and its app as much as it computes, so the PGlite suite took 28% less time (the
    // A/B in docs/architecture.md). On PostgreSQL too, but for the files of 'server-alone'.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates PGlite once; each test file's database starts from that snapshot.
    globalSetup: ['./server/testing/global-setup.ts'],
    // Parallel files' Vite dev servers race in React Router's type generation; only that is dropped.
    onUnhandledError: dropTypegenRace,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
          // Server and core test files share their worker's loaded modules: importing the app
          // once per worker instead of once per file is most of the suite's time. Each builds its
          // own database, app and services and mocks no modules; module-level sequences start
          // again per file (server/testing/setup.ts). A file that needs isolation belongs in the
          // 'app' project.
          isolate: false,
          exclude: [
            ...configDefaults.exclude,
            ...RUN_ALONE,
            ...(process.env.DATABASE_URL ? SAME_ON_EITHER_ENGINE : []),
          ],
          setupFiles: ['./tests/setup.ts', './server/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-alone',
          include: RUN_ALONE,
          isolate: false,
          setupFiles: ['./tests/setup.ts', './server/testing/setup.ts'],
          // After the others, and one at a time.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          // Components keep browser-side stores in modules and mock modules: one file each.
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['./tests/setup.ts', './tests/setup-app.ts'],
        },
      },
    ],
  },
});
