import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/database';
import type { Database } from '../client';
import { clinicHours } from '../schema/clinics';
import { doctorSpecialities, workplacePrices } from '../schema/doctors';
import {
  createClinic,
  createDoctor,
  createReview,
  createSpeciality,
  createTown,
  createUser,
} from './factories';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('factories', () => {
  it('create a doctor with a speciality, a clinic in the town, a workplace and a clinic price', async () => {
    const { db } = database;
    const town = await createTown(db);
    const doctor = await createDoctor(db, { townId: town.id });
    expect(doctor.townId).toBe(town.id);
    expect(doctor.workplaces).toHaveLength(1);
    const links = await db
      .select()
      .from(doctorSpecialities)
      .where(eq(doctorSpecialities.doctorId, doctor.id));
    expect(links).toEqual([
      expect.objectContaining({ isMain: true, townId: town.id, specialityId: doctor.specialityIds[0] }),
    ]);
    const prices = await db
      .select()
      .from(workplacePrices)
      .where(eq(workplacePrices.workplaceId, doctor.workplaces[0].id));
    expect(prices).toEqual([expect.objectContaining({ visitType: 'clinic', price: doctor.minPrice })]);
  });

  it('take overrides and existing specialities and clinics', async () => {
    const { db } = database;
    const town = await createTown(db, { name: 'Тестовск' });
    expect(town.name).toBe('Тестовск');
    const speciality = await createSpeciality(db, { name: 'Кардиолог', group: 'therapy' });
    const clinic = await createClinic(db, { townId: town.id, kind: 'dentistry', clubEnabled: true });
    expect(clinic).toMatchObject({ townId: town.id, kind: 'dentistry', clubEnabled: true });
    expect(await db.select().from(clinicHours).where(eq(clinicHours.clinicId, clinic.id))).toHaveLength(7);
    const doctor = await createDoctor(db, {
      townId: town.id,
      specialityIds: [speciality.id],
      clinicIds: [clinic.id],
      lastName: 'Иванова',
      gender: 'F',
      minPrice: 2500,
    });
    expect(doctor).toMatchObject({ lastName: 'Иванова', gender: 'F', minPrice: 2500 });
    expect(doctor.patronymic).toMatch(/на$/);
    expect(doctor.workplaces[0].clinicId).toBe(clinic.id);
  });

  it('create published, verified reviews of doctors and clinics, and users with unique phones', async () => {
    const { db } = database;
    const town = await createTown(db);
    const doctor = await createDoctor(db, { townId: town.id });
    const user = await createUser(db);
    const other = await createUser(db, { role: 'staff' });
    expect(user.phone).not.toBe(other.phone);
    expect(other.role).toBe('staff');
    const review = await createReview(db, { doctorId: doctor.id, userId: user.id, sentiment: 'negative' });
    expect(review).toMatchObject({
      doctorId: doctor.id,
      userId: user.id,
      status: 'published',
      isVerified: true,
    });
    expect(review.text.length).toBeGreaterThan(20);
    const clinicReview = await createReview(db, { clinicId: doctor.workplaces[0].clinicId });
    expect(clinicReview.doctorId).toBeNull();
  });
});
