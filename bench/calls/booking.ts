/**
 * Booking benchmarks against the running production server on PostgreSQL:
 * - one slot, 200 bookings at once: exactly one 201, every other answer a 409, no 5xx;
 * - bookings/s on distinct free slots (from slots_bulk of a few list pages), `workers` at once.
 * Every appointment made is cancelled afterwards through the cancel call, so reruns find the
 * same free slots.
 */
import { median, percentile } from '../stats';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface RaceResult {
  attempts: number;
  winners: number;
  conflicts: number;
  other: Record<string, number>;
  seconds: number;
}

export interface ThroughputResult {
  workers: number;
  seconds: number;
  booked: number;
  bookingsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  other: Record<string, number>;
}

export interface FreeSlot {
  doctor_id: number;
  lpu_id: number;
  slot: string;
}

const PATIENT = {
  last_name: 'Нагрузочный',
  first_name: 'Тест',
  patronymic: 'Стендович',
  birth_date: '1985-05-05',
  source: 'bench',
};

let keySeq = 0;
const requestKey = () => `bench-${process.pid}-${Date.now()}-${keySeq++}`;

/** A JSON call as the signed-in patient (the CSRF header and cookies). */
export function post(origin: string, session: Session, path: string, body: unknown) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': session.csrf,
      cookie: `csrftoken=${session.csrf}; ${session.cookie}`,
    },
    body: JSON.stringify(body),
  });
}

/** Free slots of these doctors for 14 days, flattened: 'dd.MM.yyyy HH:mm' per doctor and clinic. */
export async function freeSlotsOf(
  origin: string,
  session: Session,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
  today: string,
): Promise<FreeSlot[]> {
  const out: FreeSlot[] = [];
  for (let i = 0; i < doctorsLpus.length; i += 20) {
    const res = await post(origin, session, '/ajax/schedule/slots_bulk/', {
      days: 14,
      dt_start: today,
      town_timedelta: 3,
      doctors_lpus: doctorsLpus.slice(i, i + 20),
    });
    const answer = (await res.json()) as {
      doctor_id: number;
      lpu_id: number;
      slots: Record<string, { time: string; duration: number }[]>;
    }[];
    for (const d of answer)
      for (const [day, slots] of Object.entries(d.slots)) {
        const [y, m, dd] = day.split('-');
        // Distinct means not overlapping: where a clinic's rules overlap, two 'free' slots of one
        // doctor share minutes, and the database rightly lets only one of them be booked.
        let freeFrom = -1;
        for (const s of slots) {
          const [h, mi] = s.time.split(':').map(Number);
          const start = h * 60 + mi;
          if (start < freeFrom) continue;
          freeFrom = start + s.duration;
          out.push({ doctor_id: d.doctor_id, lpu_id: d.lpu_id, slot: `${dd}.${m}.${y} ${s.time}` });
        }
      }
  }
  return out;
}

export async function book(origin: string, session: Session, slot: FreeSlot) {
  const res = await post(origin, session, '/ajax/appointment/create/', {
    ...PATIENT,
    ...slot,
    request_key: requestKey(),
  });
  const body = (await res.json().catch(() => ({}))) as { appointment?: { id: number; url: string } };
  return { status: res.status, appointment: body.appointment ?? null };
}

/**
 * The first day the benchmark books: tomorrow in Moscow (the bench town). It cancels what it
 * books, and a visit today may fall inside its clinic's cancel cut-off (two hours in the seed),
 * where the cancel call rightly answers 409.
 */
export function firstBookingDay(now = Date.now()): string {
  return new Date(now + 3 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10);
}

/** Cancels what the benchmark booked (by the link's token, as the patient's SMS would). */
export async function cancelAll(origin: string, session: Session, booked: { id: number; url: string }[]) {
  for (let i = 0; i < booked.length; i += 20) {
    const statuses = await Promise.all(
      booked.slice(i, i + 20).map(async (a) => {
        const res = await post(origin, session, `/ajax/appointment/${a.id}/cancel/`, {
          token: new URL(a.url, origin).searchParams.get('token'),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    // A visit left booked would take its time from the next run.
    const refused = statuses.find((status) => status !== 200);
    if (refused !== undefined) throw new Error(`cancelling a booked visit answered ${refused}`);
  }
}

/** Bookings of ONE slot fired at once, one by each of `people`. */
export async function raceForOneSlot(
  origin: string,
  people: readonly Session[],
  slot: FreeSlot,
): Promise<RaceResult & { made: { id: number; url: string }[] }> {
  const attempts = people.length;
  const started = performance.now();
  const replies = await Promise.all(people.map((person) => book(origin, person, slot)));
  const seconds = (performance.now() - started) / 1000;
  const other: Record<string, number> = {};
  let winners = 0;
  let conflicts = 0;
  const made: { id: number; url: string }[] = [];
  for (const r of replies) {
    if (r.status === 201 && r.appointment) {
      winners++;
      made.push(r.appointment);
    } else if (r.status === 409) conflicts++;
    else other[r.status] = (other[r.status] ?? 0) + 1;
  }
  return { attempts, winners, conflicts, other, seconds, made };
}

/**
 * `workers` at once book distinct free slots from the pool for `seconds`, the pool's i-th slot by
 * `people[i]` (a patient of its own per booking: see bench/calls/patients.ts).
 */
export async function bookDistinctSlots(
  origin: string,
  people: readonly Session[],
  pool: FreeSlot[],
  workers: number,
  seconds: number,
): Promise<ThroughputResult & { made: { id: number; url: string }[] }> {
  if (people.length < pool.length) throw new Error(`${pool.length} slots but only ${people.length} patients`);
  const durations: number[] = [];
  const other: Record<string, number> = {};
  const made: { id: number; url: string }[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  async function worker() {
    while (performance.now() < deadline && next < pool.length) {
      const i = next++;
      const t0 = performance.now();
      const r = await book(origin, people[i], pool[i]);
      durations.push(performance.now() - t0);
      if (r.status === 201 && r.appointment) made.push(r.appointment);
      else other[r.status] = (other[r.status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (next >= pool.length) other['pool exhausted'] = 1;
  return {
    workers,
    seconds: elapsed,
    booked: made.length,
    bookingsPerSecond: made.length / elapsed,
    p50: median(durations),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    other,
    made,
  };
}
