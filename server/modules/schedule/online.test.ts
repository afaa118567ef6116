import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
// Sunday 22 November 2026, 12:00 in Moscow (UTC+3).
const clock: Clock = { now: () => new Date('2026-11-22T09:00:00Z') };
const ids = { doctor: 0, clinic: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  Object.assign(ids, { doctor: doctor.id, clinic: clinic.id });
  const workplaceId = doctor.workplaces[0].id;
  const weekly = { workplaceId, validFrom: '2026-01-01' };
  await db.insert(scheduleRules).values([
    // In the clinic on Mondays 09:00–10:00, at home on Tuesdays 18:00–20:00, online on Mondays 20:00–22:00.
    { ...weekly, weekday: 1, startTime: '09:00', endTime: '10:00', slotMinutes: 30 },
    { ...weekly, visitType: 'home', weekday: 2, startTime: '18:00', endTime: '20:00', slotMinutes: 60 },
    { ...weekly, visitType: 'telemed', weekday: 1, startTime: '20:00', endTime: '22:00', slotMinutes: 30 },
  ]);
  // Monday 23 November 20:30–21:00 in Moscow is booked online.
  await db.insert(appointments).values({
    workplaceId,
    doctorId: doctor.id,
    clinicId: clinic.id,
    visitType: 'telemed',
    during: '[2026-11-23 17:30:00+00,2026-11-23 18:00:00+00)',
    patientName: 'Иванова Анна',
    patientPhone: '79001234567',
  });
  app = await buildApp({ db, clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (url: string, payload: Record<string, unknown>) => injectWithCsrf(app, { url, payload });

describe('POST /ajax/schedule/slots_bulk/telemed/', () => {
  const body = () => ({
    doctor_id: ids.doctor,
    lpu_id: ids.clinic,
    days: 14,
    dt_start: '2026-11-22',
    town_timedelta: 3,
  });
  const telemed = (payload: Record<string, unknown>) => post('/ajax/schedule/slots_bulk/telemed/', payload);

  it('lists the dates with telemedicine slots, taken ones marked, durations in minutes', async () => {
    const res = await telemed(body());
    expect(res.statusCode).toBe(200);
    const monday = (date: string, taken: string | null) => ({
      date,
      slots: ['20:00', '20:30', '21:00', '21:30'].map((time_start) => ({
        time_start,
        free: time_start !== taken,
        duration: 30,
      })),
    });
    expect(res.json()).toEqual([monday('2026-11-23', '20:30'), monday('2026-11-30', null)]);
  });

  it('a doctor who does not work at the clinic has no dates', async () => {
    const res = await telemed({ ...body(), lpu_id: 999_999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    [{ days: undefined }, 'Не передано количество дней'],
    [{ dt_start: undefined }, 'Не передана стартовая дата'],
    [{ town_timedelta: undefined }, 'Не передан timedelta'],
    [{ user_timedelta: 7 }, 'Передано несколько timedelta'],
    [{ doctor_id: undefined }, 'Не передан doctor_id'],
    [{ lpu_id: undefined }, 'Не передан lpu_id'],
  ])('400 for %j: %s', async (change, detail) => {
    const res = await telemed({ ...body(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
  });

  it('400, never 500, for junk', async () => {
    for (const payload of [{}, { ...body(), doctor_id: 'врач' }, { ...body(), days: 'много' }]) {
      const res = await telemed(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });
});

describe('POST /ajax/schedule/slots_bulk/online/', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    user_start_date: '2026-11-22',
    user_timezone: 'Asia/Novosibirsk',
    days: 7,
    only_free: false,
    lpu_params: [
      {
        lpu_id: ids.clinic,
        schedule_params: [
          { doctor_id: ids.doctor, type_schedule: 'telemed' },
          { doctor_id: ids.doctor, type_schedule: 'clinic' },
          { doctor_id: ids.doctor, type_schedule: 'home' },
        ],
      },
    ],
    ...over,
  });
  const online = (payload: Record<string, unknown>) => post('/ajax/schedule/slots_bulk/online/', payload);

  it('answers per clinic and doctor in the patient’s zone: Moscow seen from Novosibirsk is +4 h', async () => {
    const res = await online(body());
    expect(res.statusCode).toBe(200);
    const slot = (time: string, duration: number, free = true) => ({ time, duration, free });
    expect(res.json()).toEqual([
      {
        lpu_id: ids.clinic,
        schedule_data: [
          {
            doctor_id: ids.doctor,
            type_schedule: 'telemed',
            // Monday 20:00–22:00 in Moscow is Tuesday 00:00–02:00 in Novosibirsk; 20:30 is taken.
            schedule: {
              '2026-11-24': [
                slot('00:00', 30),
                slot('00:30', 30, false),
                slot('01:00', 30),
                slot('01:30', 30),
              ],
            },
          },
          {
            doctor_id: ids.doctor,
            type_schedule: 'clinic',
            // The doctor is busy online, not in the clinic's morning.
            schedule: { '2026-11-23': [slot('13:00', 30), slot('13:30', 30)] },
          },
          {
            doctor_id: ids.doctor,
            type_schedule: 'home',
            schedule: { '2026-11-24': [slot('22:00', 60), slot('23:00', 60)] },
          },
        ],
      },
    ]);
  });

  it('only_free drops taken slots and the free mark', async () => {
    const res = await online(body({ only_free: true }));
    expect(res.json()[0].schedule_data[0].schedule).toEqual({
      '2026-11-24': [
        { time: '00:00', duration: 30 },
        { time: '01:00', duration: 30 },
        { time: '01:30', duration: 30 },
      ],
    });
  });

  it('keeps the patient’s days in their zone: from Wednesday 25 November in Vladivostok (UTC+10)', async () => {
    // Moscow's Monday evenings are Tuesday mornings there (24 Nov: before the window, 1 Dec: in it);
    // Tuesday 18:00 at home is Wednesday 01:00 there (25 Nov: in it, 2 Dec: after it).
    const res = await online(body({ user_start_date: '2026-11-25', user_timezone: 'Asia/Vladivostok' }));
    expect(res.json()[0].schedule_data.map((d: { schedule: object }) => Object.keys(d.schedule))).toEqual([
      ['2026-12-01'],
      ['2026-11-30'],
      ['2026-11-25'],
    ]);
  });

  it.each([
    [{ days: undefined }, 'Не передано количество дней'],
    [{ user_start_date: undefined }, 'Не передана стартовая дата'],
    [{ user_start_date: '22.11.2026' }, 'Не передана стартовая дата'],
    [{ user_timezone: 'Europe/Nowhere' }, 'Некорректный часовой пояс'],
    [{ user_timezone: undefined }, 'Некорректный часовой пояс'],
    [{ lpu_params: [] }, 'Не передан lpu_params'],
  ])('400 for %j: %s', async (change, detail) => {
    const res = await online(body(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
  });

  it('400, never 500, for junk', async () => {
    for (const payload of [
      {},
      body({ lpu_params: 'все' }),
      body({ lpu_params: [{ lpu_id: 'x', schedule_params: [{ doctor_id: 1 }] }] }),
      body({ user_timezone: 42 }),
      body({ only_free: 'нет' }),
    ]) {
      const res = await online(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });
});

describe('POST /ajax/schedule/slots_bulk/ with type_schedule', () => {
  const body = (type_schedule?: string) => ({
    days: 14,
    dt_start: '2026-11-22',
    town_timedelta: 3,
    doctors_lpus: [{ doctor_id: ids.doctor, lpu_id: ids.clinic }],
    ...(type_schedule ? { type_schedule } : {}),
  });
  const days = async (type_schedule?: string) => {
    const res = await post('/ajax/schedule/slots_bulk/', body(type_schedule));
    expect(res.statusCode).toBe(200);
    return res.json()[0].slots;
  };

  it('answers the schedule of the appointment type asked, the clinic’s by default', async () => {
    expect(Object.keys(await days())).toEqual(['2026-11-23', '2026-11-30']);
    expect(await days('home')).toEqual({
      '2026-11-24': [
        { time: '18:00', duration: 60 },
        { time: '19:00', duration: 60 },
      ],
      '2026-12-01': [
        { time: '18:00', duration: 60 },
        { time: '19:00', duration: 60 },
      ],
    });
    expect((await days('telemed'))['2026-11-23'].map((s: { time: string }) => s.time)).toEqual([
      '20:00',
      '21:00',
      '21:30',
    ]);
  });

  it('400 for an unknown type', async () => {
    const res = await post('/ajax/schedule/slots_bulk/', body('sauna'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Данные для запроса некорректны', code: 'bad_request' });
  });
});
