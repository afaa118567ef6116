/**
 * What every phase of the benchmark shares: the run's settings (read by bench/run.ts from the
 * environment), the server under test and the pages' yardstick.
 */
import type { SeedSize } from '../database';
import type { BenchServer } from '../server';
import type { Yardstick } from '../yardstick';

export interface Settings {
  databaseUrl: string;
  seedSize: SeedSize;
  port: number;
  connections: number;
  duration: number;
  warmup: number;
  seqDuration: number;
  /** Rounds of the page phases: each round runs every target once, yardsticks beside their pages. */
  rounds: number;
  /** The memory run: the uncached list under a browser's headers for this long, then the server's RSS. */
  rssDuration: number;
  lighthouseRuns: number;
}

export interface Bench {
  settings: Settings;
  server: BenchServer;
  /** The pages' bytes in memory, precompressed, in a process of its own (bench/yardstick-server.ts). */
  yardstick: Yardstick;
}
