import type { JobKind } from '../jobs/kinds';

/** The crash test's one kind: a killed worker's attempts expire after a second and are retried. */
export const CRASH_TEST_KINDS: Record<string, JobKind> = {
  'test.effect': { retryLimit: 10, retryDelay: 1, retryDelayMax: 1, expireInSeconds: 1, concurrency: 8 },
};
