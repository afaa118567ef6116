/**
 * Several instances (ADR 010): two app processes behind HAProxy against one behind HAProxy, on
 * the same database and Redis. Per round, each setup in turn: a cached page and a call under
 * `connections` for `duration` s, then bookings of distinct free slots, 20 at once, for
 * `seqDuration` s. Prints medians over rounds and the two-to-one ratios. Needs REDIS_URL
 * (BENCH_REDIS_URL) and haproxy; prints a SKIP line without them.
 */

import type { Db } from '../../server/db/client';
import { AppProcess, findHaproxy, Haproxy } from '../../server/testing/cluster';
import { signInRoundTrips } from '../calls/auth';
import { bookDistinctSlots, cancelAll, firstBookingDay, freeSlotsOf } from '../calls/booking';
import { benchPatients, PATIENT_PREFIXES } from '../calls/patients';
import { requestHeaders } from '../encodings';
import { runLoad, warmUp } from '../load';
import { int, median, table } from '../stats';
import type { Settings } from './context';

/** The phase's own ports (the balancers, the two processes, the balancers' stats pages). */
const BASE_PORT = Number(process.env.BENCH_INSTANCES_PORT || 4240);
const BOOKING_WORKERS = 20;
/** As this phase always asked (no Accept-Encoding): its figures are two-to-one ratios, not the pages' honest req/s. */
const HEADERS = requestHeaders('identity', 'text/html');

export interface InstancesResult {
  rounds: number;
  one: { page: number[]; call: number[]; bookings: number[] };
  two: { page: number[]; call: number[]; bookings: number[] };
}

type Setup = 'one' | 'two';

export async function instancesPhase(
  settings: Settings,
  targets: {
    pagePath: string;
    callPath: string;
    doctorsLpus: { doctor_id: number; lpu_id: number }[];
    /** Where the bench's patients are written (one per booking: bench/calls/patients.ts). */
    db: Db;
  },
): Promise<InstancesResult | null> {
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL;
  const haproxy = findHaproxy();
  if (!redisUrl || !haproxy) {
    console.log(
      `SKIP  several instances: needs ${[!redisUrl && 'REDIS_URL (or BENCH_REDIS_URL)', !haproxy && 'haproxy (apt-get install -y haproxy)'].filter(Boolean).join(' and ')}`,
    );
    return null;
  }
  const env = {
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: redisUrl,
    SEED_SIZE: 'none',
    TRUST_PROXY: 'loopback',
    DRAIN_MS: '0',
  };
  const ports = { two: BASE_PORT, one: BASE_PORT + 1, a: BASE_PORT + 2, b: BASE_PORT + 3 };
  const a = new AppProcess('a', ports.a, env);
  const b = new AppProcess('b', ports.b, env);
  const servers = [
    { name: 'a', port: ports.a },
    { name: 'b', port: ports.b },
  ];
  const balancers: Record<Setup, Haproxy> = {
    one: new Haproxy(haproxy, {
      port: ports.one,
      statsPort: ports.one + 8,
      servers: servers.slice(0, 1),
      interMs: 2000,
    }),
    two: new Haproxy(haproxy, { port: ports.two, statsPort: ports.two + 8, servers, interMs: 2000 }),
  };
  const made: { id: number; url: string }[] = [];
  let session: { cookie: string; csrf: string } | null = null;
  try {
    await Promise.all([a.start(), b.start()]);
    await Promise.all(Object.values(balancers).map((h) => h.start()));
    await balancers.one.waitUntilUp(['a']);
    await balancers.two.waitUntilUp(['a', 'b']);
    // A patient signed in on process a; the session is the database's, so it works on both.
    session = (await signInRoundTrips(a.origin, 1, 1)).session;
    if (!session) throw new Error('no sign-in succeeded: cannot book');
    const pool = await freeSlotsOf(a.origin, session, targets.doctorsLpus, firstBookingDay());
    const people = await benchPatients(targets.db, pool.length, PATIENT_PREFIXES.instances);

    const result: InstancesResult = {
      rounds: settings.rounds,
      one: { page: [], call: [], bookings: [] },
      two: { page: [], call: [], bookings: [] },
    };
    console.log(
      `\nSeveral instances: ${settings.rounds} rounds × (one, two) × (page, call ${settings.warmup} + ${settings.duration} s, bookings ${settings.seqDuration} s)…`,
    );
    for (let round = 0; round < settings.rounds; round++) {
      for (const setup of ['one', 'two'] as const) {
        const origin = balancers[setup].origin;
        for (const [what, path] of [
          ['page', targets.pagePath],
          ['call', targets.callPath],
        ] as const) {
          await warmUp(`${origin}${path}`, settings.connections, settings.warmup, HEADERS);
          const r = await runLoad(`${origin}${path}`, settings.connections, settings.duration, HEADERS);
          result[setup][what].push(r.rps);
          if (r.non2xx || r.errors)
            console.log(`  ${setup} ${what}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        }
        const booked = await bookDistinctSlots(origin, people, pool, BOOKING_WORKERS, settings.seqDuration);
        const tried = booked.booked + Object.values(booked.other).reduce((s, n) => s + n, 0);
        pool.splice(0, tried);
        people.splice(0, tried);
        made.push(...booked.made);
        result[setup].bookings.push(booked.bookingsPerSecond);
        console.log(
          `  round ${round + 1} ${setup}: page ${int(result[setup].page.at(-1) ?? 0)} req/s, call ${int(result[setup].call.at(-1) ?? 0)} req/s, ${booked.bookingsPerSecond.toFixed(0)} bookings/s${Object.keys(booked.other).length ? ` (other ${JSON.stringify(booked.other)})` : ''}`,
        );
      }
    }
    return result;
  } finally {
    if (session && made.length) await cancelAll(a.origin, session, made).catch(() => {});
    await Promise.all(Object.values(balancers).map((h) => h.stop()));
    await Promise.all([a.stop(), b.stop()]);
  }
}

export function instancesTable(r: InstancesResult): string {
  const row = (name: string, key: keyof InstancesResult['one'], unit: string) => {
    const one = median(r.one[key]);
    const two = median(r.two[key]);
    const ratios = r.one[key].map((v, i) => r.two[key][i] / v);
    return [name, `${int(one)} ${unit}`, `${int(two)} ${unit}`, `${median(ratios).toFixed(2)}×`];
  };
  return [
    `Several instances behind HAProxy (medians over ${r.rounds} rounds; ratio = median of per-round two ÷ one):`,
    table(
      ['measure', 'one instance', 'two instances', 'two ÷ one'],
      [
        row('cached page', 'page', 'req/s'),
        row('call', 'call', 'req/s'),
        row(`bookings, ${BOOKING_WORKERS} at once`, 'bookings', '/s'),
      ],
      [false, true, true, true],
    ),
  ].join('\n');
}
