import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_ERRORS, BOOKING_FAILURES } from '../../../core/booking/form';
import { appointments } from '../../db/schema/booking';
import { injectWithCsrf } from '../../testing/csrf';
import { signedInAs } from '../../testing/session';
import { bookingFixture, PUBLIC_URL } from './booking-fixture';

const world = bookingFixture();
const { form, book } = world;

describe('POST /ajax/appointment/create/', () => {
  it('asks an anonymous visitor to confirm a phone, and refuses work accounts', async () => {
    const doctor = await world.doctor();
    const anonymous = await injectWithCsrf(world.app, {
      url: '/ajax/appointment/create/',
      payload: form(doctor),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: BOOKING_ERRORS.signIn, code: 'unauthorized' });
    const staff = await signedInAs(world.app, world.db, { role: 'doctor', doctorId: doctor.doctor_id });
    const refused = await book(staff, form(doctor));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: BOOKING_ERRORS.workAccount, code: 'forbidden' });
  });

  it('names every wrong field in Russian, 400 never 500', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const res = await book(
      patient,
      form(doctor, { last_name: '', birth_date: '2030-01-01', patronymic: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      last_name: BOOKING_ERRORS.lastName,
      birth_date: BOOKING_ERRORS.birthDateWrong,
      patronymic: BOOKING_ERRORS.patronymic,
    });
    // Not an object at all: the form's general message.
    const list = await book(patient, [] as unknown as Record<string, unknown>);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ detail: BOOKING_ERRORS.badRequest, code: 'bad_request' });
    // A wrong field: its own message, first.
    for (const [junk, field] of [
      [{ doctor_id: 'abc' }, 'doctor_id'],
      [{ ...form(doctor), type: 'spa' }, 'type'],
    ] as const) {
      const r = await book(patient, junk);
      expect(r.statusCode).toBe(400);
      const body = r.json();
      expect(body.code).toBe('bad_request');
      expect(Object.keys(body.errors)[0]).toBe(field);
      expect(body.detail).toBe(body.errors[field]);
    }
    // Not JSON at all: still a 400 with a JSON {detail}.
    const text = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ detail: BOOKING_ERRORS.badRequest, code: 'bad_request' });
    const badSlot = await book(patient, form(doctor, { slot: '31.02.2026 09:00' }));
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.json()).toMatchObject({
      detail: BOOKING_ERRORS.slot,
      code: 'bad_request',
      errors: { slot: BOOKING_ERRORS.slot },
    });
  });

  it('books a free slot in the clinic’s zone, takes it off the calendar and sends the SMS', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient('79001112233');
    expect(await world.freeTimes(doctor, '2026-11-23')).toContain('09:00');
    const payload = form(doctor);
    const res = await book(patient, payload);
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({
      status: 'active',
      doctor_id: doctor.doctor_id,
      lpu_id: doctor.lpu_id,
      type: 'clinic',
      // 09:00 in Novosibirsk is 02:00 UTC.
      starts_at: '2026-11-23T02:00:00.000Z',
      ends_at: '2026-11-23T02:30:00.000Z',
    });
    expect(appointment.url).toMatch(new RegExp(`^/appointment/${appointment.id}/\\?token=[\\w-]{20,}$`));
    expect(await world.freeTimes(doctor, '2026-11-23')).not.toContain('09:00');

    const [row] = await world.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({
      patientName: 'Иванова Анна Петровна',
      patientPhone: '79001112233',
      userId: patient.userId,
    });

    // The confirmation is a durable job (messages.test.ts): it goes out when the due jobs run.
    await world.app.jobs.runDue();
    const outbox = await world.app.inject({ url: '/dev/outbox.json' });
    const sms = outbox.json().messages.find((m: { phone: string }) => m.phone === '79001112233');
    expect(sms?.text).toMatch(/^Вы записаны к врачу .+ 23\.11 в 09:00, /);

    // The same press again (a lost reply, a double click): the same appointment, nothing new.
    const again = await book(patient, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().appointment.id).toBe(appointment.id);
    const rows = await world.db
      .select()
      .from(appointments)
      .where(eq(appointments.doctorId, doctor.doctor_id));
    expect(rows.filter((a) => a.status === 'active')).toHaveLength(1);
  });

  it('keeps the patient’s own details for the next form, writing their row only when they changed', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    // xmin: the transaction that last wrote the row. A booking with the same details must not
    // write (nor lock) it: one patient's bookings made at once would queue behind each other.
    const written = async () => {
      const result = await world.db.execute(
        sql`SELECT xmin::text AS xmin, last_name, patronymic FROM users WHERE id = ${patient.userId}`,
      );
      return result.rows[0] as { xmin: string; last_name: string; patronymic: string | null };
    };
    expect((await book(patient, form(doctor, { slot: '23.11.2026 09:00' }))).statusCode).toBe(201);
    const first = await written();
    expect(first).toMatchObject({ last_name: 'Иванова', patronymic: 'Петровна' });
    expect((await book(patient, form(doctor, { slot: '23.11.2026 09:30' }))).statusCode).toBe(201);
    expect(await written()).toEqual(first);
    // Another doctor: two coming visits with one are the most (core/booking/visit-caps.ts).
    const changed = form(await world.doctor(), {
      slot: '23.11.2026 10:00',
      patronymic: '',
      no_patronymic: true,
    });
    expect((await book(patient, changed)).statusCode).toBe(201);
    const after = await written();
    expect(after).toMatchObject({ last_name: 'Иванова', patronymic: null });
    expect(after.xmin).not.toBe(first.xmin);
  });

  it('a taken slot fails with the failure title and the nearest free slots instead', async () => {
    const doctor = await world.doctor();
    expect((await book(await world.patient(), form(doctor))).statusCode).toBe(201);
    const res = await book(await world.patient(), form(doctor));
    expect(res.statusCode).toBe(409);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Не получилось записаться',
      reason: 'slot_taken',
      detail: BOOKING_FAILURES.slot_taken,
      code: 'slot_taken',
    });
    expect(body.alternatives[0]).toEqual({
      day: '2026-11-23',
      time: '09:30',
      duration: 30,
      slot: '23.11.2026 09:30',
    });
    expect(body.alternatives.map((a: { time: string }) => a.time)).not.toContain('09:00');
  });

  it.each([
    ['23.11.2026 12:00', 'after the last rule slot'],
    ['23.11.2026 09:10', 'not on the slot grid'],
    ['30.11.2026 09:00', 'a day off'],
    ['24.11.2026 09:00', 'a day without rules'],
  ])('%s (%s) is not in the schedule', async (slot) => {
    const res = await book(await world.patient(), form(await world.doctor(), { slot }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'slot_unavailable',
      detail: BOOKING_FAILURES.slot_unavailable,
      code: 'slot_unavailable',
    });
  });

  it.each([
    // Now is Sunday 22 November, 12:00 in Novosibirsk; the calendar shows 14 days.
    ['16.11.2026 09:00', 'last week', 'slot_past'],
    ['22.11.2026 11:30', 'earlier today', 'slot_past'],
    ['07.12.2026 09:00', 'the fifteenth day, a Monday in the rules', 'too_far'],
    ['23.11.2027 09:00', 'a year ahead, a Monday in the rules', 'too_far'],
  ])('%s (%s) is refused as %s, with the nearest free times', async (slot, _when, reason) => {
    const res = await book(await world.patient(), form(await world.doctor(), { slot }));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      reason,
      code: reason,
      detail: BOOKING_FAILURES[reason as 'slot_past' | 'too_far'],
    });
    expect(body.alternatives[0]).toMatchObject({ slot: '23.11.2026 09:00' });
  });

  it('a doctor the clinic does not book online, or who does not work there', async () => {
    const patient = await world.patient();
    const closed = await world.closedDoctor();
    const off = await book(patient, form(closed));
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ reason: 'booking_off', code: 'booking_off', alternatives: [] });
    const doctor = await world.doctor();
    const elsewhere = await book(patient, form({ ...doctor, lpu_id: closed.lpu_id }));
    expect(elsewhere.json()).toMatchObject({ reason: 'not_found', code: 'not_found' });
  });

  it('50 patients press the same slot at once: exactly one appointment, 49 failures, no 5xx', async () => {
    const doctor = await world.doctor();
    const patients = await Promise.all(Array.from({ length: 50 }, () => world.patient()));
    const replies = await Promise.all(
      patients.map((p) => book(p, form(doctor, { slot: '23.11.2026 11:00' }))),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of replies.filter((x) => x.statusCode === 409)) expect(r.json().reason).toBe('slot_taken');
    const rows = await world.db
      .select()
      .from(appointments)
      .where(eq(appointments.doctorId, doctor.doctor_id));
    const at11 = rows.filter((a) => a.status === 'active' && a.during.includes('04:00:00'));
    expect(at11).toHaveLength(1);
  });
});

describe('the booked appointment', () => {
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';

  /** A patient and their appointment at 10:00 on Monday 23 November with a new doctor. */
  async function booked() {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const res = await book(patient, form(doctor, { slot: '23.11.2026 10:00' }));
    const appointment: { id: number; url: string; ics_url: string } = res.json().appointment;
    return { doctor, patient, appointment };
  }

  it('downloads as an .ics file for the link’s holder only', async () => {
    const { appointment } = await booked();
    const ics = await world.app.inject({ url: appointment.ics_url });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('DTSTART:20261123T030000Z');
    const wrong = await world.app.inject({ url: `/appointment/${appointment.id}/ics/?token=nope` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: 'Запись не найдена', code: 'not_found' });
  });

  it('links the .ics back to PUBLIC_URL, whatever host the request names', async () => {
    const { appointment } = await booked();
    const ics = await world.app.inject({
      url: appointment.ics_url,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(ics.statusCode).toBe(200);
    // Long lines of an .ics file are folded: a line break and a space.
    const text = ics.body.replace(/\r\n[ \t]/g, '');
    expect(text).not.toContain('evil.example');
    expect(text).toContain(`UID:appointment-${appointment.id}@portal.example.ru`);
    expect(text).toContain(`${PUBLIC_URL}${appointment.url}`);
  });

  it('a malformed id is not found', async () => {
    const patient = await world.patient();
    const cancel = await patient.inject({ url: '/ajax/appointment/abc/cancel/', payload: {} });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toEqual({ detail: 'Запись не найдена', code: 'not_found' });
    const ics = await world.app.inject({ url: '/appointment/0/ics/' });
    expect(ics.statusCode).toBe(404);
    const release = await patient.inject({ url: '/ajax/appointment/hold/abc/release/', payload: {} });
    expect(release.statusCode).toBe(404);
    expect(release.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
  });

  it('another patient cannot cancel it; a cancel after the cut-off is refused', async () => {
    const { patient, appointment } = await booked();
    const stranger = await world.patient();
    const res = await stranger.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Запись не найдена', code: 'not_found' });
    // 09:30 local: half an hour before, the cut-off is 2 h.
    const late = await world.at(new Date('2026-11-23T02:30:00Z'), () =>
      patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      detail: 'Отменить запись на сайте уже нельзя: позвоните в клинику',
      code: 'cancel_too_late',
    });
  });

  it('cancelling by the link frees the slot at once', async () => {
    const { doctor, patient, appointment } = await booked();
    expect(await world.freeTimes(doctor, '2026-11-23')).not.toContain('10:00');
    const res = await injectWithCsrf(world.app, {
      url: `/ajax/appointment/${appointment.id}/cancel/`,
      payload: { token: tokenOf(appointment.url) },
    });
    expect(res.statusCode).toBe(200);
    // Nothing was paid on the site: nothing is kept, nothing goes back.
    expect(res.json()).toEqual({ status: 'canceled', money: { paid: 0, refund: 0 } });
    expect(await world.freeTimes(doctor, '2026-11-23')).toContain('10:00');
    const twice = await patient.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'Запись уже отменена', code: 'already_canceled' });
    // The calendar file now cancels the event it published: same UID, a higher SEQUENCE.
    const ics = (await world.app.inject({ url: appointment.ics_url })).body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain(
      `UID:appointment-${appointment.id}@portal.example.ru\r\nSEQUENCE:1\r\nSTATUS:CANCELLED\r\n`,
    );
    expect(ics).not.toContain('BEGIN:VALARM');
  });
});
