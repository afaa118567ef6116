import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOME_TEXTS } from '../../../core/booking/home-visit';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { createClinic } from '../../db/seed/factories';
import { signedInAs } from '../../testing/session';
import { bookingFixture, HOME_ADDRESS } from './booking-fixture';

const world = bookingFixture();
const { form, book } = world;

/** A home-visit doctor (the fixture's) from a clinic placed in Novosibirsk's centre. */
const homeDoctor = (settings: Parameters<typeof world.homeDoctor>[0] = {}) =>
  world.homeDoctor({ lat: 55.03, lon: 82.92, ...settings });

describe('booking a home visit', () => {
  it('keeps the address and the window on the visit, and the clinic staff see it', async () => {
    const spot = await homeDoctor({ homeWindowMinutes: 120 });
    const patient = await world.patient();
    const res = await book(
      patient,
      form(spot, { type: 'home', slot: '23.11.2026 10:00', home_address: HOME_ADDRESS }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id;
    const [row] = await world.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row.visitType).toBe('home');
    expect(row.homeWindowMinutes).toBe(120);
    expect(row.homeAddress).toMatchObject({ ...HOME_ADDRESS, districtId: null, lat: null, lon: null });

    // The clinic's front desk: its reception list names where the doctor goes.
    const desk = await signedInAs(world.app, world.db, {
      role: 'clinic',
      clinicId: spot.lpu_id,
      clinicRole: 'receptionist',
    });
    const list = await desk.inject({ method: 'GET', url: '/cabinet/ajax/appointments/?date=2026-11-23' });
    expect(list.statusCode, list.body).toBe(200);
    const visit = list.json().visits.find((v: { id: number }) => v.id === id);
    expect(visit.home).toEqual({
      address: {
        line: 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К',
        district: null,
        note: 'Собака добрая',
        lat: null,
        lon: null,
      },
      windowMinutes: 120,
    });

    // Its calendar too (the day's column of the doctor).
    const calendar = await desk.inject({
      method: 'GET',
      url: `/cabinet/ajax/calendar/?date=2026-11-23&days=1&doctor=${spot.doctor_id}`,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const items = calendar
      .json()
      .columns.flatMap((c: { days: { items: unknown[] }[] }) => c.days.flatMap((d) => d.items));
    expect(items.find((i: { kind: string; id?: number }) => i.kind === 'visit' && i.id === id)).toMatchObject(
      {
        homeAddress: 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К',
      },
    );

    // Another clinic's staff never see it: their list has not this visit.
    const other = await homeDoctor();
    const stranger = await signedInAs(world.app, world.db, { role: 'clinic', clinicId: other.lpu_id });
    const theirs = await stranger.inject({
      method: 'GET',
      url: '/cabinet/ajax/appointments/?date=2026-11-23',
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('Ленина');
    expect(theirs.json().visits.map((v: { id: number }) => v.id)).not.toContain(id);
  });

  it('refuses a home visit without an address, and a clinic visit keeps none', async () => {
    const spot = await homeDoctor();
    const patient = await world.patient();
    const res = await book(patient, form(spot, { type: 'home', slot: '23.11.2026 09:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.home_address).toBe(HOME_TEXTS.address);
    const noHouse = await book(
      patient,
      form(spot, { type: 'home', slot: '23.11.2026 09:00', home_address: { street: 'Ленина', house: ' ' } }),
    );
    expect(noHouse.statusCode).toBe(400);
    expect(noHouse.json().errors.home_address).toBe(HOME_TEXTS.house);
    const junk = await book(
      patient,
      form(spot, { type: 'home', slot: '23.11.2026 09:00', home_address: 'Ленина 5' }),
    );
    expect(junk.statusCode).toBe(400);
    const rows = await world.db.select().from(appointments).where(eq(appointments.doctorId, spot.doctor_id));
    expect(rows).toHaveLength(0);

    const clinicDoctor = await world.doctor();
    const atClinic = await book(patient, form(clinicDoctor, { home_address: HOME_ADDRESS }));
    expect(atClinic.statusCode).toBe(201);
    const [row] = await world.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, atClinic.json().appointment.id));
    expect(row.homeAddress).toBeNull();
  });

  it('refuses an address outside the clinic districts with the one text, taking no time', async () => {
    const _first = await homeDoctor();
    const arbat = await world.district('Арбат');
    const tverskoy = await world.district('Тверской');
    const spot = await homeDoctor({ homeDistrictIds: [arbat] });
    const patient = await world.patient();
    const outside = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { ...HOME_ADDRESS, district_id: tverskoy },
      }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ detail: HOME_TEXTS.outside, code: 'outside_area' });
    expect(
      await world.db.select().from(appointments).where(eq(appointments.doctorId, spot.doctor_id)),
    ).toHaveLength(0);
    // The town has districts: one must be chosen.
    const none = await book(
      patient,
      form(spot, { type: 'home', slot: '23.11.2026 09:00', home_address: HOME_ADDRESS }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(HOME_TEXTS.district);

    const inside = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { ...HOME_ADDRESS, district_id: arbat },
      }),
    );
    expect(inside.statusCode, inside.body).toBe(201);
    const [row] = await world.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, inside.json().appointment.id));
    expect(row.homeAddress).toMatchObject({ districtId: arbat, districtName: 'Арбат' });
  });

  it('refuses a district of another town as a forged body', async () => {
    const spot = await homeDoctor();
    const patient = await world.patient();
    const res = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { ...HOME_ADDRESS, district_id: 999_999 },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(HOME_TEXTS.district);
  });

  it('measures the radius from the clinic where the geocoder knows the house', async () => {
    const spot = await homeDoctor({ homeRadiusKm: 5 });
    // Houses the dev geocoder knows: where clinics stand, 2 km and 20 km north of this one.
    await createClinic(world.db, {
      townId: spot.townId,
      street: 'Ближняя улица',
      house: '3',
      lat: 55.048,
      lon: 82.92,
    });
    await createClinic(world.db, {
      townId: spot.townId,
      street: 'Дальняя улица',
      house: '9',
      lat: 55.21,
      lon: 82.92,
    });
    // The town's districts (an earlier test listed some): the patient's is not the clinic's concern here.
    const district_id = await world.district('Ленинский');
    const patient = await world.patient();
    const far = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { street: 'ул. Дальняя', house: '9', district_id },
      }),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().detail).toBe(HOME_TEXTS.outside);
    const near = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { street: 'Ближняя улица', house: '3', district_id },
      }),
    );
    expect(near.statusCode, near.body).toBe(201);
    const [row] = await world.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, near.json().appointment.id));
    expect(row.homeAddress).toMatchObject({ lat: 55.048, lon: 82.92 });
    // A house nobody knows: nothing says it is out (the desk sees the address before the doctor goes).
    const unknown = await book(
      patient,
      form(spot, {
        type: 'home',
        slot: '23.11.2026 10:00',
        home_address: { street: 'Безвестная', house: '1', district_id },
      }),
    );
    expect(unknown.statusCode, unknown.body).toBe(201);
  });
});

describe('the clinic sets its home-visit area in the cabinet', () => {
  it('lets its administrator set a radius, the town districts and a window; others are refused', async () => {
    const spot = await homeDoctor();
    const ours = await world.district('Центральный');
    const admin = await signedInAs(world.app, world.db, { role: 'clinic', clinicId: spot.lpu_id });
    const url = '/cabinet/ajax/settings/home-visits/';
    const before = await admin.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ radius_km: null, district_ids: [], window_minutes: null });
    expect(before.json().districts.map((d: { id: number }) => d.id)).toContain(ours);

    const saved = await admin.inject({
      url,
      payload: { radius_km: 7, district_ids: [ours, ours], window_minutes: 120 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ radius_km: 7, district_ids: [ours], window_minutes: 120 });
    const [row] = await world.db.select().from(clinics).where(eq(clinics.id, spot.lpu_id));
    expect(row).toMatchObject({ homeRadiusKm: 7, homeDistrictIds: [ours], homeWindowMinutes: 120 });

    for (const junk of [
      { radius_km: 0, district_ids: [], window_minutes: null },
      { radius_km: null, district_ids: [], window_minutes: 45 },
      { radius_km: null, district_ids: [999_999], window_minutes: null },
      { radius_km: '5', district_ids: 'all', window_minutes: null },
    ]) {
      const res = await admin.inject({ url, payload: junk });
      expect(res.statusCode, JSON.stringify(junk)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }

    const desk = await signedInAs(world.app, world.db, {
      role: 'clinic',
      clinicId: spot.lpu_id,
      clinicRole: 'receptionist',
    });
    expect(
      (await desk.inject({ url, payload: { radius_km: null, district_ids: [], window_minutes: null } }))
        .statusCode,
    ).toBe(403);
    const patient = await world.patient();
    expect((await patient.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});
