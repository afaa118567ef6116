/**
 * Booking at the ends of Russia's zones: Kaliningrad (UTC+2) and Kamchatka (UTC+12). Each clinic
 * is seen late on Sunday 22 November 2026 by its own clock, when the UTC date is another day
 * (Kamchatka's Sunday 23:30 is 11:30 UTC; its Monday 09:00 is Sunday 21:00 UTC): the calendar's
 * days, a booking's instant, the past, the reminders and the cabinet's 'today' are the clinic's.
 * The suite also runs under TZ=America/Los_Angeles (.ci/run): the machine's zone never matters.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs } from '../../testing/session';
import { BOOKING_JOBS } from './messages';

const ZONES = [
  {
    tz: 'Europe/Kaliningrad',
    offset: 2,
    lateSunday: '2026-11-22T21:30:00Z',
    monday9: '2026-11-23T07:00:00.000Z',
  },
  {
    tz: 'Asia/Kamchatka',
    offset: 12,
    lateSunday: '2026-11-22T11:30:00Z',
    monday9: '2026-11-22T21:00:00.000Z',
  },
] as const;

let database: Database;
let app: FastifyInstance;
let now = new Date(ZONES[0].lateSunday);
const clock: Clock = { now: () => new Date(now) };
const spots = new Map<string, { doctor_id: number; lpu_id: number }>();
let keySeq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  for (const { tz } of ZONES) {
    const town = await createTown(db, { tz });
    const clinic = await createClinic(db, { townId: town.id });
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    await db.insert(scheduleRules).values({
      workplaceId: doctor.workplaces[0].id,
      weekday: 1,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    spots.set(tz, { doctor_id: doctor.id, lpu_id: clinic.id });
  }
  app = await buildApp({ db, clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

for (const zone of ZONES) {
  describe(`a clinic in ${zone.tz} (UTC+${zone.offset}), late on Sunday by its clock`, () => {
    const spot = () => spots.get(zone.tz) as { doctor_id: number; lpu_id: number };
    const book = async (slot: string) => {
      const patient = await signedInAs(app, database.db);
      return patient.inject({
        url: '/ajax/appointment/create/',
        payload: {
          ...spot(),
          slot,
          last_name: 'Иванова',
          first_name: 'Анна',
          no_patronymic: true,
          birth_date: '1990-04-01',
          request_key: `zones-key-${keySeq++}`,
        },
      });
    };

    it("offers Monday's times as Monday's, books 09:00 at the right instant, and reminds 2 h before it", async () => {
      now = new Date(zone.lateSunday);
      const res = await injectWithCsrf(app, {
        url: '/ajax/schedule/slots_bulk/',
        payload: { days: 2, dt_start: '2026-11-22', lpu_timedelta: zone.offset, doctors_lpus: [spot()] },
      });
      const [answer] = res.json();
      expect(Object.keys(answer.slots)).toEqual(['2026-11-23']);
      expect(answer.slots['2026-11-23'][0]).toMatchObject({ time: '09:00', duration: 30 });

      const booked = await book('23.11.2026 09:00');
      expect(booked.statusCode).toBe(201);
      const { id, starts_at } = booked.json().appointment;
      expect(starts_at).toBe(zone.monday9);
      // Less than 24 hours ahead: only the 2-hour reminder, due 07:00 on Monday by the clinic's clock.
      const due = Date.parse(zone.monday9) - 2 * 3_600_000;
      const reminders = async () => ({
        soon: (await app.jobs.boss.findJobs(BOOKING_JOBS.reminderSoon, { data: { appointmentId: id } })).map(
          (j) => j.startAfter.toISOString(),
        ),
        dayBefore: await app.jobs.boss.findJobs(BOOKING_JOBS.reminder, { data: { appointmentId: id } }),
      });
      now = new Date(due - 1000);
      await app.jobs.runDue();
      expect(await reminders()).toEqual({ soon: [], dayBefore: [] });
      now = new Date(due);
      await app.jobs.runDue();
      expect(await reminders()).toEqual({ soon: [new Date(due).toISOString()], dayBefore: [] });
    });

    it("refuses Sunday's hour already gone and a day past the calendar, by the clinic's clock", async () => {
      now = new Date(zone.lateSunday);
      // 23:00 on Sunday has passed there (it is 23:30), whatever the UTC date says.
      const past = await book('22.11.2026 23:00');
      expect(past.json()).toMatchObject({ reason: 'slot_past' });
      // Monday 7 December is the 15th day from the clinic's Sunday.
      const far = await book('07.12.2026 09:00');
      expect(far.json()).toMatchObject({ reason: 'too_far' });
    });

    it("the cabinet's today is the clinic's", async () => {
      now = new Date(zone.lateSunday);
      const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: spot().lpu_id });
      const day = await clinic.inject({ method: 'GET', url: '/cabinet/ajax/appointments/' });
      expect(day.json()).toMatchObject({ today: '2026-11-22', date: '2026-11-22' });
      const monday = await clinic.inject({
        method: 'GET',
        url: '/cabinet/ajax/appointments/?date=2026-11-23',
      });
      expect(monday.json().visits.map((v: { startsAt: string }) => v.startsAt)).toContain(zone.monday9);
    });
  });
}
