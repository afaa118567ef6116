import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { workplacePrices } from '../../db/schema/doctors';
import {
  createClinic,
  createDoctor,
  createReview,
  createSpeciality,
  createTown,
} from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
const ids = { town: 0, therapist: 0, cardiologist: 0, clinic: 0, doctors: [] as number[] };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, {
    slug: 'kazan',
    name: 'Казань',
    nameIn: 'в Казани',
    tz: 'Europe/Moscow',
  });
  await createTown(db, {
    slug: 'spb',
    name: 'Санкт-Петербург',
    nameIn: 'в Санкт-Петербурге',
    tz: 'Europe/Moscow',
  });
  const therapist = await createSpeciality(db, {
    name: 'Терапевт',
    namePlural: 'Терапевты',
    translit: 'terapevt',
  });
  const cardiologist = await createSpeciality(db, {
    name: 'Кардиолог',
    namePlural: 'Кардиологи',
    translit: 'kardiolog',
  });
  const clinic = await createClinic(db, { townId: town.id, name: 'Клиника «Здоровье»' });
  ids.town = town.id;
  ids.therapist = therapist.id;
  ids.cardiologist = cardiologist.id;
  ids.clinic = clinic.id;
  // 23 therapists with falling ratings, so list order and paging are predictable; one cardiologist.
  for (let i = 0; i < 23; i++) {
    const d = await createDoctor(db, {
      townId: town.id,
      specialityIds: [therapist.id],
      clinicIds: [clinic.id],
      lastName: `Терапевтов${String(i).padStart(2, '0')}`,
      rating: 5 - i * 0.1,
      reviewsCount: 100 - i,
    });
    ids.doctors.push(d.id);
  }
  await createDoctor(db, {
    townId: town.id,
    specialityIds: [cardiologist.id],
    clinicIds: [clinic.id],
    lastName: 'Сердцева',
    gender: 'F',
  });
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/doctors/', () => {
  it('lists a town’s doctors 20 a page, best rated first, with paging totals', async () => {
    const res = await app.inject({ url: '/api/doctors/?town=kazan' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(24);
    expect(body.num_pages).toBe(2);
    expect(body.current_page).toBe(1);
    expect(body.data).toHaveLength(20);
    expect(body.data[0].id).toBe(ids.doctors[0]);
    expect(body.data[0].url).toMatch(new RegExp(`^/kazan/vrach/${ids.doctors[0]}-[a-z0-9-]+/$`));
    expect(body.data[0].workplaces[0].clinicName).toBe('Клиника «Здоровье»');
    expect(body.data[0].prices[0].type).toBe('clinic');
  });

  it('filters by speciality and pages to the last doctors', async () => {
    const res = await app.inject({ url: '/api/doctors/?town=kazan&speciality=terapevt&page=2' });
    const body = res.json();
    expect(body.total).toBe(23);
    expect(body.data.map((d: { id: number }) => d.id)).toEqual(ids.doctors.slice(20));
    const cardio = (await app.inject({ url: '/api/doctors/?town=kazan&speciality=kardiolog' })).json();
    expect(cardio.data.map((d: { fullName: string }) => d.fullName.split(' ')[0])).toEqual(['Сердцева']);
  });

  it('answers 404 with a JSON detail for an unknown town or speciality', async () => {
    const town = await app.inject({ url: '/api/doctors/?town=atlantida' });
    expect(town.statusCode).toBe(404);
    expect(town.json()).toEqual({ detail: 'Город не найден', code: 'not_found' });
    const spec = await app.inject({ url: '/api/doctors/?town=kazan&speciality=shaman' });
    expect(spec.statusCode).toBe(404);
    expect(spec.json()).toEqual({ detail: 'Специальность не найдена', code: 'not_found' });
  });

  it('answers 400, not 500, for malformed input', async () => {
    for (const url of [
      '/api/doctors/',
      '/api/doctors/?town=kazan&page=0',
      '/api/doctors/?town=kazan&page=abc',
      "/api/doctors/?town=';drop",
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toEqual(expect.any(String));
    }
  });

  it('lists no doctors of another town', async () => {
    const body = (await app.inject({ url: '/api/doctors/?town=spb' })).json();
    expect(body.total).toBe(0);
    expect(body.data).toEqual([]);
  });
});

describe('API shell', () => {
  it('answers /healthz', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
  });

  it('lists towns for the town chooser, each with the URL that choosing it posts to', async () => {
    const res = await app.inject({ url: '/api/towns/' });
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { name: 'Казань', translit: 'kazan', url: '/ajax/towns/kazan/choose/', value: 'Казань' },
      ]),
    );
  });

  it('serves robots.txt pointing at the sitemap and keeping crawlers off the calls', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /ajax/');
  });

  it('publishes a sitemap index covering towns, doctors and clinics', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('/sitemap-towns.xml');
    expect(index.body).toContain('/sitemap-doctors-1.xml');
    expect(index.body).toContain('/sitemap-clinics-1.xml');
    const towns = await app.inject({ url: '/sitemap-towns.xml' });
    for (const path of ['/kazan/', '/kazan/vrach/', '/kazan/lpu/', '/kazan/katalog/']) {
      expect(towns.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    const doctors = await app.inject({ url: '/sitemap-doctors-1.xml' });
    expect(doctors.body.match(/<url>/g)).toHaveLength(24);
    expect(doctors.body).toContain(`/kazan/vrach/${ids.doctors[0]}-`);
    expect((await app.inject({ url: '/sitemap-doctors-2.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-patients-1.xml' })).statusCode).toBe(404);
  });
});

describe('doctor and clinic page data', () => {
  it('builds a doctor page with workplaces, prices and review counts, and hides other towns’ doctors', async () => {
    const { createDirectoryService } = await import('./service');
    const { createDoctorService } = await import('../doctor/service');
    const { createClinicService } = await import('../clinic/service');
    const { createTownService } = await import('../towns/service');
    const towns = createTownService({ db: database.db });
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const directory = createDirectoryService({ db: database.db, clock });
    const doctors = createDoctorService({ db: database.db, directory });
    const kazan = (await towns.bySlug('kazan'))!;
    const spb = (await towns.bySlug('spb'))!;
    const doctor = await doctors.page(kazan, ids.doctors[0]);
    expect(doctor?.workplaces).toHaveLength(1);
    expect(doctor?.reviewCounts).toEqual({});
    expect(await doctors.page(spb, ids.doctors[0])).toBeNull();
    const clinic = await createClinicService({ db: database.db, clock }).page(kazan, ids.clinic);
    expect(clinic?.name).toBe('Клиника «Здоровье»');
    expect(clinic?.doctorsCount).toBeGreaterThanOrEqual(0);
  });
});

describe('clinic page data', () => {
  it('gathers hours, holidays ahead, current promotions, licences and published reviews in one go', async () => {
    const { createClinicService } = await import('../clinic/service');
    const { createTownService } = await import('../towns/service');
    const {
      clinicHourExceptions,
      clinicLicences,
      clinics: clinicRows,
      promotions,
    } = await import('../../db/schema/clinics');
    const db = database.db;
    // Promotions show on pages from Стандарт (one version rule): the factory's version is random.
    await db.update(clinicRows).set({ softwareVersion: 'STANDARD' }).where(eq(clinicRows.id, ids.clinic));
    await db.insert(clinicHourExceptions).values([
      { clinicId: ids.clinic, date: '2026-12-31', opens: '10:00', closes: '16:00' },
      { clinicId: ids.clinic, date: '2026-11-01', opens: null, closes: null },
    ]);
    await db.insert(clinicLicences).values({
      clinicId: ids.clinic,
      number: 'Л041-01137-77/00368519',
      issuedAt: '2020-02-03',
      authority: 'Росздравнадзор',
    });
    await db.insert(promotions).values([
      {
        clinicId: ids.clinic,
        title: 'Скидка на УЗИ',
        body: '−20%',
        startsOn: '2026-11-01',
        endsOn: '2026-12-01',
      },
      {
        clinicId: ids.clinic,
        title: 'Прошлая акция',
        body: '−10%',
        startsOn: '2026-01-01',
        endsOn: '2026-02-01',
      },
    ]);
    await createReview(db, { clinicId: ids.clinic, sentiment: 'positive', status: 'published' });
    await createReview(db, { clinicId: ids.clinic, sentiment: 'negative', status: 'pending' });
    const clinics = createClinicService({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
    const kazan = (await createTownService({ db }).bySlug('kazan'))!;
    const clinic = (await clinics.page(kazan, ids.clinic))!;
    expect(clinic.hours).toHaveLength(7);
    expect(clinic.hours[0]).toMatchObject({ weekday: 1 });
    expect(clinic.hours.find((h) => h.opens)?.opens).toMatch(/^\d\d:\d\d$/);
    expect(clinic.holidays).toEqual([{ date: '2026-12-31', opens: '10:00', closes: '16:00' }]);
    expect(clinic.promotions.map((p) => p.title)).toEqual(['Скидка на УЗИ']);
    expect(clinic.endedPromotions).toBe(1);
    expect(clinic.licences).toMatchObject([{ number: 'Л041-01137-77/00368519', issuedAt: '2020-02-03' }]);
    expect(clinic.reviewCounts).toEqual({ positive: 1 });
    expect(clinic.latestReviews).toHaveLength(1);
    expect(clinic.latestReviews[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(clinic.branches).toEqual([]);
  });
});

describe('clinic calls', () => {
  const post = (url: string, payload: object) => injectWithCsrf(app, { url, payload });

  it('POST /ajax/lpus/specialities/ maps each clinic to its doctors’ specialities', async () => {
    const res = await post('/ajax/lpus/specialities/', { lpus: [ids.clinic, 999_999] });
    expect(res.statusCode).toBe(200);
    const byLpu = res.json().specialities_by_lpu;
    expect(byLpu[ids.clinic].map((s: { translit: string }) => s.translit).sort()).toEqual([
      'kardiolog',
      'terapevt',
    ]);
    expect(byLpu[999_999]).toEqual([]);
  });

  it('POST /ajax/lpus/specialities/ refuses a bad body with a clear 400', async () => {
    for (const [payload, detail] of [
      [{}, 'Не передан список клиник'],
      [{ lpus: [] }, 'Не передан список клиник'],
      [{ lpus: ['abc'] }, 'Некорректный идентификатор клиники'],
      [{ lpus: Array.from({ length: 101 }, (_, i) => i + 1) }, 'Не больше 100 клиник за запрос'],
    ] as const) {
      const res = await post('/ajax/lpus/specialities/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
  });
});

describe('a list card of a doctor in two clinics', () => {
  it('carries the prices of the workplace it shows, whose calendar its tabs choose, not the cheapest elsewhere', async () => {
    const db = database.db;
    // Last in the file: the town's counts above are of the doctors made before it.
    const first = await createClinic(db, { townId: ids.town, name: 'Первая клиника' });
    const second = await createClinic(db, { townId: ids.town, name: 'Вторая клиника' });
    const doctor = await createDoctor(db, {
      townId: ids.town,
      specialityIds: [ids.cardiologist],
      clinicIds: [first.id, second.id],
      minPrice: 3000,
    });
    // The second clinic is cheaper and also sends the doctor to patients' homes.
    const [, other] = doctor.workplaces;
    await db.update(workplacePrices).set({ price: 1500 }).where(eq(workplacePrices.workplaceId, other.id));
    await db.insert(workplacePrices).values({ workplaceId: other.id, visitType: 'home', price: 4000 });

    const list = (await app.inject({ url: '/api/doctors/?town=kazan&speciality=kardiolog' })).json();
    const card = list.data.find((d: { id: number }) => d.id === doctor.id);
    expect(card.workplaces.map((w: { clinicName: string }) => w.clinicName)).toEqual(['Первая клиника']);
    expect(card.prices.map((p: { type: string; price: number }) => [p.type, p.price])).toEqual([
      ['clinic', 3000],
    ]);
  });
});
