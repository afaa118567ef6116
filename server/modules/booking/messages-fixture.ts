/**
 * The world of the booking messages tests (messages.test.ts, messages-settings.test.ts): a doctor in
 * Novosibirsk (UTC+7) working Mondays to Wednesdays 09:00–12:00, the clock on Sunday 22 November
 * 2026 at 12:00 (tests move it, each test starts there again), and what the patients' phones got.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { signedInAs } from '../../testing/session';
import { BOOKING_JOBS } from './messages';

export function messagesFixture() {
  let database: Database;
  let app: FastifyInstance;
  // Sunday 22 November 2026, 12:00 in Novosibirsk (UTC+7). Tests move it to the reminders' time.
  const START = new Date('2026-11-22T05:00:00Z');
  let now = START;
  const clock: Clock = { now: () => new Date(now) };
  const ids = { doctor: 0, clinic: 0 };
  let keySeq = 0;
  let phoneSeq = 0;

  const form = (slot: string) => ({
    doctor_id: ids.doctor,
    lpu_id: ids.clinic,
    slot,
    last_name: 'Петров',
    first_name: 'Олег',
    patronymic: 'Игоревич',
    birth_date: '1985-02-11',
    request_key: `messages-${keySeq++}`,
  });

  /** A new patient books the slot; their phone is the one the messages go to. */
  async function bookAs(slot: string) {
    const phone = `7901555${String(1000 + phoneSeq++)}`;
    const patient = await signedInAs(app, database.db, { phone });
    const res = await patient.inject({ url: '/ajax/appointment/create/', payload: form(slot) });
    expect(res.statusCode).toBe(201);
    return { patient, phone, appointment: res.json().appointment as { id: number; url: string } };
  }

  /** The texts a phone got, oldest first (the outbox lists the newest first). */
  async function smsTo(phone: string): Promise<string[]> {
    const res = await app.inject({ url: '/dev/outbox.json' });
    return res
      .json()
      .messages.filter((m: { phone: string }) => m.phone === phone)
      .map((m: { text: string }) => m.text)
      .reverse();
  }

  /** The appointment's jobs, as pg-boss keeps them. */
  async function jobsOf(appointmentId: number) {
    const found = [];
    for (const kind of Object.values(BOOKING_JOBS)) {
      for (const job of await app.jobs.boss.findJobs(kind, { data: { appointmentId } })) {
        found.push({
          kind,
          runAt: job.startAfter.toISOString(),
          done: job.state === 'completed',
          error: job.state === 'completed' ? null : (job.output ?? null),
        });
      }
    }
    return found.sort((a, b) => a.runAt.localeCompare(b.runAt));
  }

  /** How many booking jobs are queued in all. */
  async function allBookingJobs() {
    let count = 0;
    for (const kind of Object.values(BOOKING_JOBS)) count += (await app.jobs.boss.findJobs(kind)).length;
    return count;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const town = await createTown(db, { tz: 'Asia/Novosibirsk' });
    const clinic = await createClinic(db, { townId: town.id });
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    Object.assign(ids, { doctor: doctor.id, clinic: clinic.id });
    // Mondays to Wednesdays 09:00–12:00, 30-minute slots.
    for (const weekday of [1, 2, 3]) {
      await db.insert(scheduleRules).values({
        workplaceId: doctor.workplaces[0].id,
        weekday,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
      });
    }
    app = await buildApp({ db, clock });
  });

  afterEach(() => {
    now = START;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get now() {
      return now;
    },
    set now(value) {
      now = value;
    },
    START,
    clock,
    ids,
    form,
    bookAs,
    smsTo,
    jobsOf,
    allBookingJobs,
  };
}
