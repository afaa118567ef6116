import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { workplaces } from '../../db/schema/doctors';
import { bookingFixture } from './booking-fixture';

const world = bookingFixture();
const { form, book, hold } = world;

describe('holding a time while the form is filled', () => {
  it('keeps the time from others until the holder books it', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const res = await hold(patient, doctor, '23.11.2026 09:30');
    expect(res.statusCode).toBe(201);
    const { hold_id, expires_at } = res.json();
    expect(expires_at).toBe('2026-11-22T05:10:00.000Z');
    expect(await world.freeTimes(doctor, '2026-11-23')).not.toContain('09:30');

    const other = await world.patient();
    const lost = await book(other, form(doctor, { slot: '23.11.2026 09:30' }));
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ reason: 'slot_taken', code: 'slot_taken' });
    const refused = await hold(other, doctor, '23.11.2026 09:30');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ title: 'Не получилось записаться', reason: 'slot_taken' });

    const booked = await book(patient, form(doctor, { slot: '23.11.2026 09:30', hold_id }));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().appointment.id).toBe(hold_id);
    const [row] = await world.db.select().from(appointments).where(eq(appointments.id, hold_id));
    expect(row).toMatchObject({
      status: 'active',
      holdExpiresAt: null,
      patientName: 'Иванова Анна Петровна',
    });
  });

  it('a released hold frees the time at once; a new hold replaces the patient’s old one', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const first = (await hold(patient, doctor, '23.11.2026 10:30')).json().hold_id;
    const second = (await hold(patient, doctor, '23.11.2026 11:30')).json().hold_id;
    // One hold per patient: 10:30 is free again.
    expect(await world.freeTimes(doctor, '2026-11-23')).toContain('10:30');
    expect(await world.freeTimes(doctor, '2026-11-23')).not.toContain('11:30');
    const gone = await patient.inject({ url: `/ajax/appointment/hold/${first}/release/`, payload: {} });
    expect(gone.json()).toEqual({ released: false });
    const released = await patient.inject({ url: `/ajax/appointment/hold/${second}/release/`, payload: {} });
    expect(released.json()).toEqual({ released: true });
    expect(await world.freeTimes(doctor, '2026-11-23')).toContain('11:30');
  });

  it('an expired hold no longer keeps the time: another patient books it', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const { hold_id } = (await hold(patient, doctor, '23.11.2026 10:30')).json();
    const other = await world.patient();
    await world.at(new Date('2026-11-22T05:11:00Z'), async () => {
      expect(await world.freeTimes(doctor, '2026-11-23')).toContain('10:30');
      const res = await book(other, form(doctor, { slot: '23.11.2026 10:30' }));
      expect(res.statusCode).toBe(201);
      // The late holder's booking finds the time taken.
      const late = await book(patient, form(doctor, { slot: '23.11.2026 10:30', hold_id }));
      expect(late.json().reason).toBe('slot_taken');
    });
  });
  it('the patient’s own hold of the time, committed while the booking runs, does not refuse it', async () => {
    // The form's hold of a newly chosen time can still be in flight when 'Записаться' is pressed:
    // the booking's statement cannot see that hold yet, and the database's constraint then meets
    // it. It is the patient's own, so the booking goes ahead.
    const doctor = await world.doctor();
    const patient = await world.patient();
    const [place] = await world.db
      .select({ id: workplaces.id })
      .from(workplaces)
      .where(eq(workplaces.doctorId, doctor.doctor_id));
    let booking: ReturnType<typeof book> | undefined;
    await world.db.transaction(async (tx) => {
      await tx.insert(appointments).values({
        workplaceId: place.id,
        doctorId: doctor.doctor_id,
        clinicId: doctor.lpu_id,
        userId: patient.userId,
        visitType: 'clinic',
        during: '[2026-11-23T02:00:00.000Z,2026-11-23T02:30:00.000Z)',
        status: 'held',
        holdExpiresAt: new Date('2026-11-22T05:10:00Z'),
        patientName: '',
        patientPhone: '79000000000',
      });
      // The booking starts while this hold is not yet committed (on PostgreSQL it meets the
      // constraint and waits for this transaction; PGlite runs it after).
      booking = book(patient, form(doctor, { slot: '23.11.2026 09:00' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await (booking as ReturnType<typeof book>);
    expect(res.statusCode).toBe(201);
    const rows = await world.db.select().from(appointments).where(eq(appointments.userId, patient.userId));
    expect(rows.map((r) => r.status)).toEqual(['active']);
  });
});
