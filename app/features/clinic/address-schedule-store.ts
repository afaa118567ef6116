import { useCallback, useSyncExternalStore } from 'react';
import { addressSchedule } from '../../../core/clinic/calls';
import type { AddressSchedule } from '../../../core/clinic/contracts';
import {
  NOT_LOADED,
  needsFetch,
  nextScheduleEntry,
  type ScheduleEntry,
  type ScheduleEvent,
} from '../../../core/clinic/schedule-cache';
import { api } from '../../lib/api';

type Entry = ScheduleEntry<AddressSchedule>;

/** One entry per clinic and address for the page's lifetime. */
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

/**
 * The cached schedule of one address and a `load` that asks the server only the first time:
 * later calls find it loading, loaded, or failed (a failure is kept, never retried).
 */
export function useAddressSchedule(clinicId: number, address: string): [Entry, () => void] {
  const key = `${clinicId}\n${address}`;
  const entry = useSyncExternalStore(
    subscribe,
    () => entries.get(key) ?? NOT_LOADED,
    () => NOT_LOADED,
  );
  const load = useCallback(() => {
    if (!needsFetch(entries.get(key) ?? NOT_LOADED)) return;
    dispatch(key, { type: 'request' });
    api.send(addressSchedule, { params: { id: clinicId }, query: { address } }).then(
      (data) => dispatch(key, { type: 'success', data }),
      (error: unknown) => {
        // A failed load is logged and the page goes on.
        console.warn(error);
        dispatch(key, { type: 'failure' });
      },
    );
  }, [key, clinicId, address]);
  return [entry, load];
}
