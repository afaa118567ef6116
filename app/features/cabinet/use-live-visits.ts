import { useEffect, useRef, useState } from 'react';
import { CABINET_VISITS_SOCKET, cabinetReception } from '../../../core/cabinet/calls';
import type { Reception, ReceptionVisit } from '../../../core/cabinet/contracts';
import { api } from '../../lib/api';

/** A list also reads itself this often, for changes the socket missed (a dropped connection). */
export const RECEPTION_POLL_MS = 60_000;
/** Waits before reconnecting a dropped socket: 2 s, doubling up to 30 s. */
const RECONNECT_MS = [2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * Keeps a cabinet page live: the cabinet's websocket says a visit changed (booked, cancelled,
 * marked, moved, in any tab or process) and `reload` runs again; a slow poll covers what a
 * dropped socket missed. A reload asked for while one runs runs once more after it. `key` names
 * what is shown: a new key starts over. Used by the reception list and the calendar.
 */
export function useLiveReload(key: string, reload: (isStopped: () => boolean) => Promise<void>) {
  const latest = useRef(reload);
  latest.current = reload;

  // biome-ignore lint/correctness/useExhaustiveDependencies: what is shown is fixed by `key`
  useEffect(() => {
    let stopped = false;
    let loading = false;
    let again = false;
    let socket: WebSocket | null = null;
    let poll: number | undefined;
    let retry: number | undefined;
    let attempt = 0;

    const run = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        await latest.current(() => stopped);
      } catch {
        // The next message or poll tries again; the page stays as it was.
      } finally {
        loading = false;
        if (again && !stopped) {
          again = false;
          void run();
        }
      }
    };

    const connect = () => {
      if (stopped || typeof WebSocket === 'undefined') return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${CABINET_VISITS_SOCKET}`);
      socket.onmessage = () => {
        attempt = 0;
        void run();
      };
      socket.onclose = () => {
        if (stopped) return;
        retry = window.setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]);
      };
      socket.onerror = () => undefined;
    };
    connect();
    poll = window.setInterval(() => void run(), RECEPTION_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(poll);
      window.clearTimeout(retry);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
      }
    };
  }, [key]);
}

/**
 * The reception list's visits, kept live (useLiveReload): the list reads its call again on each
 * change. Visits that arrived while the page was open are returned in `fresh`. `replace` puts
 * one changed visit in place (after this tab's own mark).
 */
export function useLiveVisits(r: Reception) {
  const [visits, setVisits] = useState(r.visits);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const known = useRef(new Set(r.visits.map((v) => v.id)));
  const query = { date: r.date, days: r.days, doctor: r.doctor ?? undefined };

  useLiveReload(JSON.stringify(query), async (stopped) => {
    const reply = await api.send(cabinetReception, { query });
    if (stopped()) return;
    const added = reply.visits.filter((v) => !known.current.has(v.id)).map((v) => v.id);
    for (const id of added) known.current.add(id);
    if (added.length) setFresh((old) => new Set([...old, ...added]));
    setVisits(reply.visits);
  });

  const replace = (visit: ReceptionVisit) =>
    setVisits((list) => list.map((v) => (v.id === visit.id ? visit : v)));
  return { visits, fresh, replace };
}
