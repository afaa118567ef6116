import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceListPage } from '../../../core/clinic/contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database, Db } from '../../db/client';
import { clinicServices, serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { createClinic, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { createTownService } from '../towns/service';
import { createClinicPriceListService } from './price-list-service';

let database: Database;
let app: FastifyInstance;
const ids = { clinic: 0, plainClinic: 0, emptyClinic: 0 };

async function serviceClass(
  db: Db,
  name: string,
  translit: string,
  kind: 'service' | 'diagnostics',
  sort: number,
) {
  const [row] = await db.insert(serviceClasses).values({ name, translit, kind, sort }).returning();
  return row;
}

async function synonym(db: Db, classId: number, name: string, translit: string, specialityId?: number) {
  const [row] = await db
    .insert(serviceSynonyms)
    .values({ classId, name, translit, specialityId: specialityId ?? null })
    .returning();
  return row;
}

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
  const visits = await serviceClass(db, 'Приём врача', 'priem-vracha', 'service', 1);
  const uzi = await serviceClass(db, 'УЗИ', 'uzi', 'diagnostics', 2);
  const blood = await serviceClass(db, 'Анализы крови', 'analizy-krovi', 'service', 3);
  const consult = await synonym(db, visits.id, 'Приём терапевта первичный', 'priem-terapevta', therapist.id);
  const uziSyn = await synonym(db, uzi.id, 'УЗИ почек', 'uzi-pochek');
  const bloodSyn = await synonym(db, blood.id, 'Общий анализ крови', 'oak');

  const clinic = await createClinic(db, { townId: town.id, clubEnabled: true, clubDiscountPercent: 20 });
  const plain = await createClinic(db, { townId: town.id, clubEnabled: false });
  const empty = await createClinic(db, { townId: town.id });
  ids.clinic = clinic.id;
  ids.plainClinic = plain.id;
  ids.emptyClinic = empty.id;

  // 3 consultations, 25 ultrasound lines (every 5th bookable online), 2 blood tests = 30 lines.
  const line = (
    clinicId: number,
    syn: { id: number; classId: number },
    name: string,
    sort: number,
    online = false,
  ) => ({
    clinicId,
    synonymId: syn.id,
    classId: syn.classId,
    name,
    durationMinutes: 30,
    priceFull: 1000 + sort * 100,
    priceClub: 800 + sort * 100,
    appointmentOn: online,
    isAvailableAppointmentDirect: online,
    sort,
  });
  await db
    .insert(clinicServices)
    .values([
      line(clinic.id, consult, 'Приём терапевта первичный', 0, true),
      line(clinic.id, consult, 'Приём терапевта повторный', 1),
      line(clinic.id, consult, 'Приём терапевта на дому 50%_скидка', 2),
      ...Array.from({ length: 25 }, (_, i) =>
        line(clinic.id, uziSyn, `Ультразвуковое исследование зоны ${i + 1}`, 10 + i, i % 5 === 0),
      ),
      line(clinic.id, bloodSyn, 'Общий анализ крови с лейкоформулой', 40),
      line(clinic.id, bloodSyn, 'Узи-скрининг крови (экспресс)', 41),
      line(plain.id, uziSyn, 'УЗИ почек', 0, true),
    ]);
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (query: string) => app.inject({ url: `/ajax/lpu/services/?${query}` });
const names = (body: PriceListPage) => body.data.flatMap((g) => g.sublist.map((s) => s.name));

describe('GET /ajax/lpu/services/', () => {
  it('pages a clinic’s price list 20 lines a page, grouped by class in price-list order', async () => {
    const res = await get(`lpu_id=${ids.clinic}`);
    expect(res.statusCode).toBe(200);
    const body: PriceListPage = res.json();
    expect(body.num_pages).toBe(2);
    expect(body.current_page).toBe(1);
    expect(body.data.map((g) => g.name)).toEqual(['Приём врача', 'УЗИ']);
    expect(names(body)).toHaveLength(20);
    const first = body.data[0].sublist[0];
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Приём терапевта первичный',
      duration: 30,
      synonym_id: expect.any(Number),
      prices: { full: 1000, club: 800 },
      requires_primary_consultation: false,
      appointment_on: true,
      has_intervals: false,
      is_available_appointment_direct: true,
      url: '/kazan/uslugi/priem-terapevta/',
      speciality: { name: 'Терапевт', url: '/kazan/vrach/terapevt/' },
    });
    expect(body.data[1].sublist[0].url).toBe('/kazan/diagnostika/uzi-pochek/');

    const second: PriceListPage = (await get(`lpu_id=${ids.clinic}&page=2`)).json();
    expect(second.current_page).toBe(2);
    expect(second.data.map((g) => g.name)).toEqual(['УЗИ', 'Анализы крови']);
    expect(names(second)).toHaveLength(10);
    expect(names(second).at(-1)).toBe('Узи-скрининг крови (экспресс)');
  });

  it('finds lines by a case-insensitive substring of their name or class name', async () => {
    const body: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&search_query=${encodeURIComponent('узи')}`)
    ).json();
    expect(body.num_pages).toBe(2);
    const all = [
      ...names(body),
      ...names((await get(`lpu_id=${ids.clinic}&search_query=%D1%83%D0%B7%D0%B8&page=2`)).json()),
    ];
    // 25 lines of the class УЗИ plus one blood test with 'Узи' in its own name.
    expect(all).toHaveLength(26);
    expect(all).toContain('Узи-скрининг крови (экспресс)');
    expect(all).not.toContain('Общий анализ крови с лейкоформулой');

    const repeat: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&search_query=${encodeURIComponent('  ПОВТОРНЫЙ ')}`)
    ).json();
    expect(names(repeat)).toEqual(['Приём терапевта повторный']);
  });

  it('takes % and _ in a search literally', async () => {
    const hit: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&search_query=${encodeURIComponent('50%_')}`)
    ).json();
    expect(names(hit)).toEqual(['Приём терапевта на дому 50%_скидка']);
    expect((await get(`lpu_id=${ids.clinic}&search_query=${encodeURIComponent('%')}`)).statusCode).toBe(200);
    expect(
      (await get(`lpu_id=${ids.clinic}&search_query=${encodeURIComponent('_%_%_%_%_%_%_')}`)).statusCode,
    ).toBe(404);
  });

  it('lists one category chosen from the suggestions by its exact name', async () => {
    const body: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&service_category_name=${encodeURIComponent('Анализы крови')}`)
    ).json();
    expect(body.num_pages).toBe(1);
    expect(body.data.map((g) => g.name)).toEqual(['Анализы крови']);
    expect(names(body)).toEqual(['Общий анализ крови с лейкоформулой', 'Узи-скрининг крови (экспресс)']);
    // A category is not a substring search.
    const partial = await get(`lpu_id=${ids.clinic}&service_category_name=${encodeURIComponent('Анализы')}`);
    expect(partial.statusCode).toBe(404);
  });

  it('keeps only lines bookable online when the switch is on', async () => {
    const body: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&is_available_appointment_direct=true`)
    ).json();
    expect(body.num_pages).toBe(1);
    expect(names(body)).toEqual([
      'Приём терапевта первичный',
      'Ультразвуковое исследование зоны 1',
      'Ультразвуковое исследование зоны 6',
      'Ультразвуковое исследование зоны 11',
      'Ультразвуковое исследование зоны 16',
      'Ультразвуковое исследование зоны 21',
    ]);
    expect(body.data.every((g) => g.sublist.every((s) => s.is_available_appointment_direct))).toBe(true);
    const off: PriceListPage = (
      await get(`lpu_id=${ids.clinic}&is_available_appointment_direct=false`)
    ).json();
    expect(off.num_pages).toBe(2);
  });

  it('combines the switch with a search', async () => {
    const body: PriceListPage = (
      await get(
        `lpu_id=${ids.clinic}&search_query=${encodeURIComponent('терапевта')}&is_available_appointment_direct=1`,
      )
    ).json();
    expect(names(body)).toEqual(['Приём терапевта первичный']);
  });

  it('shows no club price for a clinic outside the club', async () => {
    const body: PriceListPage = (await get(`lpu_id=${ids.plainClinic}`)).json();
    expect(body.data[0].sublist[0].prices).toEqual({ full: 1000, club: null });
  });

  it('answers 404 «Такой услуги нет в клинике» when nothing matches', async () => {
    for (const query of [
      `lpu_id=${ids.clinic}&search_query=zzzz`,
      `lpu_id=${ids.clinic}&service_category_name=${encodeURIComponent('МРТ')}`,
      `lpu_id=${ids.emptyClinic}`,
      `lpu_id=${ids.plainClinic}&search_query=${encodeURIComponent('терапевт')}`,
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json(), query).toEqual({ detail: 'Такой услуги нет в клинике', code: 'not_found' });
    }
  });

  it('answers 404 for a page past the end and for an unknown clinic', async () => {
    const beyond = await get(`lpu_id=${ids.clinic}&page=3`);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Страница не найдена', code: 'not_found' });
    const unknown = await get('lpu_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Клиника не найдена', code: 'not_found' });
  });

  it('answers 400 with a detail, not 500, for malformed input', async () => {
    for (const query of [
      '',
      'lpu_id=abc',
      'lpu_id=0',
      'lpu_id=-3',
      `lpu_id=${ids.clinic}&page=0`,
      `lpu_id=${ids.clinic}&page=two`,
      `lpu_id=${ids.clinic}&page=1&page=2`,
      `lpu_id=${ids.clinic}&is_available_appointment_direct=yes`,
      `lpu_id=${ids.clinic}&search_query=${'а'.repeat(101)}`,
      `lpu_id=${ids.clinic}&search_query=узи&service_category_name=УЗИ`,
    ]) {
      const res = await get(encodeURI(query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail, query).toEqual(expect.any(String));
    }
  });
});

describe('price list first render', () => {
  const service = () =>
    createClinicPriceListService({ db: database.db, towns: createTownService({ db: database.db }) });

  it('renders the page from ?page= with the clinic’s categories in price-list order', async () => {
    const first = await service().firstRender(ids.clinic, 2);
    expect(first?.categories).toEqual(['Приём врача', 'УЗИ', 'Анализы крови']);
    expect(first?.list.current_page).toBe(2);
  });

  it('falls back to page 1 for a page that does not exist, and renders nothing without a price list', async () => {
    expect((await service().firstRender(ids.clinic, 9))?.list.current_page).toBe(1);
    expect(await service().firstRender(ids.emptyClinic, 1)).toBeNull();
  });
});
