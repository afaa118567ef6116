import { describe, expect, it } from 'vitest';
import type { OpenLoopResult } from '../open-loop';
import { type CrawlerRun, type CrawlKind, crawlerReport, highestRate } from './crawler';

/** A run whose 100 latencies are all `ms`, with `errors` timeouts. */
function run(setup: CrawlerRun['setup'], rate: number, ms: number, errors = 0): CrawlerRun {
  const latencies = Array.from({ length: 100 }, () => ms);
  const result: OpenLoopResult<CrawlKind> = {
    rate,
    seconds: 20,
    sent: 100 + errors,
    ok: 100,
    statuses: {},
    failures: errors ? { timeout: errors } : {},
    latencies,
    byKind: { doctor: latencies, clinic: [], list: [] },
    maxLagMs: 1,
    bytesPerResponse: 20_000,
    maxInFlight: 5,
  };
  return { setup, rate, result, load1: 0.5 };
}

describe('highestRate', () => {
  it('is the last step, in rate order, before the first one over p95 100 ms or with errors', () => {
    const runs = [
      run('two processes', 100, 40),
      run('two processes', 60, 20),
      run('two processes', 80, 30),
      run('two processes', 120, 90),
      run('two processes', 140, 130),
      run('one process', 60, 99),
      run('one process', 80, 50, 1),
      run('one process', 100, 50),
    ];
    expect(highestRate(runs, 'two processes')).toBe(120);
    expect(highestRate(runs, 'one process')).toBe(60);
    expect(highestRate([run('one process', 60, 100)], 'one process')).toBe(0);
  });
});

describe('crawlerReport', () => {
  it("checks the deployment's setup at 100 req/s", () => {
    const pass = crawlerReport({
      urls: { doctor: 10_000, clinic: 5_000, list: 900 },
      deployed: 'two processes',
      runs: [run('one process', 100, 300), run('two processes', 100, 60), run('two processes', 120, 150)],
    });
    expect(pass.checks.map((c) => c.pass)).toEqual([true, true, true, true]);
    expect(pass.checks[0].line).toMatch(
      /^PASS {2}crawler at 100 req\/s, two processes: p95 < 100 ms: 60\.0 ms/,
    );

    const fail = crawlerReport({
      urls: { doctor: 10_000, clinic: 5_000, list: 900 },
      deployed: 'one process',
      runs: [run('one process', 100, 300, 2)],
    });
    expect(fail.checks.map((c) => c.pass)).toEqual([false, false, false, false]);
    expect(fail.table).toContain('| one process');
  });
});
