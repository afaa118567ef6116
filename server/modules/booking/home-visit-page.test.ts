import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { clinics } from '../../db/schema/clinics';
import { scheduleRules } from '../../db/schema/schedule';
import { metroStations } from '../../db/schema/towns';
import { createClinic, createDoctor } from '../../db/seed/factories';
import { testPages } from '../../testing/pages';
import { bookingFixture, PUBLIC_URL, START } from './booking-fixture';

/**
 * The visit page (/appointment/{id}/) of a home visit says where the doctor goes, and nothing of
 * the clinic's place: not its address, not its metro station, no route to it
 * (docs/product/visits.md, 'Where the doctor goes'). A visit at the same clinic shows all three.
 */
const world = bookingFixture();

/** The same database served with its pages rendered (the fixture's app answers calls only). */
let site: FastifyInstance;
let closePages: () => Promise<void> = async () => {};
beforeAll(async () => {
  const { pages, close } = await testPages();
  closePages = close;
  site = await buildApp({ db: world.db, clock: { now: () => START }, publicUrl: PUBLIC_URL, pages });
}, 120_000);
afterAll(async () => {
  await site?.close();
  await closePages();
});

/** A doctor who sees patients at the clinic (Monday mornings) and goes home (Monday afternoons). */
async function doctorOfBoth() {
  const { lpu_id } = await world.doctor();
  const [{ townId }] = await world.db
    .select({ townId: clinics.townId })
    .from(clinics)
    .where(eq(clinics.id, lpu_id));
  const [metro] = await world.db
    .insert(metroStations)
    .values({ townId, name: 'Площадь Маркса', slug: `ploshchad-marksa-${Date.now()}` })
    .returning({ id: metroStations.id });
  const clinic = await createClinic(world.db, {
    townId,
    street: 'Красный проспект',
    house: '77',
    lat: 55.0415,
    lon: 82.9346,
    metroId: metro.id,
  });
  const doctor = await createDoctor(world.db, { townId, clinicIds: [clinic.id] });
  const rule = { workplaceId: doctor.workplaces[0].id, weekday: 1, validFrom: '2026-01-01' };
  await world.db.insert(scheduleRules).values([
    { ...rule, visitType: 'clinic', startTime: '09:00', endTime: '12:00', slotMinutes: 30 },
    { ...rule, visitType: 'home', startTime: '14:00', endTime: '17:00', slotMinutes: 60 },
  ]);
  return { doctor_id: doctor.id, lpu_id: clinic.id };
}

/** The visit's page as the patient opens it from the SMS link. */
async function visitPage(res: { statusCode: number; body: string; json: () => unknown }): Promise<string> {
  expect(res.statusCode, res.body).toBe(201);
  const { appointment } = res.json() as { appointment: { url: string } };
  const link = new URL(appointment.url, 'http://localhost');
  const page = await site.inject({ url: `${link.pathname}${link.search}` });
  expect(page.statusCode, page.body).toBe(200);
  return page.body;
}

describe('the visit page of a home visit', () => {
  it('shows the patient’s address, and neither the clinic’s address nor its metro nor a route to it', async () => {
    const spot = await doctorOfBoth();
    const patient = await world.patient();
    const home = await visitPage(
      await world.book(
        patient,
        world.form(spot, {
          type: 'home',
          slot: '23.11.2026 14:00',
          home_address: { street: 'ул. Ленина', house: '5', flat: '12', note: 'Код 12К' },
        }),
      ),
    );
    expect(home).toContain('Врач приедет по адресу');
    expect(home).toContain('ул. Ленина, д. 5, кв. 12');
    expect(home).not.toContain('Красный проспект');
    expect(home).not.toContain('Площадь Маркса');
    expect(home).not.toContain('Как добраться');
    expect(home).not.toContain('rtext=');
    expect(home).not.toContain('Возьмите с собой паспорт');

    // The same clinic's visit there: its address, metro and the route to its point.
    const there = await visitPage(await world.book(patient, world.form(spot, { slot: '23.11.2026 09:00' })));
    expect(there).toContain('Красный проспект, 77');
    expect(there).toContain('Площадь Маркса');
    expect(there).toContain('Как добраться');
    expect(there).toContain('rtext=~55.0415,82.9346');
    expect(there).not.toContain('Врач приедет по адресу');
  });
});
