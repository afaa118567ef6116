import { describe, expect, it } from 'vitest';
import { NOT_LOADED, needsFetch, nextScheduleEntry, type ScheduleEntry } from './schedule-cache';

type Entry = ScheduleEntry<string>;

describe('address schedule cache entry', () => {
  it('goes not loaded → loading → loaded, and is fetched only while not loaded', () => {
    expect(needsFetch(NOT_LOADED)).toBe(true);
    const loading = nextScheduleEntry<string>(NOT_LOADED, { type: 'request' });
    expect(loading).toEqual({ status: 'loading' });
    expect(needsFetch(loading)).toBe(false);
    const loaded = nextScheduleEntry(loading, { type: 'success', data: 'week' });
    expect(loaded).toEqual({ status: 'loaded', data: 'week' });
    expect(needsFetch(loaded)).toBe(false);
    expect(nextScheduleEntry(loaded, { type: 'request' })).toBe(loaded);
  });

  it('keeps a failure as a flag: a new request does not retry', () => {
    const failed = nextScheduleEntry<string>({ status: 'loading' }, { type: 'failure' });
    expect(failed).toEqual({ status: 'failed' });
    expect(nextScheduleEntry(failed, { type: 'request' })).toEqual({ status: 'failed' });
    expect(needsFetch(failed)).toBe(false);
  });

  it('ignores answers that arrive when nothing was asked', () => {
    const idle: Entry = { status: 'not-loaded' };
    expect(nextScheduleEntry(idle, { type: 'success', data: 'x' })).toBe(idle);
    expect(nextScheduleEntry(idle, { type: 'failure' })).toBe(idle);
    const loaded: Entry = { status: 'loaded', data: 'a' };
    expect(nextScheduleEntry(loaded, { type: 'failure' })).toBe(loaded);
  });
});
