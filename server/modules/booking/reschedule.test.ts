import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_FAILURES } from '../../../core/booking/form';
import { appointments } from '../../db/schema/booking';
import { injectWithCsrf } from '../../testing/csrf';
import type { TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from './booking-fixture';

const world = bookingFixture();

const move = (s: TestSession, id: number, payload: Record<string, unknown>) =>
  s.inject({ url: `/ajax/appointment/${id}/reschedule/`, payload });

async function booked(spot: Spot, slot: string, phone?: string) {
  const patient = await world.patient(phone);
  const res = await world.book(patient, world.form(spot, { slot }));
  expect(res.statusCode).toBe(201);
  return { patient, appointment: res.json().appointment as { id: number; url: string; ics_url: string } };
}

const startOf = async (id: number) =>
  (
    await world.db.select({ during: appointments.during }).from(appointments).where(eq(appointments.id, id))
  )[0].during;

describe('moving a visit to another time', () => {
  it('moves it at once: the old time frees, the new one is taken, the patient gets an SMS, the .ics a higher SEQUENCE', async () => {
    const spot = await world.doctor();
    const { patient, appointment } = await booked(spot, '23.11.2026 09:00', '79001234501');
    const res = await move(patient, appointment.id, { slot: '23.11.2026 11:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({
      id: appointment.id,
      status: 'active',
      starts_at: '2026-11-23T04:00:00.000Z',
      ends_at: '2026-11-23T04:30:00.000Z',
    });
    const free = await world.freeTimes(spot, '2026-11-23');
    expect(free).toContain('09:00');
    expect(free).not.toContain('11:00');

    await world.app.jobs.runDue();
    const outbox = (await world.app.inject({ url: '/dev/outbox.json' })).json();
    const texts = outbox.messages
      .filter((m: { phone: string }) => m.phone === '79001234501')
      .map((m: { text: string }) => m.text);
    expect(texts).toContainEqual(expect.stringMatching(/^Запись перенесена: к врачу .+ 23\.11 в 11:00, /));

    const ics = (await world.app.inject({ url: appointment.ics_url })).body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(
      `UID:appointment-${appointment.id}@portal.example.ru\r\nSEQUENCE:1\r\nSTATUS:CONFIRMED`,
    );
    expect(ics).toContain('DTSTART:20261123T040000Z');
  });

  it('keeps the old time when the new one is taken, and offers the nearest free ones', async () => {
    const spot = await world.doctor();
    const { patient, appointment } = await booked(spot, '23.11.2026 09:00');
    await booked(spot, '23.11.2026 10:00');
    const res = await move(patient, appointment.id, { slot: '23.11.2026 10:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'slot_taken', detail: BOOKING_FAILURES.slot_taken });
    expect(res.json().alternatives.length).toBeGreaterThan(0);
    expect(await startOf(appointment.id)).toContain('2026-11-23 02:00:00');
  });

  it('two patients moving into one time at once: one wins, the other keeps his own time', async () => {
    const spot = await world.doctor();
    const first = await booked(spot, '23.11.2026 09:00');
    const second = await booked(spot, '23.11.2026 09:30');
    const results = await Promise.all([
      move(first.patient, first.appointment.id, { slot: '23.11.2026 11:30' }),
      move(second.patient, second.appointment.id, { slot: '23.11.2026 11:30' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0].statusCode === 409 ? first : second;
    expect(await startOf(loser.appointment.id)).toMatch(loser === first ? /02:00:00/ : /02:30:00/);
    expect(await world.freeTimes(spot, '2026-11-23')).not.toContain('11:30');
  });

  it('the link’s holder may move it too; others, a cancelled visit, the cut-off and garbage are refused', async () => {
    const spot = await world.doctor();
    const { patient, appointment } = await booked(spot, '23.11.2026 10:30');
    const token = new URL(`https://x${appointment.url}`).searchParams.get('token');
    const byLink = await injectWithCsrf(world.app, {
      url: `/ajax/appointment/${appointment.id}/reschedule/`,
      payload: { slot: '23.11.2026 09:30', token },
    });
    expect(byLink.statusCode).toBe(200);

    expect((await move(await world.patient(), appointment.id, { slot: '23.11.2026 09:00' })).statusCode).toBe(
      404,
    );
    const same = await move(patient, appointment.id, { slot: '23.11.2026 09:30' });
    expect(same.json()).toMatchObject({ code: 'same_time', detail: 'Запись уже на это время' });
    const late = await world.at(new Date('2026-11-23T02:00:00Z'), () =>
      move(patient, appointment.id, { slot: '23.11.2026 11:00' }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'reschedule_too_late',
      detail: 'Перенести запись на сайте уже нельзя: позвоните в клинику',
    });
    for (const payload of [
      {},
      { slot: '' },
      { slot: 'завтра' },
      { slot: '23.11.2026 09:00', token: 'x'.repeat(65) },
    ]) {
      expect((await move(patient, appointment.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await move(patient, appointment.id, { slot: '23.11.2027 09:00' })).json().reason).toBe('too_far');
    await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    const canceled = await move(patient, appointment.id, { slot: '23.11.2026 11:00' });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().code).toBe('already_canceled');
  });
});
