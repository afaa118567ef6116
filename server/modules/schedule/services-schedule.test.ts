import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_ERRORS } from '../../../core/schedule/contracts';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { scheduleExceptions, scheduleRules } from '../../db/schema/schedule';
import { createClinic, createClinicService, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
// Sunday 22 November 2026, 12:00 in Moscow (UTC+3).
const clock: Clock = { now: () => new Date('2026-11-22T09:00:00Z') };
const ids = { clinic: 0, mri: 0, mriSynonym: 0, colonoscopy: 0, noSlots: 0, doctorLine: 0, doctor: 0 };
const MIS_ID = 'MIS-4711';

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(db, { townId: town.id });
  const mri = await createClinicService(db, { clinicId: clinic.id, misServiceId: MIS_ID });
  // Needs a doctor's consultation first: slots, but not booked straight away.
  const colonoscopy = await createClinicService(db, {
    clinicId: clinic.id,
    synonym: { name: 'Колоноскопия', requiresPrimaryConsultation: true },
    requiresPrimaryConsultation: true,
    isAvailableAppointmentDirect: false,
    durationMinutes: 60,
  });
  const noSlots = await createClinicService(db, { clinicId: clinic.id, hasIntervals: false });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  // The doctor's own line of the MRI synonym: busy when the doctor is.
  const doctorLine = await createClinicService(db, {
    clinicId: clinic.id,
    synonymId: mri.synonymId,
    doctorId: doctor.id,
  });
  Object.assign(ids, {
    clinic: clinic.id,
    mri: mri.id,
    mriSynonym: mri.synonymId,
    colonoscopy: colonoscopy.synonymId,
    noSlots: noSlots.synonymId,
    doctorLine: doctorLine.id,
    doctor: doctor.id,
  });
  // Mondays 08:00–10:00 in 30-minute slots for each line; the MRI is off on 30 November.
  await db.insert(scheduleRules).values(
    [mri.id, colonoscopy.id, doctorLine.id].map((clinicServiceId) => ({
      clinicServiceId,
      weekday: 1,
      startTime: '08:00',
      endTime: '10:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    })),
  );
  await db.insert(scheduleExceptions).values({ clinicServiceId: mri.id, date: '2026-11-30', kind: 'off' });
  // 23 Nov 08:30 Moscow is booked on the MRI; the doctor sees a patient at 09:00 (a workplace visit).
  await db.insert(appointments).values([
    {
      clinicServiceId: mri.id,
      clinicId: clinic.id,
      during: '[2026-11-23 05:30:00+00,2026-11-23 06:00:00+00)',
      patientName: 'Иванова Анна',
      patientPhone: '79001234567',
    },
    {
      workplaceId: doctor.workplaces[0].id,
      doctorId: doctor.id,
      clinicId: clinic.id,
      during: '[2026-11-23 06:00:00+00,2026-11-23 06:30:00+00)',
      patientName: 'Петров Пётр',
      patientPhone: '79001234568',
    },
  ]);
  app = await buildApp({ db, clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const body = (change: Record<string, unknown> = {}) => ({
  days: 30,
  day_start: '2026-11-22',
  only_free: true,
  town_timedelta: 3,
  services: [{ lpu_id: ids.clinic, service_id: ids.mriSynonym }],
  ...change,
});

const ask = (payload: unknown) =>
  injectWithCsrf(app, { url: '/ajax/services/schedule/', payload: payload as Record<string, unknown> });

describe('POST /ajax/services/schedule/', () => {
  it('answers a month of free slots by day in the clinic zone, without the booked time and the day off', async () => {
    const res = await ask(body());
    expect(res.statusCode).toBe(200);
    const [mri] = res.json();
    expect(mri).toMatchObject({
      lpu_id: ids.clinic,
      service_id: String(ids.mriSynonym),
      synonym_id: ids.mriSynonym,
      appointment_on: true,
      has_intervals: true,
      is_available_appointment_direct: true,
      requires_primary_consultation: false,
    });
    expect(Object.keys(mri.slots)).toEqual(['2026-11-23', '2026-12-07', '2026-12-14', '2026-12-21']);
    expect(mri.slots['2026-11-23']).toEqual([
      { time: '08:00', duration: 30 },
      { time: '09:00', duration: 30 },
      { time: '09:30', duration: 30 },
    ]);
  });

  it('with only_free false lists the taken time too, marked', async () => {
    const [mri] = (await ask(body({ only_free: false, days: 2 }))).json();
    expect(mri.slots['2026-11-23']).toEqual([
      { time: '08:00', duration: 30, free: true },
      { time: '08:30', duration: 30, free: false },
      { time: '09:00', duration: 30, free: true },
      { time: '09:30', duration: 30, free: true },
    ]);
  });

  it("finds a line by the clinic's MIS id as well", async () => {
    const [mri] = (
      await ask(body({ days: 2, services: [{ lpu_id: ids.clinic, service_id: MIS_ID }] }))
    ).json();
    expect(mri.service_id).toBe(MIS_ID);
    expect(mri.synonym_id).toBe(ids.mriSynonym);
    expect(mri.slots['2026-11-23']).toHaveLength(3);
  });

  it("a doctor's line is busy when the doctor is, at any of the doctor's visits", async () => {
    const [line] = (
      await ask(
        body({
          days: 2,
          services: [{ lpu_id: ids.clinic, service_id: ids.mriSynonym, doctor_id: ids.doctor }],
        }),
      )
    ).json();
    expect(line.doctor_id).toBe(ids.doctor);
    expect(line.slots['2026-11-23'].map((s: { time: string }) => s.time)).toEqual([
      '08:00',
      '08:30',
      '09:30',
    ]);
  });

  it('flags a service that needs a consultation first, and answers in order with unknown ones empty', async () => {
    const res = await ask(
      body({
        days: 2,
        services: [
          { lpu_id: ids.clinic, service_id: ids.colonoscopy },
          { lpu_id: ids.clinic, service_id: ids.noSlots },
          { lpu_id: ids.clinic, service_id: 'no-such-line' },
        ],
      }),
    );
    const [colonoscopy, noSlots, unknown] = res.json();
    expect(colonoscopy).toMatchObject({
      requires_primary_consultation: true,
      is_available_appointment_direct: false,
    });
    expect(colonoscopy.slots['2026-11-23']).toHaveLength(4);
    expect(noSlots).toMatchObject({ appointment_on: true, has_intervals: false, slots: {} });
    expect(unknown).toMatchObject({ synonym_id: null, appointment_on: false, slots: {} });
  });

  it('shows the times in the user zone when user_timedelta is given', async () => {
    const [mri] = (await ask(body({ days: 2, town_timedelta: undefined, user_timedelta: 7 }))).json();
    expect(mri.slots['2026-11-23'][0].time).toBe('12:00');
  });

  it.each([
    ['no days', { days: undefined }, SLOT_ERRORS.days],
    ['no day_start', { day_start: undefined }, SLOT_ERRORS.dtStart],
    ['no services', { services: [] }, SLOT_ERRORS.services],
    ['no timedelta', { town_timedelta: undefined }, SLOT_ERRORS.timedelta],
    ['two timedeltas', { lpu_timedelta: 3 }, SLOT_ERRORS.severalTimedeltas],
  ])('refuses %s with 400 and its message', async (_name, change, detail) => {
    const res = await ask(body(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
  });

  it('refuses a body that is not an object with 400, not 500', async () => {
    const res = await injectWithCsrf(app, {
      url: '/ajax/services/schedule/',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
