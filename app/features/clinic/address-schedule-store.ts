import { useCallback, useSyncExternalStore } from 'react';
import {
  NOT_LOADED,
  needsFetch,
  nextScheduleEntry,
  type ScheduleEntry,
  type ScheduleEvent,
} from '../../../core/clinic/schedule-cache';
import type { AddressSchedule } from '../../../core/clinic/working-hours';
import { csrfToken } from '../../lib/csrf';

type Entry = ScheduleEntry<AddressSchedule>;

/** One entry per schedule url + address for the page's lifetime (spec 'Lpu schedule tooltip cache'). */
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function dispatch(key: string, event: ScheduleEvent<AddressSchedule>) {
  const entry = entries.get(key) ?? NOT_LOADED;
  const next = nextScheduleEntry(entry, event);
  if (next === entry) return;
  entries.set(key, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Spec section 7: GET {url}?address=…, with X-CSRFToken and a JSON content type. */
async function fetchSchedule(url: string, address: string): Promise<AddressSchedule> {
  const response = await fetch(`${url}?${new URLSearchParams({ address })}`, {
    headers: { 'X-CSRFToken': csrfToken(), 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw new Error(`address schedule: HTTP ${response.status}`);
  return response.json();
}

/**
 * The cached schedule of one address and a `load` that asks the server only the first time:
 * later calls find it loading, loaded, or failed (a failure is kept, never retried).
 */
export function useAddressSchedule(url: string, address: string): [Entry, () => void] {
  const key = `${url}\n${address}`;
  const entry = useSyncExternalStore(
    subscribe,
    () => entries.get(key) ?? NOT_LOADED,
    () => NOT_LOADED,
  );
  const load = useCallback(() => {
    if (!needsFetch(entries.get(key) ?? NOT_LOADED)) return;
    dispatch(key, { type: 'request' });
    fetchSchedule(url, address).then(
      (data) => dispatch(key, { type: 'success', data }),
      (error: unknown) => {
        // Spec section 8: failed loads are logged and the page goes on.
        console.warn(error);
        dispatch(key, { type: 'failure' });
      },
    );
  }, [key, url, address]);
  return [entry, load];
}
