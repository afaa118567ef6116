import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { explicitSlots, scheduleExceptions, scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
// Sunday 22 November 2026, 12:00 in Novosibirsk (UTC+7).
const clock: Clock = { now: () => new Date('2026-11-22T05:00:00Z') };
const ids = {
  doctor: 0,
  clinic: 0,
  otherClinic: 0,
  pushed: 0,
  pushedClinic: 0,
  closed: 0,
  closedClinic: 0,
  offDoctor: 0,
  offClinic: 0,
  speciality: 0,
  colleague: 0,
};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Asia/Novosibirsk' });
  const clinic = await createClinic(db, { townId: town.id });
  const other = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id, other.id] });
  Object.assign(ids, { doctor: doctor.id, clinic: clinic.id, otherClinic: other.id });
  const [here, there] = doctor.workplaces;
  // Mondays 09:00–11:00 here, Tuesdays 14:00–15:00 at the other clinic, 30-minute slots.
  await db.insert(scheduleRules).values([
    {
      workplaceId: here.id,
      weekday: 1,
      startTime: '09:00',
      endTime: '11:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    },
    {
      workplaceId: there.id,
      weekday: 2,
      startTime: '14:00',
      endTime: '15:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    },
    // Home visits are another schedule: never in the clinic answer.
    {
      workplaceId: here.id,
      visitType: 'home',
      weekday: 3,
      startTime: '18:00',
      endTime: '19:00',
      slotMinutes: 60,
      validFrom: '2026-01-01',
    },
  ]);
  // The second Monday is a day off.
  await db.insert(scheduleExceptions).values({ workplaceId: here.id, date: '2026-11-30', kind: 'off' });
  // A patient holds Monday 09:30 (Novosibirsk) — at the OTHER clinic's record: the doctor is busy anyway.
  await db.insert(appointments).values({
    workplaceId: there.id,
    doctorId: doctor.id,
    clinicId: other.id,
    during: '[2026-11-23 02:30:00+00,2026-11-23 03:00:00+00)',
    patientName: 'Иванова Анна',
    patientPhone: '79001234567',
  });
  // A canceled appointment frees its time.
  await db.insert(appointments).values({
    workplaceId: here.id,
    doctorId: doctor.id,
    clinicId: clinic.id,
    during: '[2026-11-23 03:00:00+00,2026-11-23 03:30:00+00)',
    status: 'canceled',
    patientName: 'Петров Пётр',
    patientPhone: '79001234568',
  });

  const pushedClinic = await createClinic(db, { townId: town.id });
  const pushed = await createDoctor(db, { townId: town.id, clinicIds: [pushedClinic.id] });
  Object.assign(ids, { pushed: pushed.id, pushedClinic: pushedClinic.id });
  await db.insert(scheduleRules).values({
    workplaceId: pushed.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '18:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  await db.insert(explicitSlots).values([
    {
      workplaceId: pushed.workplaces[0].id,
      startsAt: new Date('2026-11-24T01:15:00Z'),
      durationMinutes: 15,
    },
  ]);
  // As a push does (server/modules/mis): the doctor's times come from the clinic's software.
  await db.update(workplaces).set({ misSchedule: true }).where(eq(workplaces.id, pushed.workplaces[0].id));

  const closedClinic = await createClinic(db, { townId: town.id });
  const closed = await createDoctor(db, { townId: town.id, clinicIds: [closedClinic.id] });
  Object.assign(ids, { closed: closed.id, closedClinic: closedClinic.id });

  // A clinic that takes no online bookings at all: its doctors' rules show no slots.
  const offClinic = await createClinic(db, { townId: town.id });
  await db.update(clinics).set({ isAppointmentOn: false }).where(eq(clinics.id, offClinic.id));
  const offDoctor = await createDoctor(db, { townId: town.id, clinicIds: [offClinic.id] });
  await db.insert(scheduleRules).values({
    workplaceId: offDoctor.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  Object.assign(ids, { offDoctor: offDoctor.id, offClinic: offClinic.id });

  // A colleague of the same speciality at the first clinic: Mondays 10:00–11:30.
  const colleague = await createDoctor(db, {
    townId: town.id,
    clinicIds: [clinic.id],
    specialityIds: [doctor.specialityIds[0]],
  });
  await db.insert(scheduleRules).values({
    workplaceId: colleague.workplaces[0].id,
    weekday: 1,
    startTime: '10:00',
    endTime: '11:30',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  Object.assign(ids, { speciality: doctor.specialityIds[0], colleague: colleague.id });
  app = await buildApp({ db, clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const bulk = (payload: Record<string, unknown>) =>
  injectWithCsrf(app, { url: '/ajax/schedule/slots_bulk/', payload });

describe('POST /ajax/schedule/slots_bulk/', () => {
  const body = () => ({
    days: 14,
    dt_start: '2026-11-22',
    town_timedelta: 7,
    doctors_lpus: [
      { doctor_id: ids.doctor, lpu_id: ids.clinic },
      { doctor_id: ids.doctor, lpu_id: ids.otherClinic },
    ],
  });

  it('answers free slots per doctor and clinic, keyed by day in the clinic’s zone', async () => {
    const res = await bulk(body());
    expect(res.statusCode).toBe(200);
    const [here, there] = res.json();
    expect(here).toEqual({
      lpu_id: ids.clinic,
      doctor_id: ids.doctor,
      appointment_on: true,
      // 09:30 is taken at the other clinic; the canceled 10:00 is free; 30 Nov is a day off.
      slots: {
        '2026-11-23': [
          { time: '09:00', duration: 30 },
          { time: '10:00', duration: 30 },
          { time: '10:30', duration: 30 },
        ],
      },
    });
    expect(Object.keys(there.slots)).toEqual(['2026-11-24', '2026-12-01']);
  });

  it('a user timedelta answers in the user’s zone (Moscow, UTC+3)', async () => {
    const { town_timedelta: _t, ...rest } = body();
    const res = await bulk({ ...rest, user_timedelta: 3 });
    expect(res.json()[0].slots['2026-11-23'][0]).toEqual({ time: '05:00', duration: 30 });
  });

  it('all_slots lists taken slots too, marked', async () => {
    const res = await bulk({ ...body(), all_slots: true });
    expect(
      res
        .json()[0]
        .slots['2026-11-23'].map(
          (s: { time: string; free: boolean }) => `${s.time}${s.free ? '' : ' taken'}`,
        ),
    ).toEqual(['09:00', '09:30 taken', '10:00', '10:30']);
  });

  it('slots pushed by the clinic replace its computed schedule', async () => {
    const res = await bulk({
      ...body(),
      doctors_lpus: [{ doctor_id: ids.pushed, lpu_id: ids.pushedClinic }],
    });
    expect(res.json()[0].slots).toEqual({ '2026-11-24': [{ time: '08:15', duration: 15 }] });
  });

  it('a doctor who does not work at the clinic, or without a schedule, has no slots', async () => {
    const res = await bulk({
      ...body(),
      doctors_lpus: [
        { doctor_id: ids.pushed, lpu_id: ids.clinic },
        { doctor_id: ids.closed, lpu_id: ids.closedClinic },
      ],
    });
    expect(res.json().map((d: { slots: object }) => d.slots)).toEqual([{}, {}]);
    // Not working there: no booking at all; no schedule but booking on: the express button.
    expect(res.json().map((d: { appointment_on: boolean }) => d.appointment_on)).toEqual([false, true]);
  });

  it('a clinic that takes no online bookings shows no slots, whatever its doctors’ rules', async () => {
    const res = await bulk({
      ...body(),
      doctors_lpus: [{ doctor_id: ids.offDoctor, lpu_id: ids.offClinic }],
    });
    expect(res.json()[0]).toMatchObject({ appointment_on: false, slots: {} });
  });

  it.each([
    [{ days: undefined }, 'Не передано количество дней'],
    [{ dt_start: undefined }, 'Не передана стартовая дата'],
    [{ doctors_lpus: [] }, 'Не передан doctors_lpus'],
    [{ town_timedelta: undefined }, 'Не передан timedelta'],
    [{ lpu_timedelta: 7 }, 'Передано несколько timedelta'],
  ])('400 for %j: %s', async (change, detail) => {
    const res = await bulk({ ...body(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
  });

  it('400, never 500, for junk', async () => {
    for (const payload of [
      { doctors_lpus: 'все' },
      { ...body(), doctors_lpus: [{ doctor_id: 'x', lpu_id: 1 }] },
      {},
    ]) {
      const res = await bulk(payload as Record<string, unknown>);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });
});

describe('POST /ajax/schedule/slots_bulk_by_specialities/', () => {
  const body = () => ({
    days: 14,
    dt_start: '2026-11-22',
    town_timedelta: 7,
    lpus_specialities: [{ lpu_id: ids.clinic, speciality_id: ids.speciality, name: 'x', translit: 'x' }],
  });
  const call = (payload: Record<string, unknown>) =>
    injectWithCsrf(app, { url: '/ajax/schedule/slots_bulk_by_specialities/', payload });

  it('merges the free times of the clinic’s doctors of the speciality, naming who is free', async () => {
    const res = await call(body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        lpu_id: ids.clinic,
        speciality_id: ids.speciality,
        slots: {
          '2026-11-23': [
            { time: '09:00', duration: 30, doctor_ids: [ids.doctor] },
            { time: '10:00', duration: 30, doctor_ids: [ids.doctor, ids.colleague] },
            { time: '10:30', duration: 30, doctor_ids: [ids.doctor, ids.colleague] },
            { time: '11:00', duration: 30, doctor_ids: [ids.colleague] },
          ],
          '2026-11-30': [
            { time: '10:00', duration: 30, doctor_ids: [ids.colleague] },
            { time: '10:30', duration: 30, doctor_ids: [ids.colleague] },
            { time: '11:00', duration: 30, doctor_ids: [ids.colleague] },
          ],
        },
      },
    ]);
  });

  it('a speciality nobody has there gives no slots; a missing list says so', async () => {
    const none = await call({
      ...body(),
      lpus_specialities: [{ lpu_id: ids.otherClinic, speciality_id: 999_999 }],
    });
    expect(none.json()).toEqual([{ lpu_id: ids.otherClinic, speciality_id: 999_999, slots: {} }]);
    const missing = await call({ ...body(), lpus_specialities: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'Не передан lpus_specialities', code: 'bad_request' });
  });
});
