import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['./tests/setup.ts'],
    // Migrates PGlite once; each test file's database starts from that snapshot.
    globalSetup: ['./server/testing/global-setup.ts'],
  },
});
