import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicDoctorCard } from '../../../core/clinic/contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { workplacePrices } from '../../db/schema/doctors';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { signedInAs } from '../../testing/session';
import { createDirectoryService } from '../directory/service';
import { createTownService } from '../towns/service';
import { createClinicDoctorsService } from './doctors-service';

const NOW = '2026-11-22T09:00:00Z';
let database: Database;
let app: FastifyInstance;
const ids = { town: 0, clinic: 0, otherClinic: 0, therapist: 0, cardiologist: 0, neurologist: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, {
    slug: 'kazan',
    name: 'Казань',
    nameIn: 'в Казани',
    tz: 'Europe/Moscow',
  });
  const therapist = await createSpeciality(db, { name: 'Терапевт', translit: 'terapevt' });
  const cardiologist = await createSpeciality(db, { name: 'Кардиолог', translit: 'kardiolog' });
  const neurologist = await createSpeciality(db, { name: 'Невролог', translit: 'nevrolog' });
  const clinic = await createClinic(db, { townId: town.id, name: 'Клиника «Здоровье»' });
  const other = await createClinic(db, { townId: town.id });
  Object.assign(ids, {
    town: town.id,
    clinic: clinic.id,
    otherClinic: other.id,
    therapist: therapist.id,
    cardiologist: cardiologist.id,
    neurologist: neurologist.id,
  });
  // 22 therapists with falling ratings: men with even numbers, 3, 13, 23… years of experience.
  for (let i = 0; i < 22; i++) {
    await createDoctor(db, {
      townId: town.id,
      specialityIds: [therapist.id],
      clinicIds: [clinic.id],
      lastName: `Терапевтов${String(i).padStart(2, '0')}`,
      gender: i % 2 === 0 ? 'M' : 'F',
      careerStartYear: 2026 - (3 + (i % 3) * 10),
      homeVisit: i === 4,
      rating: 5 - i * 0.1,
    });
  }
  await createDoctor(db, {
    townId: town.id,
    specialityIds: [cardiologist.id, therapist.id],
    // Her first workplace is elsewhere: this clinic's list still shows this clinic.
    clinicIds: [other.id, clinic.id],
    lastName: 'Сердцева',
    firstName: 'Алёна',
    gender: 'F',
    careerStartYear: 2000,
    homeVisit: true,
    rating: 1,
  });
  // Works elsewhere only: never on this clinic's page.
  await createDoctor(db, {
    townId: town.id,
    specialityIds: [neurologist.id],
    clinicIds: [other.id],
    lastName: 'Нервов',
  });
  app = await buildApp({ db, clock: fixedClock(NOW) });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface ListBody {
  data: ClinicDoctorCard[];
  num_pages: number;
  current_page: number;
  total: number;
}
const list = async (query = ''): Promise<ListBody> => {
  const res = await app.inject({ url: `/ajax/lpu/${ids.clinic}/doctors/?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json();
};
const lastNames = (body: ListBody) => body.data.map((d) => d.fullName.split(' ')[0]);

describe('GET /ajax/lpu/{id}/doctors/', () => {
  it('pages the clinic’s doctors 20 a page, best rated first, with experience in years', async () => {
    const first = await list();
    expect(first.total).toBe(23);
    expect(first.num_pages).toBe(2);
    expect(first.data).toHaveLength(20);
    expect(lastNames(first)[0]).toBe('Терапевтов00');
    expect(first.data[0].experienceYears).toBe(3);
    expect(first.data[1].experienceYears).toBe(13);
    expect(first.data[0].url).toMatch(/^\/kazan\/vrach\/\d+-[a-z0-9-]+\/$/);
    const second = await list('page=2');
    expect(second.current_page).toBe(2);
    expect(lastNames(second)).toEqual(['Терапевтов20', 'Терапевтов21', 'Сердцева']);
  });

  it('shows this clinic as the card’s workplace even when the doctor lists another first', async () => {
    const [card] = (await list(`speciality=${ids.cardiologist}`)).data;
    expect(card.workplaces).toHaveLength(1);
    expect(card.workplaces[0].clinicId).toBe(ids.clinic);
    expect(card.workplacesCount).toBe(2);
  });

  it('carries only this clinic’s prices: none when the doctor has no price here, never another clinic’s', async () => {
    const [before] = (await list(`speciality=${ids.cardiologist}`)).data;
    expect(before.prices.map((p) => p.price)).toEqual([3000]);
    const here = before.workplaces[0].id;
    await database.db.delete(workplacePrices).where(eq(workplacePrices.workplaceId, here));
    const [card] = (await list(`speciality=${ids.cardiologist}`)).data;
    expect(card.workplaces[0].clinicId).toBe(ids.clinic);
    expect(card.prices).toEqual([]);
  });

  it('filters by speciality, including a doctor’s second speciality', async () => {
    expect(lastNames(await list(`speciality=${ids.cardiologist}`))).toEqual(['Сердцева']);
    expect((await list(`speciality=${ids.therapist}`)).total).toBe(23);
    const none = await list(`speciality=${ids.neurologist}`);
    expect(none).toEqual({ data: [], num_pages: 1, current_page: 1, total: 0 });
  });

  it('filters by minimum experience', async () => {
    const five = await list('staj=5');
    // 13 and 23 years: i % 3 of 1 or 2 → 14 therapists, plus Сердцева (26 years).
    expect(five.total).toBe(15);
    expect(five.data.every((d) => d.experienceYears >= 5)).toBe(true);
    const fifteen = await list('staj=15');
    expect(fifteen.total).toBe(8);
    expect(fifteen.data.every((d) => d.experienceYears >= 15)).toBe(true);
  });

  it('filters by gender and home visits, and combines filters', async () => {
    const women = await list('gender=F');
    expect(women.total).toBe(12);
    expect(women.data.every((d) => d.gender === 'F')).toBe(true);
    expect(lastNames(await list('na_dom=true'))).toEqual(['Терапевтов04', 'Сердцева']);
    expect(lastNames(await list('na_dom=true&gender=F&staj=15'))).toEqual(['Сердцева']);
    expect((await list('na_dom=false')).total).toBe(23);
  });

  it('finds doctors by a case-insensitive substring of the full name', async () => {
    expect(lastNames(await list(`name=${encodeURIComponent('сердц')}`))).toEqual(['Сердцева']);
    expect(lastNames(await list(`name=${encodeURIComponent('АЛЁНА')}`))).toEqual(['Сердцева']);
    expect((await list(`name=${encodeURIComponent('терапевтов1')}`)).total).toBe(10);
    expect((await list(`name=${encodeURIComponent('нервов')}`)).total).toBe(0);
    expect((await list('name=%25')).total).toBe(0);
  });

  it('answers 404 for an unknown clinic and a page past the end', async () => {
    const unknown = await app.inject({ url: '/ajax/lpu/999999/doctors/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Клиника не найдена', code: 'not_found' });
    const beyond = await app.inject({ url: `/ajax/lpu/${ids.clinic}/doctors/?page=3` });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Страница не найдена', code: 'not_found' });
  });

  it('answers 400 with a detail, not 500, for malformed input', async () => {
    for (const url of [
      '/ajax/lpu/abc/doctors/',
      '/ajax/lpu/0/doctors/',
      `/ajax/lpu/${ids.clinic}/doctors/?speciality=x`,
      `/ajax/lpu/${ids.clinic}/doctors/?staj=-5`,
      `/ajax/lpu/${ids.clinic}/doctors/?staj=100`,
      `/ajax/lpu/${ids.clinic}/doctors/?gender=X`,
      `/ajax/lpu/${ids.clinic}/doctors/?na_dom=maybe`,
      `/ajax/lpu/${ids.clinic}/doctors/?page=0`,
      `/ajax/lpu/${ids.clinic}/doctors/?name=${'я'.repeat(61)}`,
    ]) {
      const res = await app.inject({ url: encodeURI(url) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toEqual(expect.any(String));
    }
  });

  it('ignores show_all from visitors and patients: the list stays paged', async () => {
    const body = await list('show_all=true');
    expect(body.data).toHaveLength(20);
    expect(body.num_pages).toBe(2);
    const patient = await signedInAs(app, database.db, { role: 'patient' });
    const res = await app.inject({
      url: `/ajax/lpu/${ids.clinic}/doctors/?show_all=true`,
      cookies: patient.cookies,
    });
    expect(res.json().num_pages).toBe(2);
    expect(res.json().data[0].service_types).toBeUndefined();
  });

  it('gives staff every match on one page with show_all', async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const res = await app.inject({
      url: `/ajax/lpu/${ids.clinic}/doctors/?show_all=true`,
      cookies: staff.cookies,
    });
    expect(res.json().data).toHaveLength(23);
    expect(res.json().num_pages).toBe(1);
    // Staff also see each doctor's visit types here and every workplace.
    const card = res.json().data[0];
    expect(card.service_types.length).toBeGreaterThan(0);
    expect(card.workplaces_by_clinic[0]).toEqual([expect.any(String), [expect.any(String)]]);
  });
});

describe('clinic doctors service', () => {
  const service = () => {
    const towns = createTownService({ db: database.db });
    const clock = fixedClock(NOW);
    return createClinicDoctorsService({
      db: database.db,
      clock,
      towns,
      directory: createDirectoryService({ db: database.db, clock }),
    });
  };

  it('gives every match on one page in the staff view', async () => {
    const result = await service().list(ids.clinic, { naDom: false, page: 1, showAll: true });
    expect(result.data.length).toBe(23);
    expect(result.num_pages).toBe(1);
  });

  it('offers the clinic’s doctors’ specialities with counts, and home calls when someone makes them', async () => {
    const options = await service().filterOptions(ids.clinic);
    expect(options.specialities.map((s) => [s.name, s.count])).toEqual([
      ['Кардиолог', 1],
      ['Терапевт', 23],
    ]);
    expect(options.isHomeCall).toBe(true);
    expect(options.experience.map((e) => e.name)).toEqual(['Любой', 'от 5 лет', 'от 15 лет']);
  });
});
