import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { sentMessages } from '../../db/schema/jobs';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import type { Job } from '../../jobs/queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { openTestDatabase } from '../../testing/database';
import { signedInAs } from '../../testing/session';
import { BOOKING_JOBS, createBookingMessageHandlers, queueDueReminders } from './messages';

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

describe('booking messages', () => {
  it('queues the confirmation and sends it when the due jobs run, then reminds 24 h and 2 h before the visit with the visit’s link', async () => {
    // Tuesday 09:30 in Novosibirsk = 02:30 UTC; the reminders are due on Monday at 02:30 UTC and Tuesday at 00:30.
    const { phone, appointment } = await bookAs('24.11.2026 09:30');
    expect(await jobsOf(appointment.id)).toEqual([
      { kind: BOOKING_JOBS.confirmation, runAt: START.toISOString(), done: false, error: null },
    ]);
    expect(await smsTo(phone)).toEqual([]);

    await app.jobs.runDue();
    const [confirmation] = await smsTo(phone);
    expect(confirmation).toMatch(/^Вы записаны к врачу .+ 24\.11 в 09:30, /);

    // The minute's sweep finds no reminder due a second early.
    now = new Date('2026-11-23T02:29:59Z');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await jobsOf(appointment.id)).toHaveLength(1);

    now = new Date('2026-11-23T02:30:00Z');
    await app.jobs.runDue();
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(2);
    const link = `http://localhost:3000${appointment.url}`;
    expect(texts[1]).toMatch(
      /^Напоминаем: завтра в 09:30 приём у врача .+ [А-ЯЁ]\. [А-ЯЁ]\., .+\. Подтвердить или отменить: /,
    );
    expect(texts[1].endsWith(`Подтвердить или отменить: ${link}`)).toBe(true);

    // Each message goes once: the sweeps after it queue the reminder no more.
    now = new Date('2026-11-23T02:31:00Z');
    await app.jobs.runDue();
    now = new Date('2026-11-24T00:00:00Z');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(2);
    now = new Date('2026-11-24T00:30:00Z');
    await app.jobs.runDue();
    const all = await smsTo(phone);
    expect(all).toHaveLength(3);
    expect(all[2]).toMatch(/^Напоминаем: сегодня в 09:30 приём у врача .+\. Подтвердить или отменить: /);
    now = new Date('2026-11-24T02:00:00Z');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(3);
    expect(await jobsOf(appointment.id)).toEqual([
      { kind: BOOKING_JOBS.confirmation, runAt: START.toISOString(), done: true, error: null },
      { kind: BOOKING_JOBS.reminder, runAt: '2026-11-23T02:30:00.000Z', done: true, error: null },
      { kind: BOOKING_JOBS.reminderSoon, runAt: '2026-11-24T00:30:00.000Z', done: true, error: null },
    ]);
  });

  it('sweeps run twice or at once (two processes) queue each reminder once; one run late queues what it missed', async () => {
    const { phone, appointment } = await bookAs('25.11.2026 09:00');
    await app.jobs.runDue();
    // Wednesday 09:00 in Novosibirsk = 02:00 UTC: five hours before it, the day-before reminder
    // (due Tuesday 02:00 UTC) has been missed by a sweep that did not run; the 2-hour one is not due.
    now = new Date('2026-11-24T21:00:00Z');
    const counts = await Promise.all([1, 2, 3].map(() => queueDueReminders(database.db, app.jobs, now)));
    expect(counts.sort()).toEqual([0, 0, 1]);
    expect(await queueDueReminders(database.db, app.jobs, now)).toBe(0);
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([
      BOOKING_JOBS.confirmation,
      BOOKING_JOBS.reminder,
    ]);
    await app.jobs.runDue();
    // 04:00 there: the visit is today.
    expect((await smsTo(phone)).slice(1)).toEqual([expect.stringMatching(/^Напоминаем: сегодня в 09:00 /)]);
  });

  it('a moved visit is reminded of its new time only, and a move after a reminder’s time skips that one', async () => {
    const { patient, phone, appointment } = await bookAs('24.11.2026 10:00');
    await app.jobs.runDue();
    const moveTo = (slot: string) =>
      patient.inject({ url: `/ajax/appointment/${appointment.id}/reschedule/`, payload: { slot } });
    // On Monday 01:00 UTC (08:00 there), before the day-before reminder of 10:00 (03:00 UTC): to 11:00.
    now = new Date('2026-11-23T01:00:00Z');
    expect((await moveTo('24.11.2026 11:00')).statusCode).toBe(200);
    now = new Date('2026-11-23T03:00:00Z');
    await app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([]);
    now = new Date('2026-11-23T04:00:00Z');
    await app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([
      expect.stringMatching(/^Напоминаем: завтра в 11:00 /),
    ]);
    // Moved on Monday 05:00 UTC to Tuesday 09:00: its day-before time (Monday 02:00 UTC) has passed,
    // so the next reminder is the 2-hour one, on Tuesday 00:00 UTC.
    now = new Date('2026-11-23T05:00:00Z');
    expect((await moveTo('24.11.2026 09:00')).statusCode).toBe(200);
    now = new Date('2026-11-23T23:59:00Z');
    await app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toHaveLength(1);
    now = new Date('2026-11-24T00:00:00Z');
    await app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([
      expect.stringMatching(/^Напоминаем: завтра в 11:00 /),
      expect.stringMatching(/^Напоминаем: сегодня в 09:00 /),
    ]);
  });

  it('a confirmation run again (a worker killed after the send) does not text twice', async () => {
    const { phone, appointment } = await bookAs('24.11.2026 10:30');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    // The same message's job once more, as pg-boss delivers an attempt whose worker died.
    await app.jobs.boss.send(BOOKING_JOBS.confirmation, { appointmentId: appointment.id });
    expect(await app.jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(await smsTo(phone)).toHaveLength(1);
    const [sent] = await database.db
      .select()
      .from(sentMessages)
      .where(eq(sentMessages.key, `${BOOKING_JOBS.confirmation}:${appointment.id}`));
    expect(sent.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the confirmation’s job tells the clinic even when the patient’s SMS fails, and its retry sends each once', async () => {
    const { phone, appointment } = await bookAs('25.11.2026 10:00');
    const told: string[] = [];
    const tellClinic = async (job: Job) => {
      told.push(job.id);
    };
    let down = true;
    const sent: string[] = [];
    const sms: SmsProvider = {
      name: 'failing',
      async send(to) {
        if (down) throw new Error('SMS gateway said no');
        sent.push(to);
        return { id: String(sent.length) };
      },
    };
    const handlers = createBookingMessageHandlers({
      db: database.db,
      clock,
      jobs: app.jobs,
      tellClinic,
      sms,
      publicOrigin: 'http://localhost:3000',
    });
    const job = {
      id: 'attempt',
      kind: BOOKING_JOBS.confirmation,
      payload: { appointmentId: appointment.id },
      attempt: 1,
    };
    await expect(handlers[BOOKING_JOBS.confirmation](job)).rejects.toThrow('SMS gateway said no');
    expect(told).toEqual(['attempt']);
    down = false;
    await handlers[BOOKING_JOBS.confirmation]({ ...job, attempt: 2 });
    await handlers[BOOKING_JOBS.confirmation]({ ...job, attempt: 3 });
    expect(sent).toEqual([phone]);
  });

  it('sends no reminder for an appointment cancelled meanwhile', async () => {
    const { patient, phone, appointment } = await bookAs('24.11.2026 10:00');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);

    const cancel = await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(cancel.statusCode).toBe(200);

    now = new Date('2026-11-23T03:00:00Z');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    // A cancelled visit's reminders are not even queued.
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([BOOKING_JOBS.confirmation]);
  });

  it('a visit less than 24 h ahead gets the confirmation and the 2 h reminder only', async () => {
    // Monday 09:00 in Novosibirsk: 21 hours after booking.
    const { phone, appointment } = await bookAs('23.11.2026 09:00');
    await app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([expect.stringMatching(/^Вы записаны к врачу .+ 23\.11 в 09:00, /)]);
    // Its day-before time (Sunday 02:00 UTC) was before the booking: the sweeps skip it.
    now = new Date('2026-11-23T00:00:00Z');
    await app.jobs.runDue();
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([
      BOOKING_JOBS.confirmation,
      BOOKING_JOBS.reminderSoon,
    ]);
    expect((await smsTo(phone)).slice(1)).toEqual([expect.stringMatching(/^Напоминаем: сегодня в 09:00 /)]);
  });

  it('patients racing for one slot: only the winner’s messages are queued', async () => {
    const before = await allBookingJobs();
    const patients = await Promise.all(Array.from({ length: 8 }, () => signedInAs(app, database.db)));
    const replies = await Promise.all(
      patients.map((p) => p.inject({ url: '/ajax/appointment/create/', payload: form('24.11.2026 11:00') })),
    );
    const won = replies.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await allBookingJobs()).toBe(before + 1);
    expect(await jobsOf(won[0].json().appointment.id)).toHaveLength(1);
  });

  it('a retried press of "Записаться" queues no second confirmation', async () => {
    const patient = await signedInAs(app, database.db);
    const payload = form('24.11.2026 11:30');
    const first = await patient.inject({ url: '/ajax/appointment/create/', payload });
    const again = await patient.inject({ url: '/ajax/appointment/create/', payload });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(await jobsOf(first.json().appointment.id)).toHaveLength(1);
  });

  it('a clinic that switched a reminder off sends none of it, the queued ones included', async () => {
    const { phone } = await bookAs('25.11.2026 11:00');
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ids.clinic });
    const url = '/cabinet/ajax/settings/';
    const rules = { min_notice_minutes: 0, buffer_minutes: 0 };
    expect((await clinic.inject({ method: 'GET', url })).json()).toEqual({
      day_before: true,
      hours_before: true,
      ...rules,
      booking_horizon_days: 14,
    });
    const set = await clinic.inject({ url, payload: { day_before: false, hours_before: true, ...rules } });
    expect(set.json()).toEqual({ day_before: false, hours_before: true, ...rules, booking_horizon_days: 14 });
    try {
      now = new Date('2026-11-24T04:00:00Z');
      await app.jobs.runDue();
      expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([]);
      now = new Date('2026-11-25T02:00:00Z');
      await app.jobs.runDue();
      expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([
        expect.stringMatching(/^Напоминаем: сегодня в 11:00 /),
      ]);
    } finally {
      await clinic.inject({ url, payload: { day_before: true, hours_before: true, ...rules } });
    }
  });

  it('reminder and booking settings are the clinic’s own: a patient, a doctor and garbage are refused', async () => {
    const url = '/cabinet/ajax/settings/';
    const off = { day_before: false, hours_before: false, min_notice_minutes: 0, buffer_minutes: 0 };
    const patient = await signedInAs(app, database.db);
    expect((await patient.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await patient.inject({ url, payload: off })).statusCode).toBe(403);
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId: ids.doctor });
    const refused = await doctor.inject({ url, payload: off });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Настройки записи меняет клиника');
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ids.clinic });
    const garbage = await clinic.inject({ url, payload: { day_before: 'yes' } });
    expect(garbage.statusCode).toBe(400);
    expect(typeof garbage.json().detail).toBe('string');
    // The garbage changed nothing.
    expect((await clinic.inject({ method: 'GET', url })).json()).toEqual({
      ...off,
      day_before: true,
      hours_before: true,
      booking_horizon_days: 14,
    });
  });

  it('the patient confirms from the link; the clinic sees it; a stranger, a cancelled or a past visit cannot', async () => {
    const { patient, appointment } = await bookAs('25.11.2026 10:30');
    const token = new URL(appointment.url, 'http://x').searchParams.get('token');
    const confirm = (payload: Record<string, unknown>, as = patient) =>
      as.inject({ url: `/ajax/appointment/${appointment.id}/confirm/`, payload });
    const stranger = await signedInAs(app, database.db);
    expect((await confirm({}, stranger)).statusCode).toBe(404);
    expect((await confirm({ token: 'wrong-token-wrong' }, stranger)).statusCode).toBe(404);
    const byLink = await confirm({ token }, stranger);
    expect(byLink.json()).toEqual({ status: 'confirmed', confirmed_at: START.toISOString() });
    now = new Date(START.getTime() + 60_000);
    // Again: the first time is kept.
    expect((await confirm({})).json().confirmed_at).toBe(START.toISOString());
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ids.clinic });
    const day = (
      await clinic.inject({ method: 'GET', url: '/cabinet/ajax/appointments/?date=2026-11-25' })
    ).json();
    expect(day.visits.find((v: { id: number }) => v.id === appointment.id)).toMatchObject({
      confirmed: true,
    });
    now = new Date('2026-11-25T03:30:00Z');
    expect((await confirm({})).json()).toMatchObject({ code: 'visit_over' });
    now = START;
    const other = await bookAs('25.11.2026 11:30');
    await other.patient.inject({ url: `/ajax/appointment/${other.appointment.id}/cancel/`, payload: {} });
    const canceled = await other.patient.inject({
      url: `/ajax/appointment/${other.appointment.id}/confirm/`,
      payload: {},
    });
    expect(canceled.json()).toMatchObject({ code: 'already_canceled' });
  });

  it('with the worker started (as server/main.ts does), the confirmation goes out by itself and close() stops it', async () => {
    const running = await buildApp({ db: database.db, clock, jobs: { autoStart: true, pollSeconds: 0.5 } });
    try {
      const patient = await signedInAs(running, database.db, { phone: '79015559999' });
      const res = await patient.inject({
        url: '/ajax/appointment/create/',
        payload: form('23.11.2026 11:30'),
      });
      expect(res.statusCode).toBe(201);
      await vi.waitFor(async () => {
        const outbox = (await running.inject({ url: '/dev/outbox.json' })).json();
        expect(outbox.messages.map((m: { phone: string }) => m.phone)).toContain('79015559999');
      }, 15_000);
    } finally {
      await running.close();
    }
  });
});
