/**
 * The supply side on the running server, for a clinic with 50 doctors (the bench town's biggest
 * clinic, given other doctors of the town until it has 50, each with a weekly schedule and
 * visits booked today):
 * - the clinic's day calendar, `GET /cabinet/ajax/appointments/?date={today}`, signed in as the
 *   clinic (target p95 < 50 ms);
 * - a push of a week of slots for the 50 doctors by the integration API (9:00–18:00 every 20
 *   minutes: 9,450 slots), `PUT /api/mis/v1/slots/` (target p95 < 500 ms). Pushes alternate
 *   between two grids 10 minutes apart, so each one replaces every slot (the worst case); the
 *   same push repeated, which changes nothing, is timed apart.
 * The doctors' pushed schedules are handed back afterwards, so other phases see the rules again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { median, ms, percentile } from '../stats';
import type { Bench } from './context';

export const CALENDAR_P95_TARGET_MS = 50;
export const PUSH_P95_TARGET_MS = 500;
const DOCTORS = 50;
const CALENDAR_RUNS = 200;
const PUSH_RUNS = 20;

export interface CabinetResult {
  doctors: number;
  visitsToday: number;
  calendar: { p50: number; p95: number };
  slots: number;
  push: { p50: number; p95: number };
  repeat: { p50: number; p95: number };
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/** The bench town's biggest clinic, with DOCTORS doctors and today's visits. */
async function clinicWithDoctors(db: Db): Promise<{ clinicId: number; tz: string; doctorIds: number[] }> {
  const [clinic] = rowsOf<{ id: number; townId: number; tz: string }>(
    await db.execute(sql`
      SELECT c.id, c.town_id AS "townId", t.tz FROM clinics c JOIN towns t ON t.id = c.town_id
      WHERE t.slug = 'moskva' AND c.is_appointment_on
      ORDER BY (SELECT count(*) FROM workplaces w WHERE w.clinic_id = c.id) DESC, c.id LIMIT 1`),
  );
  await db.execute(sql`
    WITH more AS (
      SELECT d.id FROM doctors d
      WHERE d.town_id = ${clinic.townId}
        AND NOT EXISTS (SELECT 1 FROM workplaces w WHERE w.doctor_id = d.id AND w.clinic_id = ${clinic.id})
      ORDER BY d.id
      LIMIT greatest(0, ${DOCTORS} - (SELECT count(*) FROM workplaces WHERE clinic_id = ${clinic.id}))
    ), added AS (
      INSERT INTO workplaces (doctor_id, clinic_id, is_appointment_on)
      SELECT id, ${clinic.id}, true FROM more RETURNING id
    ), priced AS (
      INSERT INTO workplace_prices (workplace_id, visit_type, price) SELECT id, 'clinic', 2500 FROM added
    )
    INSERT INTO schedule_rules (workplace_id, visit_type, weekday, start_time, end_time, slot_minutes, valid_from)
    SELECT a.id, 'clinic', wd, '09:00', '18:00', 30, '2020-01-01' FROM added a, generate_series(1, 7) wd`);
  const doctorIds = rowsOf<{ doctorId: number }>(
    await db.execute(sql`
      SELECT doctor_id AS "doctorId" FROM workplaces WHERE clinic_id = ${clinic.id} ORDER BY id LIMIT ${DOCTORS}`),
  ).map((r) => r.doctorId);
  // Today's visits: every other half hour of each doctor's day, where free.
  await db.execute(sql`
    INSERT INTO appointments (workplace_id, doctor_id, clinic_id, during, status, patient_name, patient_phone, source)
    SELECT w.id, w.doctor_id, w.clinic_id,
           tstzrange(s, s + interval '30 minutes'), 'active', 'Пациент Бенчмарка', '79550000000', 'bench'
    FROM workplaces w,
         generate_series(
           (date_trunc('day', now() AT TIME ZONE ${clinic.tz}) + interval '9 hours') AT TIME ZONE ${clinic.tz},
           (date_trunc('day', now() AT TIME ZONE ${clinic.tz}) + interval '17 hours') AT TIME ZONE ${clinic.tz},
           interval '1 hour') s
    WHERE w.clinic_id = ${clinic.id}
      AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.doctor_id = w.doctor_id
                        AND a.status IN ('active', 'held') AND a.during && tstzrange(s, s + interval '30 minutes'))`);
  return { clinicId: clinic.id, tz: clinic.tz, doctorIds };
}

/** A session cookie of a clinic account, made in the database as sign-in would. */
async function clinicSession(db: Db, clinicId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [user] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO users (phone, role, clinic_id) VALUES (${`7999${String(clinicId).padStart(7, '0')}`}, 'clinic', ${clinicId})
      ON CONFLICT (phone) DO UPDATE SET role = 'clinic', clinic_id = ${clinicId} RETURNING id`),
  );
  await db.execute(sql`
    INSERT INTO clinic_members (clinic_id, user_id, role) VALUES (${clinicId}, ${user.id}, 'administrator')
    ON CONFLICT (user_id) WHERE removed_at IS NULL DO NOTHING`);
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
    VALUES (${createHash('sha256').update(token).digest('hex')}, ${user.id}, 'bench', now() + interval '1 day')`);
  return `sessionid=${token}`;
}

/** A key of the clinic's for the integration API, made in the database as the cabinet would. */
async function misKey(db: Db, clinicId: number): Promise<string> {
  const prefix = randomBytes(4).toString('hex');
  const secret = `mis_${prefix}_${randomBytes(32).toString('base64url')}`;
  await db.execute(sql`
    INSERT INTO mis_api_keys (clinic_id, prefix, key_hash, created_by, created_at)
    VALUES (${clinicId}, ${prefix}, ${createHash('sha256').update(secret).digest('hex')},
            (SELECT id FROM users WHERE clinic_id = ${clinicId} AND role = 'clinic' LIMIT 1), now())`);
  return secret;
}

const dayOf = (at: Date, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);

/** A week of slots from tomorrow, 09:00–18:00 every 20 minutes, `shift` minutes later (Moscow, UTC+3). */
function week(doctorIds: number[], tz: string, shift: number) {
  const from = dayOf(new Date(Date.now() + 86_400_000), tz);
  const days = Array.from({ length: 7 }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });
  const doctors = doctorIds.map((doctor_id) => ({
    doctor_id,
    slots: days.flatMap((day) =>
      Array.from({ length: 27 }, (_, k) => {
        const minutes = 9 * 60 + shift + k * 20;
        const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
        const mm = String(minutes % 60).padStart(2, '0');
        return {
          mis_id: `${doctor_id}-${day}-${hh}${mm}`,
          starts_at: `${day}T${hh}:${mm}:00+03:00`,
          duration_minutes: 20,
        };
      }).filter((s) => s.starts_at < `${day}T18:00`),
    ),
  }));
  return { from, to: days[6], doctors };
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (res.status !== 200) throw new Error(`answered ${res.status}`);
  return took;
}

export async function cabinetPhase(bench: Bench, db: Db): Promise<CabinetResult> {
  const origin = bench.server.origin;
  const { clinicId, tz, doctorIds } = await clinicWithDoctors(db);
  const cookie = await clinicSession(db, clinicId);
  const today = dayOf(new Date(), tz);
  const calendarUrl = `${origin}/cabinet/ajax/appointments/?date=${today}`;
  const first = await fetch(calendarUrl, { headers: { cookie } });
  const visitsToday = ((await first.json()) as { visits: unknown[] }).visits.length;
  const calendar: number[] = [];
  for (let i = 0; i < CALENDAR_RUNS; i++)
    calendar.push(await timed(() => fetch(calendarUrl, { headers: { cookie } })));

  const key = await misKey(db, clinicId);
  const put = (body: unknown) =>
    fetch(`${origin}/api/mis/v1/slots/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const grids = [week(doctorIds, tz, 0), week(doctorIds, tz, 10)];
  const slots = grids[0].doctors.reduce((n, d) => n + d.slots.length, 0);
  const push: number[] = [];
  const repeat: number[] = [];
  for (let i = 0; i < PUSH_RUNS; i++) {
    const body = grids[i % 2];
    push.push(await timed(() => put(body)));
    repeat.push(await timed(() => put(body)));
  }
  // The rules again for the other phases; the pushed slots stay, unused.
  await db.execute(sql`UPDATE workplaces SET mis_schedule = false WHERE clinic_id = ${clinicId}`);

  const result: CabinetResult = {
    doctors: doctorIds.length,
    visitsToday,
    calendar: { p50: median(calendar), p95: percentile(calendar, 95) },
    slots,
    push: { p50: median(push), p95: percentile(push, 95) },
    repeat: { p50: median(repeat), p95: percentile(repeat, 95) },
  };
  console.log(
    `cabinet ${`day calendar, ${result.doctors} doctors, ${visitsToday} visits`.padEnd(52)} p50 ${ms(result.calendar.p50)} ms  p95 ${ms(result.calendar.p95)} ms`,
  );
  console.log(
    `cabinet ${`MIS push, a week of ${slots} slots, all replaced`.padEnd(52)} p50 ${ms(result.push.p50)} ms  p95 ${ms(result.push.p95)} ms`,
  );
  console.log(
    `cabinet ${'MIS push repeated (no change)'.padEnd(52)} p50 ${ms(result.repeat.p50)} ms  p95 ${ms(result.repeat.p95)} ms`,
  );
  return result;
}

/** The PASS/FAIL lines of the cabinet figures. */
export function cabinetChecks(r: CabinetResult): { pass: boolean; line: string }[] {
  const calendar = r.calendar.p95 < CALENDAR_P95_TARGET_MS;
  const push = r.push.p95 < PUSH_P95_TARGET_MS;
  return [
    {
      pass: calendar,
      line: `${calendar ? 'PASS' : 'FAIL'}  clinic day calendar (${r.doctors} doctors) p95 < ${CALENDAR_P95_TARGET_MS} ms: ${r.calendar.p95.toFixed(1)} ms`,
    },
    {
      pass: push,
      line: `${push ? 'PASS' : 'FAIL'}  MIS push of a week for ${r.doctors} doctors (${r.slots} slots) p95 < ${PUSH_P95_TARGET_MS} ms: ${r.push.p95.toFixed(1)} ms`,
    },
  ];
}
