/**
 * Webhooks (ADR 040) on the running server: a receiver on the loopback (a node http server on
 * port 0) registered for every clinic of the booking pool; patients book distinct free times at
 * 20 a second for 10 s (an open loop: a booking starts every 50 ms whatever the replies), and each
 * booking's delivery is timed from its reply (the visit committed) to the receiver's arrival.
 * Target: p95 < 2 s. The endpoints are deleted afterwards and the visits cancelled.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { signInRoundTrips } from '../calls/auth';
import { book, cancelAll, firstBookingDay, freeSlotsOf } from '../calls/booking';
import { benchPatients, PATIENT_PREFIXES } from '../calls/patients';
import { median, ms, percentile } from '../stats';
import type { Bench } from './context';

export const WEBHOOK_P95_TARGET_MS = 2_000;
const RATE = 20;
const SECONDS = 10;

export interface WebhooksResult {
  bookings: number;
  delivered: number;
  /** Booking reply → delivery arrival. */
  p50: number;
  p95: number;
  max: number;
  /** Booking request start → delivery arrival. */
  fromRequestP95: number;
  bookingP95: number;
}

export async function webhooksPhase(
  bench: Bench,
  db: Db,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
): Promise<WebhooksResult | null> {
  const origin = bench.server.origin;
  const arrived = new Map<number, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (body.event === 'appointment.booked' && !arrived.has(body.appointment.id))
          arrived.set(body.appointment.id, at);
      } catch {}
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const clinics = [...new Set(doctorsLpus.map((d) => d.lpu_id))];
  const ids = (
    await db.execute(sql`
      INSERT INTO webhook_endpoints (clinic_id, url, secret, created_by, created_at)
      SELECT c, ${url}, 'whsec_bench', (SELECT min(id) FROM users), now()
      FROM unnest(${`{${clinics.join(',')}}`}::int[]) AS c
      RETURNING id`)
  ).rows.map((r) => (r as { id: number }).id);
  try {
    const { session } = await signInRoundTrips(origin, 1, 1);
    if (!session) throw new Error('no sign-in succeeded: cannot book for the webhooks');
    const pool = await freeSlotsOf(origin, session, doctorsLpus, firstBookingDay());
    const wanted = RATE * SECONDS;
    if (pool.length < wanted) {
      console.log(`webhooks only ${pool.length} free times (${wanted} wanted): skipped`);
      return null;
    }
    const people = await benchPatients(db, wanted, PATIENT_PREFIXES.webhooks);
    const refused: Record<number, number> = {};
    const replies = new Map<number, { started: number; replied: number }>();
    const made: { id: number; url: string }[] = [];
    const bookingTimes: number[] = [];
    const started = performance.now();
    const runs: Promise<void>[] = [];
    for (let i = 0; i < wanted; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      runs.push(
        (async () => {
          const t0 = performance.now();
          const r = await book(origin, people[i], pool[i]);
          if (r.status !== 201) refused[r.status] = (refused[r.status] ?? 0) + 1;
          const t1 = performance.now();
          bookingTimes.push(t1 - t0);
          if (r.status === 201 && r.appointment) {
            made.push(r.appointment);
            replies.set(r.appointment.id, { started: t0, replied: t1 });
          }
        })(),
      );
    }
    await Promise.all(runs);
    if (Object.keys(refused).length > 0) console.log(`webhooks bookings refused: ${JSON.stringify(refused)}`);
    // Every booking's delivery, or 30 s.
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline && [...replies.keys()].some((id) => !arrived.has(id)))
      await new Promise((resolve) => setTimeout(resolve, 100));
    const delays: number[] = [];
    const fromRequest: number[] = [];
    for (const [id, t] of replies) {
      const at = arrived.get(id);
      if (at === undefined) continue;
      delays.push(Math.max(0, at - t.replied));
      fromRequest.push(at - t.started);
    }
    // Endpoints gone before the cancels: those events are not this figure's.
    await db.execute(
      sql`UPDATE webhook_endpoints SET deleted_at = now() WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    await cancelAll(origin, session, made);
    const result: WebhooksResult = {
      bookings: replies.size,
      delivered: delays.length,
      p50: median(delays),
      p95: percentile(delays, 95),
      max: Math.max(...delays),
      fromRequestP95: percentile(fromRequest, 95),
      bookingP95: percentile(bookingTimes, 95),
    };
    console.log(
      `webhooks ${`booking → delivery at ${RATE} bookings/s for ${SECONDS} s`.padEnd(52)} p50 ${ms(result.p50)} ms  p95 ${ms(result.p95)} ms  max ${ms(result.max)} ms  (delivered ${result.delivered} of ${result.bookings}; from the request p95 ${ms(result.fromRequestP95)} ms; booking p95 ${ms(result.bookingP95)} ms)`,
    );
    return result;
  } finally {
    await db.execute(
      sql`UPDATE webhook_endpoints SET deleted_at = now() WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND deleted_at IS NULL`,
    );
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

/** The PASS/FAIL line of the webhooks' figure. */
export function webhooksCheck(w: WebhooksResult): { pass: boolean; line: string } {
  const pass = w.delivered === w.bookings && w.p95 < WEBHOOK_P95_TARGET_MS;
  return {
    pass,
    line: `${pass ? 'PASS' : 'FAIL'}  webhook delivery p95 < ${WEBHOOK_P95_TARGET_MS} ms of its booking at ${RATE}/s: ${ms(w.p95)} ms, delivered ${w.delivered} of ${w.bookings}`,
  };
}
