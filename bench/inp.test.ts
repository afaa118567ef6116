/** The INP phase's pure part: Event Timing entries grouped into interactions, and the p75 row. */
import { describe, expect, test } from 'vitest';
import {
  EVENT_THRESHOLD_MS,
  type EventEntry,
  INP_TARGET_MS,
  inpRow,
  inpTable,
  interactionLatencies,
  sampleLatency,
} from './phases/inp';

const entry = (interactionId: number, duration: number, startTime = 100, name = 'pointerup'): EventEntry => ({
  name,
  interactionId,
  startTime,
  duration,
});

describe('interactionLatencies', () => {
  test('an interaction counts its longest entry; entries without an interactionId are no interaction', () => {
    const latencies = interactionLatencies([
      entry(7, 40, 100, 'pointerdown'),
      entry(7, 120, 102, 'pointerup'),
      entry(7, 96, 103, 'click'),
      entry(8, 24, 500, 'keydown'),
      entry(0, 300, 600, 'mouseover'),
    ]);
    expect([...latencies]).toEqual([
      [7, 120],
      [8, 24],
    ]);
  });
});

describe('sampleLatency', () => {
  test('only interactions started since the tap, the worst of them', () => {
    const entries = [entry(1, 250, 50), entry(2, 64, 200, 'pointerdown'), entry(2, 88, 201, 'click')];
    expect(sampleLatency(entries, 150)).toBe(88);
  });

  test('a tap quicker than the threshold leaves no entry and counts as the threshold', () => {
    expect(sampleLatency([entry(1, 250, 50)], 150)).toBe(EVENT_THRESHOLD_MS);
    expect(sampleLatency([], 0)).toBe(EVENT_THRESHOLD_MS);
  });
});

describe('inpRow', () => {
  test('nearest-rank p50 / p75 / max; passes only with p75 under the target', () => {
    const fast = inpRow('day tab', [40, 10, 30, 20, 250, 60, 50, 70, 80, 90, 100, 110]);
    expect(fast).toMatchObject({ p50: 60, p75: 90, max: 250, pass: true });
    const slow = inpRow('slot', [100, INP_TARGET_MS, 300, 400]);
    expect(slow).toMatchObject({ p50: INP_TARGET_MS, p75: 300, pass: false });
    expect(inpRow('edge', [INP_TARGET_MS]).pass).toBe(false);
    // Every load of it failed: no figure, no pass.
    expect(inpRow('none', []).pass).toBe(false);
  });

  test('the table prints PASS / FAIL per row', () => {
    const text = inpTable([inpRow('a', [10, 20]), inpRow('b', [500])]);
    expect(text).toMatch(/\| a .*\| PASS/);
    expect(text).toMatch(/\| b .*\| FAIL/);
  });
});
