/**
 * What every phase of the benchmark shares: the run's settings (read by bench/run.ts from the
 * environment) and the server under test.
 */
import type { SeedSize } from '../database';
import type { BenchServer } from '../server';

export interface Settings {
  databaseUrl: string;
  seedSize: SeedSize;
  port: number;
  connections: number;
  duration: number;
  warmup: number;
  seqDuration: number;
  /** Rounds of the page phases: each round runs every target once, static copies beside their pages. */
  rounds: number;
  lighthouseRuns: number;
}

export interface Bench {
  settings: Settings;
  server: BenchServer;
}
