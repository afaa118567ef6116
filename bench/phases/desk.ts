/**
 * The front desk on the running server: a clinic account books times for callers,
 * `POST /cabinet/ajax/appointments/` (target p95 < 30 ms), one at a time, each a free half hour
 * of one of the clinic's doctors in the coming weeks and a new phone (so the patient account is
 * created too, the desk's costlier case). The bookings are cancelled afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { median, ms, percentile } from '../stats';
import type { Bench } from './context';

export const DESK_BOOKING_P95_TARGET_MS = 30;
const RUNS = 200;

export interface DeskResult {
  runs: number;
  booking: { p50: number; p95: number };
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export async function deskPhase(bench: Bench, db: Db): Promise<DeskResult> {
  const origin = bench.server.origin;
  const [clinic] = rowsOf<{ id: number; tz: string }>(
    await db.execute(sql`
      SELECT c.id, t.tz FROM clinics c JOIN towns t ON t.id = c.town_id
      WHERE t.slug = 'moskva' AND c.is_appointment_on
      ORDER BY (SELECT count(*) FROM workplaces w WHERE w.clinic_id = c.id) DESC, c.id LIMIT 1`),
  );
  const doctors = rowsOf<{ doctorId: number }>(
    await db.execute(sql`
      SELECT doctor_id AS "doctorId" FROM workplaces WHERE clinic_id = ${clinic.id} ORDER BY id LIMIT 20`),
  ).map((r) => r.doctorId);
  const token = randomBytes(32).toString('base64url');
  const [user] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO users (phone, role, clinic_id) VALUES (${`7998${String(clinic.id).padStart(7, '0')}`}, 'clinic', ${clinic.id})
      ON CONFLICT (phone) DO UPDATE SET role = 'clinic', clinic_id = ${clinic.id} RETURNING id`),
  );
  // The clinic's administrator (issue 44, item 6): a login with no live membership is refused (403).
  await db.execute(sql`
    INSERT INTO clinic_members (clinic_id, user_id, role) VALUES (${clinic.id}, ${user.id}, 'administrator')
    ON CONFLICT (user_id) WHERE removed_at IS NULL DO NOTHING`);
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
    VALUES (${createHash('sha256').update(token).digest('hex')}, ${user.id}, 'bench', now() + interval '1 day')`);
  const csrf = randomBytes(16).toString('hex');
  const headers = {
    cookie: `sessionid=${token}; csrftoken=${csrf}`,
    'x-csrftoken': csrf,
    'content-type': 'application/json',
  };
  // Far enough ahead to be free (60–120 days), at night (the desk may book outside the hours).
  const base = new Date(Date.now() + 60 * 86_400_000);
  const slotOf = (i: number) => {
    const day = new Date(base.getTime() + Math.floor(i / doctors.length) * 86_400_000);
    const d = new Intl.DateTimeFormat('ru-RU', {
      timeZone: clinic.tz,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(day)
      .replace(/\//g, '.');
    const minutes = 20 * 60 + (i % 6) * 30;
    return `${d} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  const times: number[] = [];
  const ids: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const body = JSON.stringify({
      doctor_id: doctors[i % doctors.length],
      lpu_id: clinic.id,
      slot: slotOf(i),
      patient_phone: `958${String(1_000_000 + i + (Date.now() % 1_000) * 1_000).padStart(7, '0')}`,
      last_name: 'Бенчмарк',
      first_name: 'Пациент',
      birth_date: '1980-01-01',
    });
    const started = performance.now();
    const res = await fetch(`${origin}/cabinet/ajax/appointments/`, { method: 'POST', headers, body });
    const reply = (await res.json()) as { visit?: { id: number } };
    times.push(performance.now() - started);
    if (res.status !== 201 || !reply.visit) throw new Error(`desk booking answered ${res.status}`);
    ids.push(reply.visit.id);
  }
  await db.execute(
    sql`UPDATE appointments SET status = 'canceled', canceled_at = now() WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  const result = { runs: RUNS, booking: { p50: median(times), p95: percentile(times, 95) } };
  console.log(
    `desk    ${`booking for a new phone, ${RUNS} one by one`.padEnd(52)} p50 ${ms(result.booking.p50)} ms  p95 ${ms(result.booking.p95)} ms`,
  );
  return result;
}

/** The PASS/FAIL line of the desk booking. */
export function deskChecks(r: DeskResult): { pass: boolean; line: string }[] {
  const pass = r.booking.p95 < DESK_BOOKING_P95_TARGET_MS;
  return [
    {
      pass,
      line: `${pass ? 'PASS' : 'FAIL'}  desk booking p95 < ${DESK_BOOKING_P95_TARGET_MS} ms: ${r.booking.p95.toFixed(1)} ms`,
    },
  ];
}
