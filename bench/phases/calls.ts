/**
 * The GET calls phase: search suggestions, the clinic price list and the reviews call, each
 * cycling through its realistic requests (bench/calls/*) on 1 and then 10 connections.
 */
import { type CallResult, runCalls } from '../call-load';
import { int, ms } from '../stats';
import type { Bench } from './context';

export async function callsPhase(
  { settings, server }: Bench,
  paths: { search: string[]; priceList: string[]; reviews: string[] },
): Promise<CallResult[]> {
  const calls: CallResult[] = [];
  for (const [name, list] of [
    ['search suggestions', paths.search],
    ['clinic price list', paths.priceList],
    ['reviews page call', paths.reviews],
  ] as const) {
    for (const connections of [1, 10]) {
      await runCalls(server.origin, name, list, connections, 1);
      const r = await runCalls(server.origin, name, list, connections, settings.seqDuration);
      calls.push(r);
      console.log(
        `call     ${`${name}, ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms`,
      );
    }
  }
  return calls;
}
