import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DoctorListParams,
  NO_FILTERS,
  parseDoctorListParams,
} from '../../../core/directory/list-filters';
import { TOP_FILTERS, topFilterBySlug } from '../../../core/directory/list-urls';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { workplacePrices } from '../../db/schema/doctors';
import { clinicServices, serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { treatmentSpecialities, treatments } from '../../db/schema/specialities';
import { districts, metroStations } from '../../db/schema/towns';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { createTownService, type Town } from '../towns/service';
import { createFirstFreeService } from './first-free';
import { createListService, type ListService } from './lists-service';
import { createDirectoryService } from './service';

let database: Database;
let lists: ListService;
let kazan: Town;
let spb: Town;
const id = { therapist: 0, lor: 0, metro1: 0, metro2: 0, district: 0, c1: 0, c2: 0, c3: 0 };
const doc = { home: 0, online: 0, club: 0, spbOnline: 0 };

/** Kazan centre; clinic 1 stands on it, clinic 2 some 10 km north (outside 'nearby'). */
const CENTRE = { lat: 55.7963, lon: 49.1088 };

const params = (query = ''): DoctorListParams => parseDoctorListParams(new URLSearchParams(query));
const idsOf = (items: { id: number }[]) => items.map((d) => d.id);

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const k = await createTown(db, { slug: 'kazan', name: 'Казань', nameIn: 'в Казани', tz: 'Europe/Moscow' });
  const s = await createTown(db, { slug: 'spb', name: 'Санкт-Петербург', tz: 'Europe/Moscow' });
  const therapist = await createSpeciality(db, {
    name: 'Терапевт',
    namePlural: 'Терапевты',
    translit: 'terapevt',
  });
  const lor = await createSpeciality(db, { name: 'ЛОР', namePlural: 'ЛОРы', translit: 'lor' });
  id.therapist = therapist.id;
  id.lor = lor.id;

  const [m1, m2] = await db
    .insert(metroStations)
    .values([
      { townId: k.id, name: 'Кремлёвская', slug: 'kremlevskaya' },
      { townId: k.id, name: 'Козья слобода', slug: 'kozya-sloboda' },
    ])
    .returning();
  const [district] = await db
    .insert(districts)
    .values({ townId: k.id, name: 'Вахитовский', slug: 'vakhitovskiy' })
    .returning();
  id.metro1 = m1.id;
  id.metro2 = m2.id;
  id.district = district.id;

  const c1 = await createClinic(db, {
    townId: k.id,
    name: 'Стоматология «Улыбка»',
    kind: 'dentistry',
    clubEnabled: true,
    metroId: m1.id,
    districtId: district.id,
    rating: 4.8,
    reviewsCount: 12,
    ...CENTRE,
  });
  const c2 = await createClinic(db, {
    townId: k.id,
    name: 'Стоматология «Жемчуг»',
    kind: 'dentistry',
    metroId: m2.id,
    rating: 4.2,
    reviewsCount: 30,
    lat: CENTRE.lat + 0.09,
    lon: CENTRE.lon,
  });
  const c3 = await createClinic(db, {
    townId: k.id,
    name: 'Клиника «Новая»',
    kind: 'clinic',
    rating: 5,
    reviewsCount: 1,
    lat: CENTRE.lat + 0.01,
    lon: CENTRE.lon,
  });
  id.c1 = c1.id;
  id.c2 = c2.id;
  id.c3 = c3.id;

  // Three Kazan doctors whose every sort key and flag differs, and an online one in Saint Petersburg.
  const home = await createDoctor(db, {
    townId: k.id,
    specialityIds: [therapist.id],
    clinicIds: [c1.id],
    lastName: 'Домашний',
    rating: 5,
    reviewsCount: 50,
    minPrice: 3000,
    careerStartYear: 2000,
    homeVisit: true,
    online: false,
    children: false,
  });
  const online = await createDoctor(db, {
    townId: k.id,
    specialityIds: [therapist.id],
    clinicIds: [c2.id],
    lastName: 'Сетевой',
    rating: 4,
    reviewsCount: 100,
    minPrice: 1000,
    careerStartYear: 1990,
    homeVisit: false,
    online: true,
    children: true,
  });
  const club = await createDoctor(db, {
    townId: k.id,
    specialityIds: [lor.id],
    clinicIds: [c1.id, c2.id],
    lastName: 'Клубный',
    rating: 3,
    reviewsCount: 10,
    minPrice: 2000,
    careerStartYear: 2010,
    homeVisit: false,
    online: false,
    children: false,
  });
  await db
    .update(workplacePrices)
    // A stored club price says only that the line has one: the club's one rule makes it 1 400 ₽.
    .set({ clubPrice: 1500 })
    .where(eq(workplacePrices.workplaceId, club.workplaces[0].id));
  const spbOnline = await createDoctor(db, {
    townId: s.id,
    specialityIds: [therapist.id],
    lastName: 'Питерский',
    rating: 4.5,
    reviewsCount: 5,
    online: true,
    children: false,
  });
  doc.home = home.id;
  doc.online = online.id;
  doc.club = club.id;
  doc.spbOnline = spbOnline.id;

  const [sinus, nothing] = await db
    .insert(treatments)
    .values([
      { name: 'Лечение гайморита', translit: 'gaimorit' },
      { name: 'Лечение всего', translit: 'vsego' },
    ])
    .returning();
  await db.insert(treatmentSpecialities).values({ treatmentId: sinus.id, specialityId: lor.id });
  void nothing;

  const [uzi] = await db
    .insert(serviceClasses)
    .values({ name: 'УЗИ', translit: 'uzi', kind: 'diagnostics', sort: 1 })
    .returning();
  const [liver, kidneys] = await db
    .insert(serviceSynonyms)
    .values([
      { classId: uzi.id, name: 'УЗИ печени', translit: 'uzi-pecheni' },
      { classId: uzi.id, name: 'УЗИ почек', translit: 'uzi-pochek' },
    ])
    .returning();
  const line = { classId: uzi.id, durationMinutes: 30 };
  await db.insert(clinicServices).values([
    { ...line, clinicId: c1.id, synonymId: liver.id, name: 'УЗИ печени', priceFull: 1500 },
    { ...line, clinicId: c1.id, synonymId: liver.id, name: 'УЗИ печени экспертное', priceFull: 2500 },
    {
      ...line,
      clinicId: c2.id,
      synonymId: liver.id,
      name: 'УЗИ печени и желчного',
      priceFull: 1000,
      priceClub: 800,
    },
    // Kidneys are scanned only in Saint Petersburg.
    {
      ...line,
      clinicId: spbOnline.workplaces[0].clinicId,
      synonymId: kidneys.id,
      name: 'УЗИ почек',
      priceFull: 900,
    },
  ]);

  const clock = fixedClock('2026-11-22T09:00:00Z');
  const towns = createTownService({ db });
  lists = createListService({
    db,
    clock,
    directory: createDirectoryService({ db, clock }),
    towns,
    firstFree: createFirstFreeService({ db, clock }),
  });
  kazan = (await towns.bySlug('kazan'))!;
  spb = (await towns.bySlug('spb'))!;
});

afterAll(async () => {
  await database?.close();
});

describe('doctor lists', () => {
  it('sorts a town’s doctors by rating, reviews, experience and price', async () => {
    const by = async (sort: string) => idsOf((await lists.doctors(kazan, {}, params(`sort=${sort}`))).items);
    expect(await by('rating')).toEqual([doc.home, doc.online, doc.club]);
    expect(await by('reviews')).toEqual([doc.online, doc.home, doc.club]);
    expect(await by('experience')).toEqual([doc.online, doc.home, doc.club]);
    expect(await by('price')).toEqual([doc.online, doc.club, doc.home]);
  });

  it('filters by home visit, online, children and club price, with matching totals', async () => {
    for (const [query, expected] of [
      ['na_dom=1', [doc.home]],
      ['online=1', [doc.online]],
      ['deti=1', [doc.online]],
      ['club=1', [doc.club]],
      ['na_dom=1&online=1', []],
    ] as const) {
      const page = await lists.doctors(kazan, {}, params(query));
      expect(idsOf(page.items), query).toEqual(expected);
      expect(page.total, query).toBe(expected.length);
    }
  });

  it('tells the club price by the club’s one rule, and only in a clinic in the club', async () => {
    const card = async () => (await lists.doctors(kazan, {}, params())).items.find((d) => d.id === doc.club);
    // 30 % off 2 000 ₽, not the 1 500 ₽ stored.
    expect((await card())?.prices).toEqual([{ type: 'clinic', price: 2000, clubPrice: 1400 }]);
    await database.db.update(clinics).set({ clubEnabled: false }).where(eq(clinics.id, id.c1));
    try {
      expect((await card())?.prices).toEqual([{ type: 'clinic', price: 2000, clubPrice: null }]);
      const page = await lists.doctors(kazan, {}, params('club=1'));
      expect(idsOf(page.items)).toEqual([]);
    } finally {
      await database.db.update(clinics).set({ clubEnabled: true }).where(eq(clinics.id, id.c1));
    }
  });

  it('combines a speciality with a filter and a sort', async () => {
    const page = await lists.doctors(kazan, { specialityIds: [id.therapist] }, params('sort=price&deti=1'));
    expect(idsOf(page.items)).toEqual([doc.online]);
    const all = await lists.doctors(kazan, { specialityIds: [id.therapist] }, params('sort=price'));
    expect(idsOf(all.items)).toEqual([doc.online, doc.home]);
  });

  it('lists the doctors working at a metro station or in a district', async () => {
    const metro1 = (await lists.place(kazan, 'metro', 'kremlevskaya'))!;
    const metro2 = (await lists.place(kazan, 'metro', 'kozya-sloboda'))!;
    const district = (await lists.place(kazan, 'rayon', 'vakhitovskiy'))!;
    expect(idsOf((await lists.doctors(kazan, { place: metro1 }, params())).items)).toEqual([
      doc.home,
      doc.club,
    ]);
    expect(idsOf((await lists.doctors(kazan, { place: metro2 }, params())).items)).toEqual([
      doc.online,
      doc.club,
    ]);
    const lorNearMetro2 = await lists.doctors(kazan, { place: metro2, specialityIds: [id.lor] }, params());
    expect(idsOf(lorNearMetro2.items)).toEqual([doc.club]);
    expect((await lists.doctors(kazan, { place: district }, params('na_dom=1'))).total).toBe(1);
    expect(await lists.place(kazan, 'metro', 'nevskiy-prospekt')).toBeNull();
    expect(await lists.place(spb, 'metro', 'kremlevskaya')).toBeNull();
  });

  it('lists a treatment’s doctors through its specialities, and none for a treatment without any', async () => {
    const sinus = (await lists.treatment('gaimorit'))!;
    expect(sinus.specialities.map((s) => s.translit)).toEqual(['lor']);
    const page = await lists.doctors(kazan, { specialityIds: sinus.specialities.map((s) => s.id) }, params());
    expect(idsOf(page.items)).toEqual([doc.club]);
    const nothing = (await lists.treatment('vsego'))!;
    expect((await lists.doctors(kazan, { specialityIds: [] }, params())).total).toBe(0);
    expect(nothing.specialities).toEqual([]);
    expect(await lists.treatment('net-takogo')).toBeNull();
    expect(await lists.treatmentsOfSpeciality(id.lor)).toEqual([
      { name: 'Лечение гайморита', translit: 'gaimorit' },
    ]);
  });

  it('lists online doctors of every town, each card linking into its own town', async () => {
    const page = await lists.doctors(null, { onlineOnly: true }, params());
    expect(idsOf(page.items)).toEqual([doc.spbOnline, doc.online]);
    expect(page.items[0].url).toMatch(new RegExp(`^/spb/vrach/${doc.spbOnline}-`));
    expect(page.items[1].url).toMatch(new RegExp(`^/kazan/vrach/${doc.online}-`));
    const children = await lists.doctors(null, { onlineOnly: true }, params('deti=1'));
    expect(idsOf(children.items)).toEqual([doc.online]);
  });

  it('orders doctors near a point by distance and leaves out those beyond the radius', async () => {
    const near = await lists.nearbyDoctors(kazan, CENTRE, { filters: NO_FILTERS, page: 1 });
    expect(idsOf(near.items)).toEqual([doc.home, doc.club]);
    expect(near.items[0].distanceKm).toBeLessThan(0.01);
    expect(near.total).toBe(2);
    const northern = await lists.nearbyDoctors(
      kazan,
      { lat: CENTRE.lat + 0.09, lon: CENTRE.lon },
      { filters: NO_FILTERS, page: 1 },
    );
    expect(idsOf(northern.items)).toEqual([doc.online, doc.club]);
    const lor = await lists.nearbyDoctors(kazan, CENTRE, {
      specialityId: id.lor,
      filters: NO_FILTERS,
      page: 1,
    });
    expect(idsOf(lor.items)).toEqual([doc.club]);
    const far = await lists.nearbyDoctors(
      kazan,
      { lat: 59.93, lon: 30.31 },
      { filters: NO_FILTERS, page: 1 },
    );
    expect(far.total).toBe(0);
  });
});

describe('clinic lists', () => {
  it('lists the clinics at a metro station, best rated first', async () => {
    const metro2 = (await lists.place(kazan, 'metro', 'kozya-sloboda'))!;
    const page = await lists.clinicsAt(kazan, metro2, 1);
    expect(page.items.map((c) => c.id)).toEqual([id.c2]);
    expect(page.total).toBe(1);
    // Its calendar shows the speciality with the most bookable doctors there (a tie: the lower id).
    expect(page.items[0].booking).toEqual({
      specialityId: Math.min(id.therapist, id.lor),
      specialityName: expect.any(String),
    });
  });

  it('ranks a top list by rating among clinics of the kind with enough reviews', async () => {
    const dentistry = topFilterBySlug('stomatologii')!;
    expect((await lists.topClinics(kazan, dentistry)).map((c) => c.id)).toEqual([id.c1, id.c2]);
    // The best-rated general clinic has a single review: no top of clinics yet.
    const clinicsTop = TOP_FILTERS.find((t) => t.kind === 'clinic')!;
    expect(await lists.topClinics(kazan, clinicsTop)).toEqual([]);
    expect((await lists.townTops(kazan)).map((t) => [t.filter.slug, t.count])).toEqual([['stomatologii', 2]]);
  });
});

describe('service lists', () => {
  it('indexes a section’s services offered in the town', async () => {
    expect(await lists.serviceIndex(kazan, 'diagnostics')).toEqual([
      { name: 'УЗИ', translit: 'uzi', services: [{ name: 'УЗИ печени', translit: 'uzi-pecheni' }] },
    ]);
    expect((await lists.serviceIndex(spb, 'diagnostics'))[0].services.map((s) => s.translit)).toEqual([
      'uzi-pochek',
    ]);
    expect(await lists.serviceIndex(kazan, 'analysis')).toEqual([]);
  });

  it('lists the clinics offering a service with their price range, by price or by rating', async () => {
    const liver = (await lists.service('uzi-pecheni'))!;
    expect(liver.kind).toBe('diagnostics');
    const byPrice = await lists.serviceOffers(kazan, liver.id, 'price', 1);
    expect(byPrice.total).toBe(2);
    expect(byPrice.items.map((o) => [o.clinic.id, o.minPrice, o.maxPrice, o.clubPrice, o.lineName])).toEqual([
      [id.c2, 1000, 1000, 800, 'УЗИ печени и желчного'],
      [id.c1, 1500, 2500, null, 'УЗИ печени'],
    ]);
    const byRating = await lists.serviceOffers(kazan, liver.id, 'rating', 1);
    expect(byRating.items.map((o) => o.clinic.id)).toEqual([id.c1, id.c2]);
    // No line of it is booked by time here: no calendars on these cards.
    expect(byRating.items.map((o) => o.bookable)).toEqual([false, false]);
    expect((await lists.serviceOffers(spb, liver.id, 'price', 1)).total).toBe(0);
    expect(await lists.service('net-takoy-uslugi')).toBeNull();
  });
});

describe('sitemap of the lists', () => {
  it('lists place, treatment, top and service list pages, and the index links it', async () => {
    const app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
    try {
      const res = await app.inject({ url: '/sitemap-lists.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/xml/);
      const urls = [...res.body.matchAll(/<loc>http:\/\/localhost:3000([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/online/vrach/',
          '/kazan/metro/kremlevskaya/vrach/',
          '/kazan/metro/kozya-sloboda/lpu/',
          '/kazan/rayon/vakhitovskiy/vrach/',
          '/kazan/lechenie/gaimorit/',
          '/spb/lechenie/gaimorit/',
          '/kazan/top/stomatologii/',
          '/kazan/diagnostika/',
        ]),
      );
      // No top list without clinics that qualify.
      expect(urls).not.toContain('/kazan/top/kliniki/');
      expect(urls).not.toContain('/spb/top/stomatologii/');
      expect((await app.inject({ url: '/sitemap.xml' })).body).toContain('/sitemap-lists.xml');
    } finally {
      await app.close();
    }
  });
});
