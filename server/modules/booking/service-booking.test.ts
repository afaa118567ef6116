import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ERRORS, SERVICE_BOOKING_FAILURES } from '../../../core/booking/form';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createClinicService, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
// Sunday 22 November 2026, 12:00 in Moscow (UTC+3).
const clock: Clock = { now: () => new Date('2026-11-22T09:00:00Z') };
const ids = { clinic: 0, line: 0, synonym: 0, off: 0 };
const MIS_ID = '880011';
let patient: TestSession;
let keySeq = 0;

const form = (change: Record<string, unknown> = {}) => ({
  service_id: ids.synonym,
  lpu_id: ids.clinic,
  slot: '23.11.2026 08:00',
  last_name: 'Сидорова',
  first_name: 'Мария',
  patronymic: '',
  no_patronymic: true,
  birth_date: '1979-12-30',
  request_key: `service-booking-${keySeq++}`,
  source: 'services_list',
  ...change,
});

async function freeTimes(day: string): Promise<string[]> {
  const res = await injectWithCsrf(app, {
    url: '/ajax/services/schedule/',
    payload: {
      days: 30,
      day_start: '2026-11-22',
      only_free: true,
      town_timedelta: 3,
      services: [{ lpu_id: ids.clinic, service_id: ids.synonym }],
    },
  });
  return (res.json()[0].slots[day] ?? []).map((s: { time: string }) => s.time);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(db, { townId: town.id });
  const line = await createClinicService(db, {
    clinicId: clinic.id,
    misServiceId: MIS_ID,
    synonym: { name: 'МРТ поясничного отдела' },
    priceFull: 5200,
  });
  // A line the clinic does not book online.
  const off = await createClinicService(db, { clinicId: clinic.id, appointmentOn: false });
  Object.assign(ids, { clinic: clinic.id, line: line.id, synonym: line.synonymId, off: off.synonymId });
  // Mondays 08:00–10:00, 40-minute slots (08:00, 08:40, 09:20).
  for (const clinicServiceId of [line.id, off.id])
    await db.insert(scheduleRules).values({
      clinicServiceId,
      weekday: 1,
      startTime: '08:00',
      endTime: '10:00',
      slotMinutes: 40,
      validFrom: '2026-01-01',
    });
  app = await buildApp({ db, clock });
  patient = await signedInAs(app, db, { phone: '79004445566' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('booking a clinic service by time', () => {
  it('books a free slot of the line, gives its .ics and SMS and takes it off the calendar', async () => {
    expect(await freeTimes('2026-11-23')).toEqual(['08:00', '08:40', '09:20']);
    const res = await patient.inject({ url: '/ajax/appointment/create/', payload: form() });
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({
      status: 'active',
      doctor_id: null,
      lpu_id: ids.clinic,
      starts_at: '2026-11-23T05:00:00.000Z',
      ends_at: '2026-11-23T05:40:00.000Z',
      price: 5200,
    });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({
      clinicServiceId: ids.line,
      workplaceId: null,
      patientName: 'Сидорова Мария',
    });
    expect(await freeTimes('2026-11-23')).toEqual(['08:40', '09:20']);

    const ics = await app.inject({ url: appointment.ics_url });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('SUMMARY:МРТ поясничного отдела');

    await app.jobs.runDue();
    const outbox = (await app.inject({ url: '/dev/outbox.json' })).json().messages;
    expect(outbox.find((m: { phone: string }) => m.phone === '79004445566')?.text).toMatch(
      /^Вы записаны: МРТ поясничного отдела, 23\.11 в 08:00, /,
    );
  });

  it('finds the line by its MIS id too, and refuses a taken slot with the nearest free ones', async () => {
    const rival = await signedInAs(app, database.db);
    const res = await rival.inject({
      url: '/ajax/appointment/create/',
      payload: form({ service_id: MIS_ID }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'slot_taken', detail: SERVICE_BOOKING_FAILURES.slot_taken });
    expect(res.json().alternatives[0]).toEqual({
      day: '2026-11-23',
      time: '08:40',
      duration: 40,
      slot: '23.11.2026 08:40',
    });
  });

  it('says what is wrong in the words of a service', async () => {
    const unknown = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form({ service_id: 'nothing-here' }),
    });
    expect(unknown.json()).toMatchObject({ reason: 'not_found', detail: SERVICE_BOOKING_FAILURES.not_found });
    const off = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form({ service_id: ids.off }),
    });
    expect(off.json()).toMatchObject({ reason: 'booking_off', detail: SERVICE_BOOKING_FAILURES.booking_off });
    const odd = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form({ slot: '23.11.2026 08:10' }),
    });
    expect(odd.json()).toMatchObject({
      reason: 'slot_unavailable',
      detail: SERVICE_BOOKING_FAILURES.slot_unavailable,
    });
    const nothing = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form({ service_id: undefined }),
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({ doctor_id: BOOKING_ERRORS.badRequest });
  });

  it('holds a service slot for the patient; others see it taken until it is released', async () => {
    const hold = await patient.inject({
      url: '/ajax/appointment/hold/',
      payload: { service_id: ids.synonym, lpu_id: ids.clinic, slot: '23.11.2026 09:20' },
    });
    expect(hold.statusCode).toBe(201);
    expect(await freeTimes('2026-11-23')).toEqual(['08:40']);
    const rival = await signedInAs(app, database.db);
    const refused = await rival.inject({
      url: '/ajax/appointment/create/',
      payload: form({ slot: '23.11.2026 09:20' }),
    });
    expect(refused.json().reason).toBe('slot_taken');
    const released = await patient.inject({
      url: `/ajax/appointment/hold/${hold.json().hold_id}/release/`,
      payload: {},
    });
    expect(released.json()).toEqual({ released: true });
    expect(await freeTimes('2026-11-23')).toEqual(['08:40', '09:20']);
  });

  it('turns the hold into the appointment when the patient books with it', async () => {
    const hold = await patient.inject({
      url: '/ajax/appointment/hold/',
      payload: { service_id: ids.synonym, lpu_id: ids.clinic, slot: '07.12.2026 08:00' },
    });
    const res = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: form({ slot: '07.12.2026 08:00', hold_id: hold.json().hold_id }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment.id).toBe(hold.json().hold_id);
  });

  it('20 patients press one service slot at once: one appointment, 19 refusals, no 5xx', async () => {
    const rivals = await Promise.all(Array.from({ length: 20 }, () => signedInAs(app, database.db)));
    const replies = await Promise.all(
      rivals.map((r) =>
        r.inject({ url: '/ajax/appointment/create/', payload: form({ slot: '30.11.2026 08:40' }) }),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.clinicServiceId, ids.line), eq(appointments.status, 'active')));
    expect(rows.filter((r) => r.during.includes('2026-11-30'))).toHaveLength(1);
  });
});
