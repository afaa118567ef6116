import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clinics } from '../../db/schema/clinics';
import { scheduleRules } from '../../db/schema/schedule';
import { districts } from '../../db/schema/towns';
import { createClinic, createDoctor } from '../../db/seed/factories';
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
    const { lpu_id } = await t.doctor();
    const [{ townId }] = await t.db
      .select({ townId: clinics.townId })
      .from(clinics)
      .where(eq(clinics.id, lpu_id));
    const [district] = await t.db
      .insert(districts)
      .values({ townId, name: 'Ленинский', slug: `leninskiy-${Date.now()}-${districtSeq++}` })
      .returning({ id: districts.id });
    const clinic = await createClinic(t.db, {
      townId,
      homeDistrictIds: [district.id],
      homeWindowMinutes: window,
    });
    const doctor = await createDoctor(t.db, { townId, clinicIds: [clinic.id] });
    await t.db.insert(scheduleRules).values({
      workplaceId: doctor.workplaces[0].id,
      visitType: 'home',
      weekday: 1,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 60,
      validFrom: '2026-01-01',
    });
    return { doctor_id: doctor.id, lpu_id: clinic.id, districtId: district.id };
  }

  return { clinicAccount, keyOf, call, push, feed, book, homeDoctor };
}

let districtSeq = 0;

/** A home visit's address as the booking form sends it (the district is the clinic's). */
export const HOME_ADDRESS = {
  street: 'ул. Ленина',
  house: '5',
  flat: '12',
  entrance: '2',
  floor: '3',
  intercom: '12К',
  note: 'Собака добрая',
};
