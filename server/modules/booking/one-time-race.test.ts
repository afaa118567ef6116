import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pgErrorCode } from '../../db/errors';
import { createClinic, createDoctor, createTown, createUser } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { createBookingRepo, type NewAppointment, TimeTaken } from './repo';

/**
 * Patients taking one time at the same instant, each from a connection of its own, as the
 * server's pool does under load. On PostgreSQL the inserts really run at once. A plain insert
 * there checks the exclusion constraint only after placing its row, so two at once each waited
 * for the other's transaction until the deadlock detector broke in a second later (40P01); in
 * one round of 60, the waits chained for 55 s. On PGlite (one connection) transactions take
 * turns, which checks the same answers.
 */
// 40 connections leave room below max_connections (100) for the test files running beside it.
const RIVALS = 40;
const ROUNDS = 20;
const MINUTE = 60_000;

let database: Database;
let base: Omit<NewAppointment, 'userId' | 'startsAt' | 'endsAt' | 'requestKey' | 'cancelToken'>;
let patients: { id: number }[];

/** The appointment `patient` books at `startsAt` (30 minutes), with a new press key. */
function visit(patient: { id: number }, startsAt: Date, key: string): NewAppointment {
  const endsAt = new Date(startsAt.getTime() + 30 * MINUTE);
  return { ...base, userId: patient.id, startsAt, endsAt, requestKey: key, cancelToken: key };
}

/** On PostgreSQL: waits until a transaction of this database waits for a lock. */
async function someoneWaits() {
  if (!process.env.DATABASE_URL) return;
  for (let tries = 0; tries < 100; tries++) {
    const rows = await database.db.execute(sql`
      SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows.rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the rival never waited');
}

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: RIVALS });
  const town = await createTown(database.db, {});
  const clinic = await createClinic(database.db, { townId: town.id });
  const doctor = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id] });
  base = {
    workplaceId: doctor.workplaces[0].id,
    clinicServiceId: null,
    doctorId: doctor.id,
    clinicId: clinic.id,
    visitType: 'clinic',
    patientName: 'Иванова Анна Петровна',
    patientPhone: '79990000000',
    patientBirthDate: '1990-04-01',
    source: null,
    price: 2000,
  };
  patients = await Promise.all(Array.from({ length: RIVALS }, () => createUser(database.db)));
});

afterAll(() => database.close());

describe('patients taking one time at once, each on a connection of its own', () => {
  it('a rival that meets an unfinished booking waits for it without placing its own row', async () => {
    const repo = createBookingRepo(database.db);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 4, minutes));
    const [first, second] = patients;
    let rival: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await repo.bookAtOnce(tx, visit(first, at(0), 'first-10:00'), new Date(0));
      // 10:15–10:45 overlaps the unfinished 10:00–10:30: the rival waits for this transaction.
      rival = database.db.transaction((rivalTx) =>
        repo.bookAtOnce(rivalTx, visit(second, at(15), 'rival'), new Date(0)),
      );
      rival.catch(() => {});
      await someoneWaits();
      // 10:30–11:00 is free of this transaction's own row, and overlaps only the rival's time. Had
      // the rival placed its row before waiting, this insert would wait for the rival in turn: a
      // deadlock, which PostgreSQL ends after a second by failing one of the two.
      await repo.bookAtOnce(tx, visit(first, at(30), 'first-10:30'), new Date(0));
    });
    await expect(rival).rejects.toBeInstanceOf(TimeTaken);
  });

  it('a move that meets an unfinished move of the same doctor waits its turn before placing its row', async () => {
    const repo = createBookingRepo(database.db);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 3, 4, minutes));
    const span = (minutes: number) => ({ startsAt: at(minutes), endsAt: at(minutes + 30) });
    const [a, b, c] = await Promise.all(
      [0, 30, 60].map((m, i) =>
        database.db.transaction((tx) =>
          repo.bookAtOnce(tx, visit(patients[i], at(m), `move-${m}`), new Date(0)),
        ),
      ),
    );
    let rival: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await repo.move(tx, a, span(120), new Date(0));
      // 12:15–12:45 overlaps the unfinished 12:00–12:30: the rival's move cannot land.
      rival = database.db.transaction((rivalTx) => repo.move(rivalTx, b, span(135), new Date(0)));
      rival.catch(() => {});
      await someoneWaits();
      // 12:30–13:00 overlaps only the rival's new time. Had the rival placed its row before
      // waiting, this move would wait for the rival in turn: a deadlock (40P01) a second later.
      await repo.move(tx, c, span(150), new Date(0));
    });
    const refused = await rival.then(
      () => null,
      (err: unknown) => pgErrorCode(err),
    );
    expect(refused).toBe('23P01');
  });

  it(`${RIVALS} at once: one booking or hold wins each round, every other is refused as taken`, async () => {
    const repo = createBookingRepo(database.db);
    for (let round = 0; round < ROUNDS; round++) {
      const startsAt = new Date(Date.UTC(2026, 11, 1 + round, 5));
      const endsAt = new Date(startsAt.getTime() + 30 * MINUTE);
      // Even rounds book at once (the usual booking), odd ones place holds (the form's).
      const hold = round % 2 === 1;
      const outcomes = await Promise.all(
        patients.map(async (p, i) => {
          const row: NewAppointment = {
            ...base,
            userId: p.id,
            startsAt,
            endsAt,
            requestKey: hold ? null : `race-${round}-${i}`,
            cancelToken: hold ? null : `token-${round}-${i}`,
            ...(hold ? { holdExpiresAt: new Date(startsAt.getTime() - 3_600_000) } : {}),
          };
          try {
            await database.db.transaction(async (tx) => {
              await (hold ? repo.insert(row, tx) : repo.bookAtOnce(tx, row, new Date(0)));
              // A booking's next statements (its jobs) keep its transaction open a moment.
              await tx.execute(sql`SELECT pg_sleep(0.002)`);
            });
            return 'took it';
          } catch (err) {
            if (err instanceof TimeTaken) return 'taken';
            return `error ${pgErrorCode(err) ?? String(err)}`;
          }
        }),
      );
      const counts: Record<string, number> = {};
      for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
      expect({ round, counts }).toEqual({ round, counts: { 'took it': 1, taken: RIVALS - 1 } });
    }
  });
});
