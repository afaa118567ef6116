/**
 * Booking messages: the confirmation and the reminders 24 h and 2 h before a visit are queued as
 * jobs and sent once each, whatever runs twice, late or at once, and whatever the visit became
 * meanwhile. The clinic's switches, the patient's confirmation and the worker: messages-settings.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sentMessages } from '../../db/schema/jobs';
import type { Job } from '../../jobs/queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { signedInAs } from '../../testing/session';
import { BOOKING_JOBS, createBookingMessageHandlers, queueDueReminders } from './messages';
import { messagesFixture } from './messages-fixture';

const t = messagesFixture();
const { START, clock, form, bookAs, smsTo, jobsOf, allBookingJobs } = t;

describe('booking messages', () => {
  it('queues the confirmation and sends it when the due jobs run, then reminds 24 h and 2 h before the visit with the visit’s link', async () => {
    // Tuesday 09:30 in Novosibirsk = 02:30 UTC; the reminders are due on Monday at 02:30 UTC and Tuesday at 00:30.
    const { phone, appointment } = await bookAs('24.11.2026 09:30');
    expect(await jobsOf(appointment.id)).toEqual([
      { kind: BOOKING_JOBS.confirmation, runAt: START.toISOString(), done: false, error: null },
    ]);
    expect(await smsTo(phone)).toEqual([]);

    await t.app.jobs.runDue();
    const [confirmation] = await smsTo(phone);
    expect(confirmation).toMatch(/^Вы записаны к врачу .+ 24\.11 в 09:30, /);

    // The minute's sweep finds no reminder due a second early.
    t.now = new Date('2026-11-23T02:29:59Z');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await jobsOf(appointment.id)).toHaveLength(1);

    t.now = new Date('2026-11-23T02:30:00Z');
    await t.app.jobs.runDue();
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(2);
    const link = `http://localhost:3000${appointment.url}`;
    expect(texts[1]).toMatch(
      /^Напоминаем: завтра в 09:30 приём у врача .+ [А-ЯЁ]\. [А-ЯЁ]\., .+\. Подтвердить или отменить: /,
    );
    expect(texts[1].endsWith(`Подтвердить или отменить: ${link}`)).toBe(true);

    // Each message goes once: the sweeps after it queue the reminder no more.
    t.now = new Date('2026-11-23T02:31:00Z');
    await t.app.jobs.runDue();
    t.now = new Date('2026-11-24T00:00:00Z');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(2);
    t.now = new Date('2026-11-24T00:30:00Z');
    await t.app.jobs.runDue();
    const all = await smsTo(phone);
    expect(all).toHaveLength(3);
    expect(all[2]).toMatch(/^Напоминаем: сегодня в 09:30 приём у врача .+\. Подтвердить или отменить: /);
    t.now = new Date('2026-11-24T02:00:00Z');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(3);
    expect(await jobsOf(appointment.id)).toEqual([
      { kind: BOOKING_JOBS.confirmation, runAt: START.toISOString(), done: true, error: null },
      { kind: BOOKING_JOBS.reminder, runAt: '2026-11-23T02:30:00.000Z', done: true, error: null },
      { kind: BOOKING_JOBS.reminderSoon, runAt: '2026-11-24T00:30:00.000Z', done: true, error: null },
    ]);
  });

  it('sweeps run twice or at once (two processes) queue each reminder once; one run late queues what it missed', async () => {
    const { phone, appointment } = await bookAs('25.11.2026 09:00');
    await t.app.jobs.runDue();
    // Wednesday 09:00 in Novosibirsk = 02:00 UTC: five hours before it, the day-before reminder
    // (due Tuesday 02:00 UTC) has been missed by a sweep that did not run; the 2-hour one is not due.
    t.now = new Date('2026-11-24T21:00:00Z');
    const counts = await Promise.all(
      [1, 2, 3].map(() => queueDueReminders(t.database.db, t.app.jobs, t.now)),
    );
    expect(counts.sort()).toEqual([0, 0, 1]);
    expect(await queueDueReminders(t.database.db, t.app.jobs, t.now)).toBe(0);
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([
      BOOKING_JOBS.confirmation,
      BOOKING_JOBS.reminder,
    ]);
    await t.app.jobs.runDue();
    // 04:00 there: the visit is today.
    expect((await smsTo(phone)).slice(1)).toEqual([expect.stringMatching(/^Напоминаем: сегодня в 09:00 /)]);
  });

  it('a moved visit is reminded of its new time only, and a move after a reminder’s time skips that one', async () => {
    const { patient, phone, appointment } = await bookAs('24.11.2026 10:00');
    await t.app.jobs.runDue();
    const moveTo = (slot: string) =>
      patient.inject({ url: `/ajax/appointment/${appointment.id}/reschedule/`, payload: { slot } });
    // On Monday 01:00 UTC (08:00 there), before the day-before reminder of 10:00 (03:00 UTC): to 11:00.
    t.now = new Date('2026-11-23T01:00:00Z');
    expect((await moveTo('24.11.2026 11:00')).statusCode).toBe(200);
    t.now = new Date('2026-11-23T03:00:00Z');
    await t.app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([]);
    t.now = new Date('2026-11-23T04:00:00Z');
    await t.app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([
      expect.stringMatching(/^Напоминаем: завтра в 11:00 /),
    ]);
    // Moved on Monday 05:00 UTC to Tuesday 09:00: its day-before time (Monday 02:00 UTC) has passed,
    // so the next reminder is the 2-hour one, on Tuesday 00:00 UTC.
    t.now = new Date('2026-11-23T05:00:00Z');
    expect((await moveTo('24.11.2026 09:00')).statusCode).toBe(200);
    t.now = new Date('2026-11-23T23:59:00Z');
    await t.app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toHaveLength(1);
    t.now = new Date('2026-11-24T00:00:00Z');
    await t.app.jobs.runDue();
    expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([
      expect.stringMatching(/^Напоминаем: завтра в 11:00 /),
      expect.stringMatching(/^Напоминаем: сегодня в 09:00 /),
    ]);
  });

  it('a confirmation run again (a worker killed after the send) does not text twice', async () => {
    const { phone, appointment } = await bookAs('24.11.2026 10:30');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    // The same message's job once more, as pg-boss delivers an attempt whose worker died.
    await t.app.jobs.boss.send(BOOKING_JOBS.confirmation, { appointmentId: appointment.id });
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(await smsTo(phone)).toHaveLength(1);
    const [sent] = await t.database.db
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
      db: t.database.db,
      clock,
      jobs: t.app.jobs,
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
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);

    const cancel = await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(cancel.statusCode).toBe(200);

    t.now = new Date('2026-11-23T03:00:00Z');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    // A cancelled visit's reminders are not even queued.
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([BOOKING_JOBS.confirmation]);
  });

  it('a visit less than 24 h ahead gets the confirmation and the 2 h reminder only', async () => {
    // Monday 09:00 in Novosibirsk: 21 hours after booking.
    const { phone, appointment } = await bookAs('23.11.2026 09:00');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([expect.stringMatching(/^Вы записаны к врачу .+ 23\.11 в 09:00, /)]);
    // Its day-before time (Sunday 02:00 UTC) was before the booking: the sweeps skip it.
    t.now = new Date('2026-11-23T00:00:00Z');
    await t.app.jobs.runDue();
    expect((await jobsOf(appointment.id)).map((j) => j.kind)).toEqual([
      BOOKING_JOBS.confirmation,
      BOOKING_JOBS.reminderSoon,
    ]);
    expect((await smsTo(phone)).slice(1)).toEqual([expect.stringMatching(/^Напоминаем: сегодня в 09:00 /)]);
  });

  it('patients racing for one slot: only the winner’s messages are queued', async () => {
    const before = await allBookingJobs();
    const patients = await Promise.all(Array.from({ length: 8 }, () => signedInAs(t.app, t.database.db)));
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
    const patient = await signedInAs(t.app, t.database.db);
    const payload = form('24.11.2026 11:30');
    const first = await patient.inject({ url: '/ajax/appointment/create/', payload });
    const again = await patient.inject({ url: '/ajax/appointment/create/', payload });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(await jobsOf(first.json().appointment.id)).toHaveLength(1);
  });
});
