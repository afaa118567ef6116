import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ERRORS, BOOKING_FAILURES } from '../../../core/booking/form';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments, callbackRequests } from '../../db/schema/booking';
import { workplaces } from '../../db/schema/directory';
import { scheduleExceptions, scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
// Sunday 22 November 2026, 12:00 in Novosibirsk (UTC+7). Tests move it forward for the cut-off.
let now = new Date('2026-11-22T05:00:00Z');
const clock: Clock = { now: () => now };
const ids = { doctor: 0, clinic: 0, closedDoctor: 0, closedClinic: 0 };
let patient: TestSession;
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${keySeq++}`;

const form = (change: Record<string, unknown> = {}) => ({
  doctor_id: ids.doctor,
  lpu_id: ids.clinic,
  slot: '23.11.2026 09:00',
  last_name: 'Иванова',
  first_name: 'Анна',
  patronymic: 'Петровна',
  birth_date: '1990-04-01',
  request_key: key(),
  source: 'doctors_list',
  ...change,
});

const book = (session: TestSession, payload: Record<string, unknown>) =>
  session.inject({ url: '/ajax/appointment/create/', payload });

async function freeTimes(day: string): Promise<string[]> {
  const res = await injectWithCsrf(app, {
    url: '/ajax/schedule/slots_bulk/',
    payload: {
      days: 14,
      dt_start: '2026-11-22',
      town_timedelta: 7,
      doctors_lpus: [{ doctor_id: ids.doctor, lpu_id: ids.clinic }],
    },
  });
  return (res.json()[0].slots[day] ?? []).map((s: { time: string }) => s.time);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { tz: 'Asia/Novosibirsk' });
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  Object.assign(ids, { doctor: doctor.id, clinic: clinic.id });
  // Mondays 09:00–12:00, 30-minute slots; the second Monday off.
  await db.insert(scheduleRules).values({
    workplaceId: doctor.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  await db
    .insert(scheduleExceptions)
    .values({ workplaceId: doctor.workplaces[0].id, date: '2026-11-30', kind: 'off' });

  const closedClinic = await createClinic(db, { townId: town.id });
  const closed = await createDoctor(db, { townId: town.id, clinicIds: [closedClinic.id] });
  await db
    .update(workplaces)
    .set({ isAppointmentOn: false })
    .where(eq(workplaces.id, closed.workplaces[0].id));
  Object.assign(ids, { closedDoctor: closed.id, closedClinic: closedClinic.id });

  app = await buildApp({ db, clock });
  patient = await signedInAs(app, db, { phone: '79001112233' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /ajax/appointment/create/', () => {
  it('asks an anonymous visitor to confirm a phone, and refuses work accounts', async () => {
    const anonymous = await injectWithCsrf(app, { url: '/ajax/appointment/create/', payload: form() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: BOOKING_ERRORS.signIn });
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId: ids.doctor });
    const refused = await book(doctor, form());
    expect(refused.statusCode).toBe(403);
  });

  it('names every wrong field in Russian, 400 never 500', async () => {
    const res = await book(patient, form({ last_name: '', birth_date: '2030-01-01', patronymic: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      last_name: BOOKING_ERRORS.lastName,
      birth_date: BOOKING_ERRORS.birthDateWrong,
      patronymic: BOOKING_ERRORS.patronymic,
    });
    for (const junk of [[], { doctor_id: 'abc' }, { ...form(), type: 'spa' }]) {
      const r = await book(patient, junk as unknown as Record<string, unknown>);
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBeTruthy();
    }
    // Not JSON at all: still a 400 with a JSON {detail}.
    const text = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBeTruthy();
    const badSlot = await book(patient, form({ slot: '31.02.2026 09:00' }));
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.json()).toMatchObject({
      detail: BOOKING_ERRORS.slot,
      errors: { slot: BOOKING_ERRORS.slot },
    });
  });

  it('books a free slot in the clinic’s zone, takes it off the calendar and sends the SMS', async () => {
    expect(await freeTimes('2026-11-23')).toContain('09:00');
    const payload = form();
    const res = await book(patient, payload);
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({
      status: 'active',
      doctor_id: ids.doctor,
      lpu_id: ids.clinic,
      type: 'clinic',
      // 09:00 in Novosibirsk is 02:00 UTC.
      starts_at: '2026-11-23T02:00:00.000Z',
      ends_at: '2026-11-23T02:30:00.000Z',
    });
    expect(appointment.url).toMatch(new RegExp(`^/appointment/${appointment.id}/\\?token=[\\w-]{20,}$`));
    expect(await freeTimes('2026-11-23')).not.toContain('09:00');

    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({
      patientName: 'Иванова Анна Петровна',
      patientPhone: '79001112233',
      userId: patient.userId,
    });

    // The confirmation is a durable job (messages.test.ts): it goes out when the due jobs run.
    await app.jobs.runDue();
    const outbox = await app.inject({ url: '/dev/outbox.json' });
    const sms = outbox.json().messages.find((m: { phone: string }) => m.phone === '79001112233');
    expect(sms?.text).toMatch(/^Вы записаны к врачу .+ 23\.11 в 09:00, /);

    // The same press again (a lost reply, a double click): the same appointment, nothing new.
    const again = await book(patient, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().appointment.id).toBe(appointment.id);
    const count = await database.db.select().from(appointments).where(eq(appointments.doctorId, ids.doctor));
    expect(count.filter((a) => a.status === 'active')).toHaveLength(1);
  });

  it('a taken slot fails with the spec title and the nearest free slots instead', async () => {
    const other = await signedInAs(app, database.db);
    const res = await book(other, form());
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Не получилось записаться',
      reason: 'slot_taken',
      detail: BOOKING_FAILURES.slot_taken,
    });
    expect(body.alternatives[0]).toEqual({
      day: '2026-11-23',
      time: '09:30',
      duration: 30,
      slot: '23.11.2026 09:30',
    });
    expect(body.alternatives.map((a: { time: string }) => a.time)).not.toContain('09:00');
    // The key of a failed try is not used up: the patient retries with a new one anyway.
  });

  it.each([
    ['23.11.2026 12:00', 'after the last rule slot'],
    ['23.11.2026 09:10', 'not on the slot grid'],
    ['30.11.2026 09:00', 'a day off'],
    ['16.11.2026 09:00', 'in the past'],
    ['24.11.2026 09:00', 'a day without rules'],
  ])('%s (%s) is not in the schedule', async (slot) => {
    const res = await book(patient, form({ slot }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'slot_unavailable',
      detail: BOOKING_FAILURES.slot_unavailable,
    });
  });

  it('a doctor the clinic does not book online, or who does not work there', async () => {
    const off = await book(patient, form({ doctor_id: ids.closedDoctor, lpu_id: ids.closedClinic }));
    expect(off.json()).toMatchObject({ reason: 'booking_off', alternatives: [] });
    const elsewhere = await book(patient, form({ lpu_id: ids.closedClinic }));
    expect(elsewhere.json()).toMatchObject({ reason: 'not_found' });
  });

  it('50 patients press the same slot at once: exactly one appointment, 49 failures, no 5xx', async () => {
    const patients = await Promise.all(Array.from({ length: 50 }, () => signedInAs(app, database.db)));
    const replies = await Promise.all(patients.map((p) => book(p, form({ slot: '23.11.2026 11:00' }))));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of replies.filter((x) => x.statusCode === 409)) expect(r.json().reason).toBe('slot_taken');
    const rows = await database.db.select().from(appointments).where(eq(appointments.doctorId, ids.doctor));
    const at11 = rows.filter((a) => a.status === 'active' && a.during.includes('04:00:00'));
    expect(at11).toHaveLength(1);
  });
});

describe('the booked appointment', () => {
  let appointment: { id: number; url: string; ics_url: string };
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';

  beforeAll(async () => {
    const res = await book(patient, form({ slot: '23.11.2026 10:00' }));
    appointment = res.json().appointment;
  });

  it('downloads as an .ics file for the link’s holder only', async () => {
    const ics = await app.inject({ url: appointment.ics_url });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('DTSTART:20261123T030000Z');
    const wrong = await app.inject({ url: `/appointment/${appointment.id}/ics/?token=nope` });
    expect(wrong.statusCode).toBe(404);
  });

  it('another patient cannot cancel it; a cancel after the cut-off is refused', async () => {
    const stranger = await signedInAs(app, database.db);
    const res = await stranger.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(res.statusCode).toBe(404);
    now = new Date('2026-11-23T02:30:00Z'); // 09:30 local: half an hour before, the cut-off is 2 h.
    try {
      const late = await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe('Отменить запись на сайте уже нельзя: позвоните в клинику');
    } finally {
      now = new Date('2026-11-22T05:00:00Z');
    }
  });

  it('cancelling by the link frees the slot at once', async () => {
    expect(await freeTimes('2026-11-23')).not.toContain('10:00');
    const res = await injectWithCsrf(app, {
      url: `/ajax/appointment/${appointment.id}/cancel/`,
      payload: { token: tokenOf(appointment.url) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'canceled' });
    expect(await freeTimes('2026-11-23')).toContain('10:00');
    const twice = await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(twice.statusCode).toBe(409);
  });
});

describe('holding a time while the form is filled', () => {
  const hold = (session: TestSession, slot: string) =>
    session.inject({
      url: '/ajax/appointment/hold/',
      payload: { doctor_id: ids.doctor, lpu_id: ids.clinic, slot },
    });

  it('keeps the time from others until the holder books it', async () => {
    const res = await hold(patient, '23.11.2026 09:30');
    expect(res.statusCode).toBe(201);
    const { hold_id, expires_at } = res.json();
    expect(expires_at).toBe('2026-11-22T05:10:00.000Z');
    expect(await freeTimes('2026-11-23')).not.toContain('09:30');

    const other = await signedInAs(app, database.db);
    const lost = await book(other, form({ slot: '23.11.2026 09:30' }));
    expect(lost.statusCode).toBe(409);
    expect(lost.json().reason).toBe('slot_taken');
    expect((await hold(other, '23.11.2026 09:30')).statusCode).toBe(409);

    const booked = await book(patient, form({ slot: '23.11.2026 09:30', hold_id }));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().appointment.id).toBe(hold_id);
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, hold_id));
    expect(row).toMatchObject({
      status: 'active',
      holdExpiresAt: null,
      patientName: 'Иванова Анна Петровна',
    });
  });

  it('a released hold frees the time at once; a new hold replaces the patient’s old one', async () => {
    const first = (await hold(patient, '23.11.2026 10:30')).json().hold_id;
    const second = (await hold(patient, '23.11.2026 11:30')).json().hold_id;
    // One hold per patient: 10:30 is free again.
    expect(await freeTimes('2026-11-23')).toContain('10:30');
    expect(await freeTimes('2026-11-23')).not.toContain('11:30');
    const gone = await patient.inject({ url: `/ajax/appointment/hold/${first}/release/`, payload: {} });
    expect(gone.json()).toEqual({ released: false });
    const released = await patient.inject({ url: `/ajax/appointment/hold/${second}/release/`, payload: {} });
    expect(released.json()).toEqual({ released: true });
    expect(await freeTimes('2026-11-23')).toContain('11:30');
  });

  it('an expired hold no longer keeps the time: another patient books it', async () => {
    const { hold_id } = (await hold(patient, '23.11.2026 10:30')).json();
    const other = await signedInAs(app, database.db);
    now = new Date('2026-11-22T05:11:00Z');
    try {
      expect(await freeTimes('2026-11-23')).toContain('10:30');
      const res = await book(other, form({ slot: '23.11.2026 10:30' }));
      expect(res.statusCode).toBe(201);
      // The late holder's booking finds the time taken.
      const late = await book(patient, form({ slot: '23.11.2026 10:30', hold_id }));
      expect(late.json().reason).toBe('slot_taken');
    } finally {
      now = new Date('2026-11-22T05:00:00Z');
    }
  });
});

describe('POST /ajax/appointment/callback/', () => {
  const callback = (session: TestSession, payload: Record<string, unknown>) =>
    session.inject({ url: '/ajax/appointment/callback/', payload });
  const body = { doctor_id: 0, lpu_id: 0, date: '2026-11-22', times: ['afternoon', 'evening'] };

  it('stores a request for parts of a day that leave the clinic two hours', async () => {
    // 12:00 in Novosibirsk: the afternoon ends at 17:00.
    const res = await callback(patient, { ...body, doctor_id: ids.doctor, lpu_id: ids.clinic });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      date: '2026-11-22',
      times: ['afternoon', 'evening'],
      min_hours_to_call: 2,
    });
    // Asking again changes the open request rather than adding one.
    const again = await callback(patient, {
      ...body,
      doctor_id: ids.doctor,
      lpu_id: ids.clinic,
      date: '2026-11-23',
      times: ['morning'],
    });
    expect(again.json().id).toBe(res.json().id);
    const rows = await database.db
      .select()
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, patient.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: '2026-11-23',
      times: ['morning'],
      phone: '79001112233',
      status: 'new',
    });
  });

  it('refuses a part of the day that is over, an empty choice, anonymous visitors and closed booking', async () => {
    const late = await callback(patient, {
      ...body,
      doctor_id: ids.doctor,
      lpu_id: ids.clinic,
      times: ['morning'],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ detail: 'Это время уже прошло: выберите другое' });
    const none = await callback(patient, { ...body, doctor_id: ids.doctor, lpu_id: ids.clinic, times: [] });
    expect(none.json()).toMatchObject({ detail: 'Выберите удобное время звонка' });
    const anonymous = await injectWithCsrf(app, {
      url: '/ajax/appointment/callback/',
      payload: { ...body, doctor_id: ids.doctor, lpu_id: ids.clinic },
    });
    expect(anonymous.statusCode).toBe(401);
    const off = await callback(patient, { ...body, doctor_id: ids.closedDoctor, lpu_id: ids.closedClinic });
    expect(off.statusCode).toBe(409);
  });
});
