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
const ids = { clinic: 0, off: 0 };
/** The clinic's own id of one line (its MIS's). */
const MIS_ID = '880011';
let seq = 0;

/** A line of the clinic booked by time: Mondays 08:00–10:00, 40-minute slots (08:00, 08:40, 09:20). */
async function line(input: { misServiceId?: string; appointmentOn?: boolean } = {}) {
  const row = await createClinicService(database.db, {
    clinicId: ids.clinic,
    synonym: { name: `МРТ поясничного отдела ${++seq}` },
    priceFull: 5200,
    ...input,
  });
  await database.db.insert(scheduleRules).values({
    clinicServiceId: row.id,
    weekday: 1,
    startTime: '08:00',
    endTime: '10:00',
    slotMinutes: 40,
    validFrom: '2026-01-01',
  });
  return { id: row.id, synonymId: row.synonymId, name: row.name };
}

const form = (synonymId: number | string, change: Record<string, unknown> = {}) => ({
  service_id: synonymId,
  lpu_id: ids.clinic,
  slot: '23.11.2026 08:00',
  last_name: 'Сидорова',
  first_name: 'Мария',
  patronymic: '',
  no_patronymic: true,
  birth_date: '1979-12-30',
  request_key: `service-booking-${seq++}`,
  source: 'services_list',
  ...change,
});

const book = (session: TestSession, payload: Record<string, unknown>) =>
  session.inject({ url: '/ajax/appointment/create/', payload });

async function freeTimes(synonymId: number, day: string): Promise<string[]> {
  const res = await injectWithCsrf(app, {
    url: '/ajax/services/schedule/',
    payload: {
      days: 30,
      day_start: '2026-11-22',
      only_free: true,
      town_timedelta: 3,
      services: [{ lpu_id: ids.clinic, service_id: synonymId }],
    },
  });
  return (res.json()[0].slots[day] ?? []).map((s: { time: string }) => s.time);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(database.db, { townId: town.id });
  ids.clinic = clinic.id;
  // A line the clinic does not book online.
  ids.off = (await line({ appointmentOn: false })).synonymId;
  app = await buildApp({ db: database.db, clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('booking a clinic service by time', () => {
  it('books a free slot of the line, gives its .ics and SMS and takes it off the calendar', async () => {
    const mri = await line();
    const patient = await signedInAs(app, database.db, { phone: '79004445566' });
    expect(await freeTimes(mri.synonymId, '2026-11-23')).toEqual(['08:00', '08:40', '09:20']);
    const res = await book(patient, form(mri.synonymId));
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
      clinicServiceId: mri.id,
      workplaceId: null,
      patientName: 'Сидорова Мария',
    });
    expect(await freeTimes(mri.synonymId, '2026-11-23')).toEqual(['08:40', '09:20']);

    const ics = await app.inject({ url: appointment.ics_url });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`SUMMARY:${mri.name}`);

    await app.jobs.runDue();
    const outbox = (await app.inject({ url: '/dev/outbox.json' })).json().messages;
    expect(outbox.find((m: { phone: string }) => m.phone === '79004445566')?.text).toMatch(
      new RegExp(`^Вы записаны: ${mri.name}, 23\\.11 в 08:00, `),
    );
  });

  it('finds the line by its MIS id too, and refuses a taken slot with the nearest free ones', async () => {
    const mri = await line({ misServiceId: MIS_ID });
    expect((await book(await signedInAs(app, database.db), form(mri.synonymId))).statusCode).toBe(201);
    const rival = await signedInAs(app, database.db);
    const res = await book(rival, form(MIS_ID));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'slot_taken',
      code: 'slot_taken',
      detail: SERVICE_BOOKING_FAILURES.slot_taken,
    });
    expect(res.json().alternatives[0]).toEqual({
      day: '2026-11-23',
      time: '08:40',
      duration: 40,
      slot: '23.11.2026 08:40',
    });
  });

  it('says what is wrong in the words of a service', async () => {
    const mri = await line();
    const patient = await signedInAs(app, database.db);
    const unknown = await book(patient, form('nothing-here'));
    expect(unknown.json()).toMatchObject({ reason: 'not_found', detail: SERVICE_BOOKING_FAILURES.not_found });
    const off = await book(patient, form(ids.off));
    expect(off.json()).toMatchObject({ reason: 'booking_off', detail: SERVICE_BOOKING_FAILURES.booking_off });
    const odd = await book(patient, form(mri.synonymId, { slot: '23.11.2026 08:10' }));
    expect(odd.json()).toMatchObject({
      reason: 'slot_unavailable',
      detail: SERVICE_BOOKING_FAILURES.slot_unavailable,
    });
    const nothing = await book(patient, form(mri.synonymId, { service_id: undefined }));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({ doctor_id: BOOKING_ERRORS.badRequest });
  });

  it('holds a service slot for the patient; others see it taken until it is released', async () => {
    const mri = await line();
    const patient = await signedInAs(app, database.db);
    const hold = await patient.inject({
      url: '/ajax/appointment/hold/',
      payload: { service_id: mri.synonymId, lpu_id: ids.clinic, slot: '23.11.2026 09:20' },
    });
    expect(hold.statusCode).toBe(201);
    expect(await freeTimes(mri.synonymId, '2026-11-23')).toEqual(['08:00', '08:40']);
    const rival = await signedInAs(app, database.db);
    const refused = await book(rival, form(mri.synonymId, { slot: '23.11.2026 09:20' }));
    expect(refused.json().reason).toBe('slot_taken');
    const released = await patient.inject({
      url: `/ajax/appointment/hold/${hold.json().hold_id}/release/`,
      payload: {},
    });
    expect(released.json()).toEqual({ released: true });
    expect(await freeTimes(mri.synonymId, '2026-11-23')).toEqual(['08:00', '08:40', '09:20']);
  });

  it('turns the hold into the appointment when the patient books with it', async () => {
    const mri = await line();
    const patient = await signedInAs(app, database.db);
    const hold = await patient.inject({
      url: '/ajax/appointment/hold/',
      payload: { service_id: mri.synonymId, lpu_id: ids.clinic, slot: '07.12.2026 08:00' },
    });
    const res = await book(
      patient,
      form(mri.synonymId, { slot: '07.12.2026 08:00', hold_id: hold.json().hold_id }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment.id).toBe(hold.json().hold_id);
  });

  it('20 patients press one service slot at once: one appointment, 19 refusals, no 5xx', async () => {
    const mri = await line();
    const rivals = await Promise.all(Array.from({ length: 20 }, () => signedInAs(app, database.db)));
    const replies = await Promise.all(
      rivals.map((r) => book(r, form(mri.synonymId, { slot: '30.11.2026 08:40' }))),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.clinicServiceId, mri.id), eq(appointments.status, 'active')));
    expect(rows.filter((r) => r.during.includes('2026-11-30'))).toHaveLength(1);
  });
});
