import { expect } from 'vitest';
import { signedInAs } from '../../testing/session';
import type { bookingFixture, Spot } from '../booking/booking-fixture';

// The set-up the MIS API's tests share (mis.test.ts, mis-feed.test.ts, webhooks.test.ts): a clinic's key made in its
// cabinet, the calls with it, and a booking in the booking tests' world.

/** A key that may do everything, as the cabinet issues it. */
export const FULL_KEY = {
  label: 'МИС клиники',
  scopes: ['slots', 'doctors', 'appointments:read', 'appointments:write'],
};

/** Monday 23 November 2026 in Novosibirsk (UTC+7), the fixture's town. */
export const monday = (time: string) => `2026-11-23T${time}:00+07:00`;
export const week = { from: '2026-11-23', to: '2026-11-29' };

/** The helpers over one test file's booking world. */
export function misHelpers(t: ReturnType<typeof bookingFixture>) {
  const clinicAccount = (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId });

  const keys = new Map<number, string>();

  /** A key of the clinic's, made in its cabinet (one per clinic: a clinic holds at most five). */
  async function keyOf(clinicId: number): Promise<string> {
    const known = keys.get(clinicId);
    if (known) return known;
    const res = await (await clinicAccount(clinicId)).inject({
      url: '/cabinet/ajax/mis-keys/',
      payload: FULL_KEY,
    });
    expect(res.statusCode, res.body).toBe(201);
    keys.set(clinicId, res.json().secret);
    return res.json().secret;
  }

  const call = (key: string | null, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });

  const push = (key: string, payload: unknown) => call(key, 'PUT', '/api/mis/v1/slots/', payload);
  const feed = (key: string, query = '') => call(key, 'GET', `/api/mis/v1/appointments/${query}`);

  async function book(spot: Spot, slot: string, lastName = 'Иванова'): Promise<number> {
    const res = await t.book(await t.patient(), t.form(spot, { slot, last_name: lastName }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().appointment.id;
  }

  /**
   * A doctor who goes on home visits (Mondays 09:00–12:00, hour slots) from a clinic of his own in
   * the fixture's town, which serves one district of the town, 'Ленинский' (its id is returned).
   */
  async function homeDoctor(window: number | null = null): Promise<Spot & { districtId: number }> {
    const districtId = await t.district('Ленинский');
    const spot = await t.homeDoctor({ homeDistrictIds: [districtId], homeWindowMinutes: window });
    return { doctor_id: spot.doctor_id, lpu_id: spot.lpu_id, districtId };
  }

  return { clinicAccount, keyOf, call, push, feed, book, homeDoctor };
}
