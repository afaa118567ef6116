/**
 * The sign-in, favourites, slots and booking figures on the running server: sign-in round trips, the favourites
 * state call, the slots of a list page, and the booking race and throughput; with their table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { CallResult } from '../call-load';
import { runPostCall, type SignInResult, signInRoundTrips } from '../calls/auth';
import {
  bookDistinctSlots,
  cancelAll,
  firstBookingDay,
  freeSlotsOf,
  type RaceResult,
  raceForOneSlot,
  type ThroughputResult,
} from '../calls/booking';
import { benchPatients, PATIENT_PREFIXES } from '../calls/patients';
import type { requireTown, Services } from '../queries';
import { int, ms, table } from '../stats';
import type { Bench } from './context';

/** The one-slot race, and the bookings of distinct slots at once. */
export const RACE_ATTEMPTS = 200;
export const BOOKING_WORKERS = 20;
/** Doctors whose free slots make the distinct-slot pool: five list pages. */
const BOOKING_POOL_PAGES = 5;

export interface AccountsResult {
  signIn: SignInResult[];
  favourites: CallResult[];
  slots: CallResult[];
  booking: { race: RaceResult; distinct: ThroughputResult; poolSize: number } | null;
}

/**
 * The sign-in and favourites figures on the running server: sign-in round trips (1 and 10 patients at once),
 * then the favourites state call for one page of 20 doctors as the last signed-in patient.
 */
export async function accountsPhase(
  bench: Bench,
  db: Db,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
  bookingPool: { doctor_id: number; lpu_id: number }[],
): Promise<AccountsResult> {
  const { settings } = bench;
  const origin = bench.server.origin;
  const doctorIds = doctorsLpus.map((d) => d.doctor_id);
  const signIn: SignInResult[] = [];
  for (const workers of [1, 10]) {
    const r = await signInRoundTrips(origin, workers, settings.seqDuration);
    signIn.push(r);
    console.log(
      `sign-in  ${`code request + confirm + login, ${workers} at once`.padEnd(52)} ${r.sessionsPerSecond.toFixed(1).padStart(6)} sessions/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms${Object.keys(r.failures).length ? `  failures ${JSON.stringify(r.failures)}` : ''}`,
    );
  }
  const session = signIn.find((r) => r.session)?.session;
  const anonymousCsrf = await fetch(`${origin}/healthz`).then(
    (r) =>
      r.headers
        .getSetCookie()
        .find((c) => c.startsWith('csrftoken='))
        ?.split(';')[0]
        .slice(10) ?? '',
  );
  if (!session) throw new Error('no sign-in succeeded: cannot time the favourites call');
  const favourites: CallResult[] = [];
  const request = { path: '/api/patient/favourites/doctors/', body: doctorIds, ...session };
  for (const connections of [1, 10]) {
    await runPostCall(origin, 'favourites state, 20 ids', request, connections, 1);
    const r = await runPostCall(
      origin,
      'favourites state, 20 ids',
      request,
      connections,
      settings.seqDuration,
    );
    favourites.push(r);
    console.log(
      `call     ${`favourites state (20 ids), ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms${Object.keys(r.non2xx).length ? `  other ${JSON.stringify(r.non2xx)}` : ''}`,
    );
  }
  // The slots figure: the slots of one list page (20 doctors at their first clinic) for 14 days.
  const slots: CallResult[] = [];
  const slotsRequest = {
    path: '/ajax/schedule/slots_bulk/',
    body: {
      days: 14,
      dt_start: new Date().toISOString().slice(0, 10),
      town_timedelta: 3,
      doctors_lpus: doctorsLpus,
    },
    cookie: '',
    csrf: anonymousCsrf,
  };
  for (const connections of [1, 10]) {
    await runPostCall(origin, 'slots_bulk, 20 doctors × 14 days', slotsRequest, connections, 1);
    const r = await runPostCall(
      origin,
      'slots_bulk, 20 doctors × 14 days',
      slotsRequest,
      connections,
      settings.seqDuration,
    );
    slots.push(r);
    console.log(
      `call     ${`slots_bulk (20 doctors × 14 days), ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms${Object.keys(r.non2xx).length ? `  other ${JSON.stringify(r.non2xx)}` : ''}`,
    );
  }
  return { signIn, favourites, slots, booking: await bookingPhase(bench, db, session, bookingPool) };
}

/**
 * The booking figures: 200 bookings of one slot at once by 200 patients (exactly one winner),
 * then bookings/s on distinct free slots, 20 at a time, each by a patient of its own. Everything booked
 * is cancelled afterwards, so the next run finds the same free slots.
 */
async function bookingPhase(
  { settings, server }: Bench,
  db: Db,
  session: { cookie: string; csrf: string },
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
): Promise<AccountsResult['booking']> {
  const origin = server.origin;
  const pool = await freeSlotsOf(origin, session, doctorsLpus, firstBookingDay());
  if (pool.length < 2) {
    console.log('booking  no free slots in the pool: skipped');
    return null;
  }
  // Spread the distinct-slot bookings over doctors, as real traffic is.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const [raced, ...rest] = pool;
  // 200 patients race for the one slot; each of the others books as a patient of their own.
  const people = await benchPatients(db, RACE_ATTEMPTS + rest.length, PATIENT_PREFIXES.accounts);
  const race = await raceForOneSlot(origin, people.slice(0, RACE_ATTEMPTS), raced);
  console.log(
    `booking  ${`one slot, ${RACE_ATTEMPTS} at once`.padEnd(52)} winners ${race.winners}  409s ${race.conflicts}  other ${JSON.stringify(race.other)}  in ${race.seconds.toFixed(2)} s`,
  );
  const distinct = await bookDistinctSlots(
    origin,
    people.slice(RACE_ATTEMPTS),
    rest,
    BOOKING_WORKERS,
    settings.seqDuration,
  );
  console.log(
    `booking  ${`distinct slots, ${BOOKING_WORKERS} at once`.padEnd(52)} ${distinct.bookingsPerSecond.toFixed(0).padStart(6)} bookings/s  p50 ${ms(distinct.p50)} ms  p95 ${ms(distinct.p95)} ms  p99 ${ms(distinct.p99)} ms${Object.keys(distinct.other).length ? `  other ${JSON.stringify(distinct.other)}` : ''}`,
  );
  await cancelAll(origin, session, [...race.made, ...distinct.made]);
  const { made: _r, ...raceFigures } = race;
  const { made: _d, ...distinctFigures } = distinct;
  return { race: raceFigures, distinct: distinctFigures, poolSize: pool.length };
}

export function accountsTable(accounts: AccountsResult): string {
  return [
    'Accounts (dev providers; a fresh phone and address per sign-in; the harness reads codes from /dev/outbox.json, not timed):',
    table(
      ['measure', 'at once', 'sessions/s or req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failures'],
      [
        ...accounts.signIn.map((r) => [
          'code request + confirm + login',
          int(r.workers),
          r.sessionsPerSecond.toFixed(1),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          JSON.stringify(r.failures),
        ]),
        ...(accounts.booking
          ? [
              [
                `booking one slot (${accounts.booking.race.attempts} at once): winners / 409s`,
                int(accounts.booking.race.attempts),
                `${accounts.booking.race.winners} / ${accounts.booking.race.conflicts}`,
                '',
                '',
                '',
                JSON.stringify(accounts.booking.race.other),
              ],
              [
                `booking distinct slots (pool ${accounts.booking.poolSize}): bookings/s`,
                int(accounts.booking.distinct.workers),
                accounts.booking.distinct.bookingsPerSecond.toFixed(0),
                ms(accounts.booking.distinct.p50),
                ms(accounts.booking.distinct.p95),
                ms(accounts.booking.distinct.p99),
                JSON.stringify(accounts.booking.distinct.other),
              ],
            ]
          : []),
        ...[...accounts.favourites, ...accounts.slots].map((c) => [
          c.name,
          int(c.connections),
          int(c.rps),
          ms(c.p50),
          ms(c.p95),
          ms(c.p99),
          JSON.stringify(c.non2xx),
        ]),
      ],
      [false, true, true, true, true, true, false],
    ),
  ].join('\n');
}

/**
 * The doctors of the first list pages, for the distinct-slot booking pool: those who see adults,
 * as the bench's patients are (a children's-only doctor rightly refuses them, 400).
 */
export async function bookingPoolOf(svc: Services, town: Awaited<ReturnType<typeof requireTown>>) {
  const pages = await Promise.all(
    Array.from({ length: BOOKING_POOL_PAGES }, (_, i) => svc.directory.doctorList(town, { page: i + 1 })),
  );
  const pool = pages.flatMap((p) => doctorsLpusOf(p.doctors));
  const { rows } = await svc.db.execute<{ id: number }>(
    sql`SELECT id FROM doctors WHERE id = ANY(${`{${pool.map((d) => d.doctor_id).join(',')}}`}::int[]) AND (adults OR NOT children)`,
  );
  const seeAdults = new Set(rows.map((r) => r.id));
  return pool.filter((d) => seeAdults.has(d.doctor_id));
}

/** A list page's cards as the schedule widget asks for them: each doctor at the card's clinic. */
export function doctorsLpusOf(cards: { id: number; workplaces: { clinicId: number }[] }[]) {
  return cards
    .filter((c) => c.workplaces.length > 0)
    .map((c) => ({ doctor_id: c.id, lpu_id: c.workplaces[0].clinicId }));
}
