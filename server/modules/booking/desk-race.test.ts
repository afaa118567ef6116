/**
 * The desk and the web taking one time at the same instant: exactly one wins. On PostgreSQL the
 * calls run on connections of their own and really race (the pool below); on PGlite (one
 * connection) their transactions take turns, which checks the same answers.
 *
 * - A block and a web booking: the block locks the workplace row; the booking's insert waits on it
 *   through its foreign key and then sees the block, or the block waits for the booking and finds
 *   its visit.
 * - A desk booking and a web booking: both insert ON CONFLICT DO NOTHING under the exclusion
 *   constraint (ADR 029).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';

const ROUNDS = 15;
const START = new Date('2026-11-22T05:00:00Z');
const clock: Clock = { now: () => START };

let database: Database;
let app: FastifyInstance;
let place: { townId: number; clinicId: number };
let clinic: TestSession;
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 12 });
  const town = await createTown(database.db, { tz: 'Asia/Novosibirsk' });
  const made = await createClinic(database.db, { townId: town.id });
  place = { townId: town.id, clinicId: made.id };
  app = await buildApp({ db: database.db, clock, publicUrl: 'https://portal.example.ru' });
  clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: made.id });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A new doctor of the clinic: Mondays 09:00–12:00 in 30-minute slots. */
async function doctor() {
  const d = await createDoctor(database.db, { townId: place.townId, clinicIds: [place.clinicId] });
  await database.db.insert(scheduleRules).values({
    workplaceId: d.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  return { doctor_id: d.id, lpu_id: place.clinicId };
}

const webBooking = (patient: TestSession, spot: { doctor_id: number; lpu_id: number }) =>
  patient.inject({
    url: '/ajax/appointment/create/',
    payload: {
      ...spot,
      slot: '23.11.2026 10:00',
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: 'Петровна',
      birth_date: '1990-04-01',
      request_key: `race-${Date.now()}-${seq++}`,
    },
  });

const deskBooking = (spot: { doctor_id: number; lpu_id: number }) =>
  clinic.inject({
    url: '/cabinet/ajax/appointments/',
    payload: {
      ...spot,
      slot: '23.11.2026 10:00',
      patient_phone: `914${String(5_000_000 + seq++).padStart(7, '0')}`,
      last_name: 'Смирнова',
      first_name: 'Ольга',
      birth_date: '1985-02-03',
    },
  });

const blockOf = (spot: { doctor_id: number; lpu_id: number }) =>
  clinic.inject({
    url: '/cabinet/ajax/schedule/blocks/',
    payload: { ...spot, starts_at: '2026-11-23T09:45', ends_at: '2026-11-23T10:45', reason: 'Совещание' },
  });

describe('the desk and the web at the same instant', () => {
  it('a block and a web booking of the same time: exactly one wins, round after round', async () => {
    const outcomes = { block: 0, booking: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const spot = await doctor();
      const patient = await signedInAs(app, database.db, {});
      const [blocked, booked] = await Promise.all([blockOf(spot), webBooking(patient, spot)]);
      const statuses = [blocked.statusCode, booked.statusCode].sort();
      expect(statuses, `round ${round}: ${blocked.body} / ${booked.body}`).toEqual([201, 409]);
      if (blocked.statusCode === 201) {
        outcomes.block++;
        expect(booked.json().reason).toMatch(/^slot_(taken|unavailable)$/);
      } else {
        outcomes.booking++;
        expect(blocked.json().code).toBe('visits_booked');
        expect(blocked.json().visits).toHaveLength(1);
      }
    }
    expect(outcomes.block + outcomes.booking).toBe(ROUNDS);
  }, 180_000);

  it('a desk booking and a web booking of the same time: exactly one wins, round after round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const spot = await doctor();
      const patient = await signedInAs(app, database.db, {});
      const [desk, web] = await Promise.all([deskBooking(spot), webBooking(patient, spot)]);
      const statuses = [desk.statusCode, web.statusCode].sort();
      expect(statuses, `round ${round}: ${desk.body} / ${web.body}`).toEqual([201, 409]);
      if (desk.statusCode === 409) expect(desk.json().code).toBe('slot_taken');
      else expect(web.json().reason).toBe('slot_taken');
    }
  }, 180_000);
});
