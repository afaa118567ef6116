/**
 * The waitlist's fan-out on the running server: a popular doctor with 1,000 patients waiting;
 * a booked visit is cancelled through the cancel call, and the time from the call's start to its
 * reply is the time to the first SMS queued (the offers and their SMS jobs commit in the cancel's
 * own transaction, so the reply comes after they exist). Each run's offers and SMS jobs are
 * checked in the database. The same cancellations of a doctor nobody waits for are the yardstick.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { signInRoundTrips } from '../calls/auth';
import { book, type FreeSlot, firstBookingDay, freeSlotsOf, post, type Session } from '../calls/booking';
import { median, ms, percentile } from '../stats';
import type { Bench } from './context';

export const WAITLIST_P95_TARGET_MS = 200;
const SUBSCRIBERS = 1_000;
const RUNS = 30;
/** The bench's waiting patients: '79550000000'… */
const PHONE_PREFIX = '7955';

export interface WaitlistResult {
  subscribers: number;
  runs: number;
  /** Cancel → reply (first SMS queued), with 1,000 waiting. */
  waiting: { p50: number; p95: number };
  /** The same cancellations of doctors nobody waits for. */
  baseline: { p50: number; p95: number };
  /** Runs whose cancellation queued no SMS (must be 0). */
  missed: number;
}

/** Books each slot and times its cancellation; returns the times and the cancelled visits' starts. */
async function cancelTimes(origin: string, session: Session, slots: FreeSlot[]) {
  const times: number[] = [];
  for (const slot of slots) {
    const { status, appointment } = await book(origin, session, slot);
    if (status !== 201 || !appointment) throw new Error(`booking ${slot.slot} answered ${status}`);
    const started = performance.now();
    const res = await post(origin, session, `/ajax/appointment/${appointment.id}/cancel/`, {
      token: new URL(appointment.url, origin).searchParams.get('token'),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`cancel answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function waitlistPhase(
  bench: Bench,
  db: Db,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
): Promise<WaitlistResult | null> {
  const origin = bench.server.origin;
  const { session } = await signInRoundTrips(origin, 1, 1);
  if (!session) throw new Error('no sign-in succeeded: cannot time the waitlist');
  const from = firstBookingDay();
  const pool = await freeSlotsOf(origin, session, doctorsLpus, from);
  const byDoctor = new Map<number, FreeSlot[]>();
  for (const s of pool) byDoctor.set(s.doctor_id, [...(byDoctor.get(s.doctor_id) ?? []), s]);
  const [popular, ...others] = [...byDoctor.values()].sort((a, b) => b.length - a.length);
  if (!popular || popular.length < RUNS) {
    console.log('waitlist no doctor with enough free times: skipped');
    return null;
  }
  const doctorId = popular[0].doctor_id;
  // Earlier runs' waiting patients go first.
  await db.execute(sql`
    UPDATE waitlist_requests SET status = 'stopped'
    WHERE status = 'active' AND (phone LIKE ${`${PHONE_PREFIX}%`} OR doctor_id = ${doctorId})`);

  const baselineSlots = others.flat().slice(0, RUNS);
  const baseline = await cancelTimes(origin, session, baselineSlots);

  await db.execute(sql`
    INSERT INTO users (phone, is_real_patient)
    SELECT ${PHONE_PREFIX} || lpad(g::text, 7, '0'), true FROM generate_series(1, ${SUBSCRIBERS}) g
    ON CONFLICT (phone) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO waitlist_requests (user_id, phone, doctor_id, clinic_id, visit_type, date_from, date_to, times, status, created_at)
    SELECT u.id, u.phone, ${doctorId}, NULL, 'clinic', ${from}::date - 1, ${from}::date + 30,
           ARRAY['morning', 'afternoon', 'evening'], 'active', now() - (row_number() OVER (ORDER BY u.id)) * interval '1 second'
    FROM users u WHERE u.phone LIKE ${`${PHONE_PREFIX}%`}
    ORDER BY u.id LIMIT ${SUBSCRIBERS}`);

  const started = new Date();
  const waiting = await cancelTimes(origin, session, popular.slice(0, RUNS));
  // Every cancellation offered its time to the next patients in line, each with a queued SMS.
  const [counts] = (
    await db.execute(sql`
      SELECT count(DISTINCT o.starts_at)::int AS times, count(*)::int AS offers,
             (SELECT count(*)::int FROM pgboss.job j
              WHERE j.name = 'waitlist.offer' AND (j.data->>'offerId')::int IN (
                SELECT o2.id FROM waitlist_offers o2 JOIN waitlist_requests r2 ON r2.id = o2.request_id
                WHERE r2.doctor_id = ${doctorId} AND o2.created_at >= ${started.toISOString()}::timestamptz)) AS jobs
      FROM waitlist_offers o JOIN waitlist_requests r ON r.id = o.request_id
      WHERE r.doctor_id = ${doctorId} AND o.created_at >= ${started.toISOString()}::timestamptz`)
  ).rows as { times: number; offers: number; jobs: number }[];
  await db.execute(
    sql`UPDATE waitlist_requests SET status = 'stopped' WHERE status = 'active' AND phone LIKE ${`${PHONE_PREFIX}%`}`,
  );

  const result: WaitlistResult = {
    subscribers: SUBSCRIBERS,
    runs: RUNS,
    waiting: { p50: median(waiting), p95: percentile(waiting, 95) },
    baseline: { p50: median(baseline), p95: percentile(baseline, 95) },
    missed: RUNS - Math.min(counts.times, counts.jobs),
  };
  console.log(
    `waitlist ${`cancel → first SMS queued, ${SUBSCRIBERS} waiting`.padEnd(52)} p50 ${ms(result.waiting.p50)} ms  p95 ${ms(result.waiting.p95)} ms  (offers ${counts.offers}, SMS jobs ${counts.jobs})`,
  );
  console.log(
    `waitlist ${'cancel, nobody waiting (yardstick)'.padEnd(52)} p50 ${ms(result.baseline.p50)} ms  p95 ${ms(result.baseline.p95)} ms  ratio of medians ${(result.waiting.p50 / result.baseline.p50).toFixed(2)}×`,
  );
  return result;
}

/** The PASS/FAIL line of the waitlist figure. */
export function waitlistCheck(w: WaitlistResult): { pass: boolean; line: string } {
  const pass = w.waiting.p95 < WAITLIST_P95_TARGET_MS && w.missed === 0;
  return {
    pass,
    line: `${pass ? 'PASS' : 'FAIL'}  waitlist fan-out (${w.subscribers} waiting) cancel → first SMS queued p95 < ${WAITLIST_P95_TARGET_MS} ms: ${w.waiting.p95.toFixed(1)} ms, ${w.missed} of ${w.runs} runs queued no SMS`,
  };
}
