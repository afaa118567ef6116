import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALLBACK_TEXTS } from '../../../core/booking/callback';
import { BOOKING_ERRORS, BOOKING_FAILURES } from '../../../core/booking/form';
import { callbackRequests } from '../../db/schema/booking';
import { injectWithCsrf } from '../../testing/csrf';
import type { TestSession } from '../../testing/session';
import { bookingFixture } from './booking-fixture';

const world = bookingFixture();

describe('POST /ajax/appointment/callback/', () => {
  const callback = (session: TestSession, payload: Record<string, unknown>) =>
    session.inject({ url: '/ajax/appointment/callback/', payload });
  const day = { date: '2026-11-22', times: ['afternoon', 'evening'] };

  it('stores a request for parts of a day that leave the clinic two hours', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient('79001112299');
    // 12:00 in Novosibirsk: the afternoon ends at 17:00.
    const res = await callback(patient, { ...doctor, ...day });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      date: '2026-11-22',
      times: ['afternoon', 'evening'],
      min_hours_to_call: 2,
    });
    // Asking again changes the open request rather than adding one.
    const again = await callback(patient, { ...doctor, date: '2026-11-23', times: ['morning'] });
    expect(again.json().id).toBe(res.json().id);
    const rows = await world.db
      .select()
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, patient.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: '2026-11-23',
      times: ['morning'],
      phone: '79001112299',
      status: 'new',
    });
  });

  it('takes a request for a doctor the clinic takes no online booking of: the call is the way to book', async () => {
    const patient = await world.patient();
    const off = await callback(patient, { ...(await world.closedDoctor()), ...day });
    expect(off.statusCode).toBe(201);
    expect(off.json()).toMatchObject({ date: '2026-11-22', times: ['afternoon', 'evening'] });
  });

  it('refuses a part of the day that is over, an empty choice, anonymous visitors and an unknown doctor', async () => {
    const doctor = await world.doctor();
    const patient = await world.patient();
    const late = await callback(patient, { ...doctor, ...day, times: ['morning'] });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      detail: CALLBACK_TEXTS.late,
      code: 'bad_request',
      errors: { times: CALLBACK_TEXTS.late },
    });
    const none = await callback(patient, { ...doctor, ...day, times: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ detail: CALLBACK_TEXTS.times, code: 'bad_request' });
    const anonymous = await injectWithCsrf(world.app, {
      url: '/ajax/appointment/callback/',
      payload: { ...doctor, ...day },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: BOOKING_ERRORS.signIn, code: 'unauthorized' });
    const unknown = await callback(patient, { doctor_id: 999_999, lpu_id: 999_999, ...day });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: BOOKING_FAILURES.not_found });
  });
});
