/**
 * The clinic address schedule tooltip keeps one entry per
 * address — not loaded, loading, loaded or failed. Failed is a flag: the address is never
 * asked again on that page (the tooltip then says the schedule is unavailable).
 */
export type ScheduleEntry<T> =
  | { status: 'not-loaded' }
  | { status: 'loading' }
  | { status: 'loaded'; data: T }
  | { status: 'failed' };

export type ScheduleEvent<T> = { type: 'request' } | { type: 'success'; data: T } | { type: 'failure' };

export const NOT_LOADED: ScheduleEntry<never> = { status: 'not-loaded' };

/** The next state of an address entry; events that do not apply leave it as it is. */
export function nextScheduleEntry<T>(entry: ScheduleEntry<T>, event: ScheduleEvent<T>): ScheduleEntry<T> {
  switch (event.type) {
    case 'request':
      return entry.status === 'not-loaded' ? { status: 'loading' } : entry;
    case 'success':
      return entry.status === 'loading' ? { status: 'loaded', data: event.data } : entry;
    case 'failure':
      return entry.status === 'loading' ? { status: 'failed' } : entry;
  }
}

/** Only an address never asked for is fetched: loading waits, loaded is cached, failed never retries. */
export function needsFetch(entry: ScheduleEntry<unknown>): boolean {
  return entry.status === 'not-loaded';
}
