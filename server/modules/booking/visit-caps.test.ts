/**
 * The visit caps (core/booking/visit-caps.ts) on the calls that take a time: one patient's holds
 * take turns (one alive however many at once), no clash with their own coming visits (any
 * doctor, any clinic, 30 minutes of road between clinics), two coming visits with a doctor, ten
 * in all; the desk's bookings and the moves of a visit too.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor } from '../../db/seed/factories';
import type { TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from './booking-fixture';

const world = bookingFixture();
const { form, book, hold } = world;

/** A doctor taking visits every day 09:00–12:00 (30-minute slots), at the fixture's clinic or another in its town. */
async function everyDayDoctor(otherClinic = false): Promise<Spot> {
  const base = await world.doctor();
  let spot = base;
  if (otherClinic) {
    const [c] = await world.db
      .select({ townId: clinics.townId })
      .from(clinics)
      .where(eq(clinics.id, base.lpu_id));
    const clinic = await createClinic(world.db, { townId: c.townId });
    const doctor = await createDoctor(world.db, { townId: c.townId, clinicIds: [clinic.id] });
    spot = { doctor_id: doctor.id, lpu_id: clinic.id };
  }
  const [w] = await world.db
    .select({ id: workplaces.id })
    .from(workplaces)
    .where(and(eq(workplaces.doctorId, spot.doctor_id), eq(workplaces.clinicId, spot.lpu_id)));
  await world.db.insert(scheduleRules).values(
    [1, 2, 3, 4, 5, 6, 7]
      .filter((weekday) => weekday !== 1 || otherClinic)
      .map((weekday) => ({
        workplaceId: w.id,
        weekday,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
      })),
  );
  return spot;
}

const heldOf = async (patient: TestSession) =>
  world.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.userId, patient.userId), eq(appointments.status, 'held')));

describe('one patient, many times', () => {
  it('20 holds of one patient at once leave one alive', { timeout: 120_000 }, async () => {
    const doctors = [await world.doctor(), await world.doctor(), await world.doctor(), await world.doctor()];
    const patient = await world.patient();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00'];
    const answers = await Promise.all(
      doctors.flatMap((d) => times.map((t) => hold(patient, d, `23.11.2026 ${t}`))),
    );
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(await heldOf(patient)).toHaveLength(1);
  });

  it('refuses a time overlapping the patient’s own visit with another doctor, naming it', async () => {
    const first = await world.doctor();
    const second = await world.doctor();
    const patient = await world.patient();
    const booked = await book(patient, form(first, { slot: '23.11.2026 09:00' }));
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.id;

    const refused = await book(patient, form(second, { slot: '23.11.2026 09:00' }));
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body).toMatchObject({
      code: 'visit_clash',
      reason: 'visit_clash',
      title: 'Не получилось записаться',
      alternatives: [],
      clash: {
        id,
        starts_at: '2026-11-23T02:00:00.000Z',
        ends_at: '2026-11-23T02:30:00.000Z',
        url: `/appointment/${id}/`,
      },
    });
    expect(body.detail).toMatch(
      /^У вас уже есть запись на это время: .+, 23 ноября 2026, понедельник, 09:00\./,
    );
    expect(body.detail).toContain(body.clash.title);
    // The hold says so at once, before the form is filled.
    const held = await hold(patient, second, '23.11.2026 09:00');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ reason: 'visit_clash', clash: { id } });
    // Back to back at one clinic is fine.
    expect((await book(patient, form(second, { slot: '23.11.2026 09:30' }))).statusCode).toBe(201);
  });

  it('keeps 30 minutes of road between visits at different clinics', async () => {
    const here = await world.doctor();
    const there = await everyDayDoctor(true);
    const patient = await world.patient();
    expect((await book(patient, form(here, { slot: '23.11.2026 10:00' }))).statusCode).toBe(201);
    const close = await book(patient, form(there, { slot: '23.11.2026 10:30' }));
    expect(close.statusCode).toBe(409);
    expect(close.json()).toMatchObject({ reason: 'visit_clash' });
    expect(close.json().detail).toContain('не меньше 30 минут на дорогу');
    expect((await book(patient, form(there, { slot: '23.11.2026 11:00' }))).statusCode).toBe(201);
  });

  it('at most two coming visits with one doctor', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    expect((await book(patient, form(doctor, { slot: '23.11.2026 09:00' }))).statusCode).toBe(201);
    expect((await book(patient, form(doctor, { slot: '23.11.2026 10:00' }))).statusCode).toBe(201);
    const third = await book(patient, form(doctor, { slot: '23.11.2026 11:00' }));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      reason: 'doctor_visits_limit',
      clash: { starts_at: '2026-11-23T02:00:00.000Z' },
    });
    expect(third.json().detail).toMatch(/^У вас уже 2 предстоящие записи к этому врачу/);
    expect((await hold(patient, doctor, '23.11.2026 11:00')).statusCode).toBe(409);
  });

  it('at most ten coming visits in all', { timeout: 120_000 }, async () => {
    const patient = await world.patient();
    const doctors = [];
    for (let i = 0; i < 6; i++) doctors.push(await everyDayDoctor());
    const days = ['24', '25', '26', '27', '28'];
    for (let i = 0; i < 10; i++) {
      const res = await book(
        patient,
        form(doctors[i % 5], { slot: `${days[Math.floor(i / 2)]}.11.2026 ${i % 2 ? '11:00' : '09:00'}` }),
      );
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await book(patient, form(doctors[5], { slot: '29.11.2026 09:00' }));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ reason: 'visits_limit', clash: null });
  });

  it('a move does not clash with the visit itself, nor count it twice; it clashes with another', async () => {
    const doctor = await world.doctor();
    const other = await world.doctor();
    const patient = await world.patient();
    const a = (await book(patient, form(doctor, { slot: '23.11.2026 09:00' }))).json().appointment.id;
    expect((await book(patient, form(doctor, { slot: '23.11.2026 10:00' }))).statusCode).toBe(201);
    const b = (await book(patient, form(other, { slot: '23.11.2026 11:00' }))).json().appointment.id;
    const moved = await patient.inject({
      url: `/ajax/appointment/${a}/reschedule/`,
      payload: { slot: '23.11.2026 09:30' },
    });
    expect(moved.statusCode).toBe(200);
    const clash = await patient.inject({
      url: `/ajax/appointment/${a}/reschedule/`,
      payload: { slot: '23.11.2026 11:00' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ reason: 'visit_clash', clash: { id: b } });
  });
});
