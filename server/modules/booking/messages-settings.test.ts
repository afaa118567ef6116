/**
 * Booking messages: a clinic switches its reminders off (and only the clinic may), the patient
 * confirms a visit from the message's link, and the worker started as server/main.ts starts it
 * sends by itself. The queueing and sending of each message: messages.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { signedInAs } from '../../testing/session';
import { messagesFixture } from './messages-fixture';

const t = messagesFixture();
const { START, clock, ids, form, bookAs, smsTo } = t;

describe('booking messages: the clinic’s settings, the patient’s confirmation, the worker', () => {
  it('a clinic that switched a reminder off sends none of it, the queued ones included', async () => {
    const { phone } = await bookAs('25.11.2026 11:00');
    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: ids.clinic });
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
      t.now = new Date('2026-11-24T04:00:00Z');
      await t.app.jobs.runDue();
      expect((await smsTo(phone)).filter((t) => t.startsWith('Напоминаем'))).toEqual([]);
      t.now = new Date('2026-11-25T02:00:00Z');
      await t.app.jobs.runDue();
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
    const patient = await signedInAs(t.app, t.database.db);
    expect((await patient.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await patient.inject({ url, payload: off })).statusCode).toBe(403);
    const doctor = await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: ids.doctor });
    const refused = await doctor.inject({ url, payload: off });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Настройки записи меняет клиника');
    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: ids.clinic });
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
    const stranger = await signedInAs(t.app, t.database.db);
    expect((await confirm({}, stranger)).statusCode).toBe(404);
    expect((await confirm({ token: 'wrong-token-wrong' }, stranger)).statusCode).toBe(404);
    const byLink = await confirm({ token }, stranger);
    expect(byLink.json()).toEqual({ status: 'confirmed', confirmed_at: START.toISOString() });
    t.now = new Date(START.getTime() + 60_000);
    // Again: the first time is kept.
    expect((await confirm({})).json().confirmed_at).toBe(START.toISOString());
    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: ids.clinic });
    const day = (
      await clinic.inject({ method: 'GET', url: '/cabinet/ajax/appointments/?date=2026-11-25' })
    ).json();
    expect(day.visits.find((v: { id: number }) => v.id === appointment.id)).toMatchObject({
      confirmed: true,
    });
    t.now = new Date('2026-11-25T03:30:00Z');
    expect((await confirm({})).json()).toMatchObject({ code: 'visit_over' });
    t.now = START;
    const other = await bookAs('25.11.2026 11:30');
    await other.patient.inject({ url: `/ajax/appointment/${other.appointment.id}/cancel/`, payload: {} });
    const canceled = await other.patient.inject({
      url: `/ajax/appointment/${other.appointment.id}/confirm/`,
      payload: {},
    });
    expect(canceled.json()).toMatchObject({ code: 'already_canceled' });
  });

  it('with the worker started (as server/main.ts does), the confirmation goes out by itself and close() stops it', async () => {
    const running = await buildApp({ db: t.database.db, clock, jobs: { autoStart: true, pollSeconds: 0.5 } });
    try {
      const patient = await signedInAs(running, t.database.db, { phone: '79015559999' });
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
