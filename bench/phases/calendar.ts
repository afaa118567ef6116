/**
 * The clinic's calendar on the running server (docs/product/front-desk.md, 'Календарь'): signed
 * in as the clinic with the most doctors in the bench town (50 after bench/phases/cabinet.ts
 * gave it more, with today's visits), `GET /cabinet/ajax/calendar/?date={today}` one request at
 * a time: every doctor's column with visits, holds, blocks and the free times patients see
 * (target p95 < 50 ms server time, the figure timed from the client here, so an upper bound).
 *
 * Before timing, the clinic's doctors get their weekly hours back: the MIS push of
 * bench/phases/cabinet.ts leaves a pushed week from tomorrow behind, and pushed slots in the
 * calendar's read range (a day each side) replace a workplace's rules, so today would show no
 * free times at all (the lighter, unreal case). Then explicit_slots is vacuumed: the push phase
 * replaced its 9,450 slots 20 times (~190,000 dead rows a run), which autovacuum clears on a live
 * database but not on a machine running without it, and every slot lookup of the clinic read
 * them (with 557,000 of them after three runs, the slot query took 29 of the calendar's 32 ms).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { median, ms, percentile } from '../stats';
import type { Bench } from './context';

export const CALENDAR_DAY_P95_TARGET_MS = 50;
const RUNS = 200;

export interface CalendarResult {
  doctors: number;
  items: number;
  /** Of the items, the free times (none would mean the free-time computation went unmeasured). */
  free: number;
  runs: number;
  day: { p50: number; p95: number };
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export async function calendarPhase(bench: Bench, db: Db): Promise<CalendarResult> {
  const origin = bench.server.origin;
  const [clinic] = rowsOf<{ id: number; tz: string }>(
    await db.execute(sql`
      SELECT c.id, t.tz FROM clinics c JOIN towns t ON t.id = c.town_id
      WHERE t.slug = 'moskva' AND c.is_appointment_on
      ORDER BY (SELECT count(*) FROM workplaces w WHERE w.clinic_id = c.id) DESC, c.id LIMIT 1`),
  );
  await db.execute(sql`
    DELETE FROM explicit_slots x USING workplaces w
    WHERE w.id = x.workplace_id AND w.clinic_id = ${clinic.id}
      AND x.mis_id ~ '^[0-9]+-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{4}$'`);
  await db.execute(sql`VACUUM ANALYZE explicit_slots`);
  const token = randomBytes(32).toString('base64url');
  const [user] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO users (phone, role, clinic_id) VALUES (${`7997${String(clinic.id).padStart(7, '0')}`}, 'clinic', ${clinic.id})
      ON CONFLICT (phone) DO UPDATE SET role = 'clinic', clinic_id = ${clinic.id} RETURNING id`),
  );
  // The clinic's administrator (issue 44, item 6): a login with no live membership is refused (403).
  await db.execute(sql`
    INSERT INTO clinic_members (clinic_id, user_id, role) VALUES (${clinic.id}, ${user.id}, 'administrator')
    ON CONFLICT (user_id) WHERE removed_at IS NULL DO NOTHING`);
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
    VALUES (${createHash('sha256').update(token).digest('hex')}, ${user.id}, 'bench', now() + interval '1 day')`);
  const headers = { cookie: `sessionid=${token}` };
  const url = `${origin}/cabinet/ajax/calendar/`;
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`the calendar answered ${first.status}`);
  const body = (await first.json()) as { columns: { days: { items: { kind: string }[] }[] }[] };
  const items = body.columns.reduce((n, c) => n + c.days[0].items.length, 0);
  const free = body.columns.reduce(
    (n, c) => n + c.days[0].items.filter((item) => item.kind === 'free').length,
    0,
  );
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`the calendar answered ${res.status}`);
  }
  const result = {
    doctors: body.columns.length,
    items,
    free,
    runs: RUNS,
    day: { p50: median(times), p95: percentile(times, 95) },
  };
  console.log(
    `cabinet ${`calendar day, ${result.doctors} doctors, ${items} items (${free} free)`.padEnd(52)} p50 ${ms(result.day.p50)} ms  p95 ${ms(result.day.p95)} ms`,
  );
  return result;
}

/** The PASS/FAIL line of the calendar's day. */
export function calendarChecks(r: CalendarResult): { pass: boolean; line: string }[] {
  const pass = r.day.p95 < CALENDAR_DAY_P95_TARGET_MS;
  return [
    {
      pass,
      line: `${pass ? 'PASS' : 'FAIL'}  calendar of a ${r.doctors}-doctor day p95 < ${CALENDAR_DAY_P95_TARGET_MS} ms: ${r.day.p95.toFixed(1)} ms`,
    },
  ];
}
