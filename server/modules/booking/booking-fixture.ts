/**
 * The doctor booking tests' world (booking, holds and callback tests): a clinic in Novosibirsk
 * (UTC+7) on Sunday 22 November 2026 at 12:00, and fresh doctors on demand, so that each test
 * books its own times and no test depends on another having run first.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleExceptions, scheduleRules } from '../../db/schema/schedule';
import { districts } from '../../db/schema/towns';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';

export const START = new Date('2026-11-22T05:00:00Z');
/** The site's public origin in these tests. */
export const PUBLIC_URL = 'https://portal.example.ru';

/** A doctor at a clinic, as the booking calls name them. */
export interface Spot {
  doctor_id: number;
  lpu_id: number;
}

/** A home visit's address as the booking form sends it (a district is added where the clinic lists them). */
export const HOME_ADDRESS = {
  street: 'ул. Ленина',
  house: '5',
  flat: '12',
  entrance: '2',
  floor: '3',
  intercom: '12К',
  note: 'Собака добрая',
};

/** That address as the clinic's software reads it (change feed, visit replies, webhooks), in 'Ленинский'. */
export const HOME_ADDRESS_SENT = {
  line: 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К',
  ...HOME_ADDRESS,
  district: 'Ленинский',
  // No radius: the house was not placed on the map.
  lat: null,
  lon: null,
};

/** A clinic's home-visit settings: its service area (a radius or districts) and its time window. */
type HomeSettings = Partial<
  Pick<typeof clinics.$inferSelect, 'homeRadiusKm' | 'homeDistrictIds' | 'homeWindowMinutes' | 'lat' | 'lon'>
>;

let keySeq = 0;
let districtSeq = 0;

/** `deps`: more of the app's options (webhooks' tests run it as 'development', for a loopback receiver). */
export function bookingFixture(deps: Pick<AppDeps, 'environment'> = {}) {
  let database: Database;
  let app: FastifyInstance;
  let now = START;
  const clock: Clock = { now: () => now };
  const place = { townId: 0, clinicId: 0 };

  beforeAll(async () => {
    database = await openTestDatabase();
    const town = await createTown(database.db, { tz: 'Asia/Novosibirsk' });
    const clinic = await createClinic(database.db, { townId: town.id });
    Object.assign(place, { townId: town.id, clinicId: clinic.id });
    app = await buildApp({ db: database.db, clock, publicUrl: PUBLIC_URL, ...deps });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  return {
    get app() {
      return app;
    },
    get db() {
      return database.db;
    },

    /** Runs `check` with the clock at `at`, then puts it back. */
    async at<T>(at: Date, check: () => Promise<T>): Promise<T> {
      now = at;
      try {
        return await check();
      } finally {
        now = START;
      }
    },

    /** A new doctor at the clinic: Mondays 09:00–12:00, 30-minute slots, Monday 30 November off. */
    async doctor(): Promise<Spot> {
      const doctor = await createDoctor(database.db, { townId: place.townId, clinicIds: [place.clinicId] });
      const workplaceId = doctor.workplaces[0].id;
      await database.db.insert(scheduleRules).values({
        workplaceId,
        weekday: 1,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
      });
      await database.db.insert(scheduleExceptions).values({ workplaceId, date: '2026-11-30', kind: 'off' });
      return { doctor_id: doctor.id, lpu_id: place.clinicId };
    },

    /**
     * A doctor who goes on home visits (Mondays 09:00–12:00, hour slots) from a new clinic of the
     * town with the home-visit `settings` given.
     */
    async homeDoctor(settings: HomeSettings = {}): Promise<Spot & { townId: number }> {
      const clinic = await createClinic(database.db, { townId: place.townId, ...settings });
      const doctor = await createDoctor(database.db, { townId: place.townId, clinicIds: [clinic.id] });
      await database.db.insert(scheduleRules).values({
        workplaceId: doctor.workplaces[0].id,
        visitType: 'home',
        weekday: 1,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 60,
        validFrom: '2026-01-01',
      });
      return { doctor_id: doctor.id, lpu_id: clinic.id, townId: place.townId };
    },

    /** A new district of the town: its id. */
    async district(name: string): Promise<number> {
      const [row] = await database.db
        .insert(districts)
        .values({ townId: place.townId, name, slug: `district-${districtSeq++}` })
        .returning({ id: districts.id });
      return row.id;
    },

    /** A doctor at a clinic of their own that does not book online. */
    async closedDoctor(): Promise<Spot> {
      const clinic = await createClinic(database.db, { townId: place.townId });
      const doctor = await createDoctor(database.db, { townId: place.townId, clinicIds: [clinic.id] });
      await database.db
        .update(workplaces)
        .set({ isAppointmentOn: false })
        .where(eq(workplaces.id, doctor.workplaces[0].id));
      return { doctor_id: doctor.id, lpu_id: clinic.id };
    },

    patient: (phone?: string): Promise<TestSession> => signedInAs(app, database.db, { phone }),

    /** The booking form for a doctor's time, a new press (request_key) each time. */
    form: (spot: Spot, change: Record<string, unknown> = {}) => ({
      ...spot,
      slot: '23.11.2026 09:00',
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: 'Петровна',
      birth_date: '1990-04-01',
      request_key: `test-key-${Date.now()}-${keySeq++}`,
      source: 'doctors_list',
      ...change,
    }),

    book: (session: TestSession, payload: Record<string, unknown>) =>
      session.inject({ url: '/ajax/appointment/create/', payload }),

    hold: (session: TestSession, spot: Spot, slot: string) =>
      session.inject({ url: '/ajax/appointment/hold/', payload: { ...spot, slot } }),

    /** The doctor's free times of a day ('yyyy-MM-dd') as the list cards see them. */
    async freeTimes(spot: Spot, day: string): Promise<string[]> {
      const res = await injectWithCsrf(app, {
        url: '/ajax/schedule/slots_bulk/',
        payload: { days: 14, dt_start: '2026-11-22', town_timedelta: 7, doctors_lpus: [spot] },
      });
      return (res.json()[0].slots[day] ?? []).map((s: { time: string }) => s.time);
    },
  };
}
