import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../core/search/contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { treatments } from '../../db/schema/specialities';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { createDirectoryService } from '../directory/service';
import type { Town } from '../towns/service';
import { createTownService } from '../towns/service';
import { createSearchService } from './service';

let database: Database;
let app: FastifyInstance;
let kazan: Town;
const ids = { sertseva: 0, serdyukov: 0 };

beforeAll(async () => {
  database = await openTestDatabaseWithData();
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
  kazan = (await createTownService({ db: database.db }).bySlug('kazan'))!;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function openTestDatabaseWithData() {
  const db = await openTestDatabase();
  const town = await createTown(db.db, {
    slug: 'kazan',
    name: 'Казань',
    nameIn: 'в Казани',
    tz: 'Europe/Moscow',
  });
  const spb = await createTown(db.db, {
    slug: 'spb',
    name: 'Санкт-Петербург',
    nameIn: 'в Санкт-Петербурге',
    tz: 'Europe/Moscow',
  });
  const spec = (name: string, namePlural: string, translit: string) =>
    createSpeciality(db.db, { name, namePlural, translit });
  const cardiologist = await spec('Кардиолог', 'Кардиологи', 'kardiolog');
  const childCardiologist = await spec('Детский кардиолог', 'Детские кардиологи', 'detskiy-kardiolog');
  const therapist = await spec('Терапевт', 'Терапевты', 'terapevt');
  const anaesthetist = await spec('Анестезиолог', 'Анестезиологи', 'anesteziolog');
  // Only in Saint Petersburg: never suggested in Kazan.
  const endocrinologist = await spec('Эндокринолог', 'Эндокринологи', 'endokrinolog');

  const korids = await createClinic(db.db, { townId: town.id, name: 'Клиника «Кордис»', rating: 4.8 });
  await createClinic(db.db, { townId: town.id, name: 'Медицинский центр «Прима»', rating: 4.1 });
  await createClinic(db.db, { townId: spb.id, name: 'Клиника «Прима-Север»', rating: 5 });
  const doctor = (
    townId: number,
    lastName: string,
    firstName: string,
    specialityIds: number[],
    rating: number,
  ) => createDoctor(db.db, { townId, lastName, firstName, specialityIds, rating, clinicIds: [korids.id] });
  ids.sertseva = (await doctor(town.id, 'Сердцева', 'Анна', [cardiologist.id, therapist.id], 4.9)).id;
  ids.serdyukov = (await doctor(town.id, 'Сердюков', 'Олег', [therapist.id], 4.5)).id;
  await doctor(town.id, 'Семёнов', 'Илья', [childCardiologist.id], 4.2);
  await doctor(town.id, 'Иванов', 'Пётр', [anaesthetist.id], 4.0);
  await doctor(town.id, 'Иванов', 'Андрей', [therapist.id], 4.7);
  for (let i = 0; i < 7; i++) await doctor(town.id, `Тестов${i}`, 'Иван', [therapist.id], 3 + i * 0.1);
  await createDoctor(db.db, {
    townId: spb.id,
    lastName: 'Сердцев',
    firstName: 'Борис',
    specialityIds: [endocrinologist.id],
  });

  const [usi] = await db.db
    .insert(serviceClasses)
    .values({ name: 'УЗИ', translit: 'uzi', kind: 'diagnostics' })
    .returning();
  const [visits] = await db.db
    .insert(serviceClasses)
    .values({ name: 'Приём врача', translit: 'priem-vracha', kind: 'service' })
    .returning();
  await db.db.insert(serviceSynonyms).values([
    { classId: usi.id, name: 'УЗИ почек и надпочечников', translit: 'uzi-pochek' },
    { classId: usi.id, name: 'Доплерография сосудов шеи', translit: 'doplerografiya-shei' },
    { classId: visits.id, name: 'Приём кардиолога первичный', translit: 'priem-kardiologa' },
  ]);
  await db.db.insert(treatments).values([
    { name: 'Лечение гипертонии', translit: 'gipertoniya' },
    { name: 'Лечение аритмии', translit: 'aritmiya' },
  ]);
  return db;
}

async function suggest(q: string, town = 'kazan'): Promise<SearchResults> {
  const res = await app.inject({ url: `/ajax/search/?q=${encodeURIComponent(q)}&town=${town}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function group(body: SearchResults, kind: string) {
  return body.groups.find((g) => g.kind === kind)?.items ?? [];
}

const names = (body: SearchResults, kind: string) => group(body, kind).map((i) => i.name);

describe('GET /ajax/search/ — specialities, services and treatments', () => {
  it('suggests a speciality with its doctor count and list URL, in the query’s group order', async () => {
    const body = await suggest('кардиолог');
    expect(body.query).toBe('кардиолог');
    expect(body.groups.map((g) => [g.kind, g.title])).toEqual([
      ['speciality', 'Специальности'],
      ['service', 'Услуги'],
    ]);
    expect(group(body, 'speciality')).toEqual([
      { name: 'Кардиолог', subtitle: '1 врач', url: '/kazan/vrach/kardiolog/' },
      { name: 'Детский кардиолог', subtitle: '1 врач', url: '/kazan/vrach/detskiy-kardiolog/' },
    ]);
    expect(group(body, 'service')).toEqual([
      { name: 'Приём кардиолога первичный', subtitle: 'Приём врача', url: '/kazan/uslugi/priem-kardiologa/' },
    ]);
  });

  it('understands Russian word forms: plural and genitive find the same speciality', async () => {
    for (const q of ['кардиологи', 'кардиологов', 'Кардиологу']) {
      expect(names(await suggest(q), 'speciality')[0], q).toBe('Кардиолог');
    }
    expect(names(await suggest('гипертония'), 'treatment')).toEqual(['Лечение гипертонии']);
  });

  it('tolerates a typo through trigram similarity, without suggesting far-off names', async () => {
    const body = await suggest('кордиолог');
    expect(names(body, 'speciality')).toEqual(['Кардиолог', 'Детский кардиолог']);
    expect(JSON.stringify(body)).not.toContain('Анестезиолог');
    expect(names(await suggest('гипертания'), 'treatment')).toEqual(['Лечение гипертонии']);
  });

  it('trims and lowercases the query on the server too', async () => {
    const body = await suggest('   КАРДИОЛОГИ  ');
    expect(body.query).toBe('кардиологи');
    expect(names(body, 'speciality')[0]).toBe('Кардиолог');
  });

  it('matches a word prefix and a service through its class, with the section URL of its kind', async () => {
    const body = await suggest('узи');
    expect(group(body, 'service')).toEqual([
      { name: 'УЗИ почек и надпочечников', subtitle: 'УЗИ', url: '/kazan/diagnostika/uzi-pochek/' },
      { name: 'Доплерография сосудов шеи', subtitle: 'УЗИ', url: '/kazan/diagnostika/doplerografiya-shei/' },
    ]);
    expect(names(await suggest('тер'), 'speciality')).toEqual(['Терапевт']);
    expect(group(await suggest('аритм'), 'treatment')).toEqual([
      { name: 'Лечение аритмии', url: '/kazan/lechenie/aritmiya/' },
    ]);
  });

  it('leaves out specialities without doctors in the town', async () => {
    expect(names(await suggest('эндокринолог', 'spb'), 'speciality')).toEqual(['Эндокринолог']);
    expect(names(await suggest('эндокринолог'), 'speciality')).toEqual([]);
  });
});

describe('GET /ajax/search/ — doctors and clinics', () => {
  it('finds the town’s doctors by surname prefix, best rated first, with specialities and URL', async () => {
    const items = group(await suggest('серд'), 'doctor');
    expect(items.map((i) => i.name)).toEqual([
      expect.stringMatching(/^Сердцева Анна /),
      expect.stringMatching(/^Сердюков Олег /),
    ]);
    expect(items[0].subtitle).toBe('Кардиолог, терапевт');
    expect(items[0].url).toMatch(new RegExp(`^/kazan/vrach/${ids.sertseva}-[a-z0-9-]+/$`));
    expect(items[1].url).toMatch(new RegExp(`^/kazan/vrach/${ids.serdyukov}-[a-z0-9-]+/$`));
  });

  it('narrows by first name and folds ё', async () => {
    expect(names(await suggest('иванов п'), 'doctor')).toEqual([expect.stringMatching(/^Иванов Пётр /)]);
    expect(names(await suggest('иванов'), 'doctor')).toEqual([
      expect.stringMatching(/^Иванов Андрей /),
      expect.stringMatching(/^Иванов Пётр /),
    ]);
    expect(names(await suggest('семен'), 'doctor')).toEqual([expect.stringMatching(/^Семёнов Илья /)]);
  });

  it('suggests at most five doctors', async () => {
    const items = group(await suggest('тестов'), 'doctor');
    expect(items.map((i) => i.name.split(' ')[0])).toEqual([
      'Тестов6',
      'Тестов5',
      'Тестов4',
      'Тестов3',
      'Тестов2',
    ]);
  });

  it('finds the town’s clinics by a word of their name, with the address', async () => {
    const body = await suggest('прима');
    // Not 'Приём кардиолога': a typed prefix is not stemmed ('прима' → 'прим' would match 'приём').
    expect(body.groups.map((g) => g.kind)).toEqual(['clinic']);
    const items = group(body, 'clinic');
    expect(items).toHaveLength(1);
    expect(items[0].name).toBe('Медицинский центр «Прима»');
    expect(items[0].subtitle).toMatch(/, \d+$/);
    expect(items[0].url).toMatch(/^\/kazan\/lpu\/\d+-[a-z0-9-]+\/$/);
    expect(names(await suggest('клиника корд'), 'clinic')).toEqual(['Клиника «Кордис»']);
  });

  it('answers an empty list when nothing matches, and treats operators as plain text', async () => {
    expect((await suggest('щщщщщ')).groups).toEqual([]);
    expect((await suggest('%_')).groups).toEqual([]);
    expect((await suggest("серд' | !:* &")).groups.map((g) => g.kind)).toEqual(['doctor']);
    // 'на' is a Russian stop word (an empty stemmed query) yet still a typed word start.
    expect(names(await suggest('на'), 'service')).toEqual(['УЗИ почек и надпочечников']);
  });
});

describe('GET /ajax/search/ — bad input', () => {
  it('asks for two characters when the trimmed query is shorter', async () => {
    for (const q of ['', 'к', '   к   ']) {
      const res = await app.inject({ url: `/ajax/search/?q=${encodeURIComponent(q)}&town=kazan` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ detail: 'Введите минимум 2 символа', code: 'bad_request' });
    }
    const missing = await app.inject({ url: '/ajax/search/?town=kazan' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'Введите минимум 2 символа', code: 'bad_request' });
  });

  it('refuses a query longer than 100 characters', async () => {
    const res = await app.inject({ url: `/ajax/search/?q=${'а'.repeat(101)}&town=kazan` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/не больше 100 символов/);
    expect((await app.inject({ url: `/ajax/search/?q=${'а'.repeat(100)}&town=kazan` })).statusCode).toBe(200);
  });

  it('needs a known town', async () => {
    const missing = await app.inject({ url: '/ajax/search/?q=кардиолог' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'Не указан город', code: 'bad_request' });
    const unknown = await app.inject({ url: '/ajax/search/?q=кардиолог&town=atlantida' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Город не найден', code: 'not_found' });
  });

  it('answers 400, not 500, to repeated parameters', async () => {
    const res = await app.inject({ url: '/ajax/search/?q=ab&q=cd&town=kazan' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

describe('search service: the full results page', () => {
  it('gives more of each group and doctor cards in the suggestions’ order', async () => {
    const directory = createDirectoryService({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
    const search = createSearchService({
      db: database.db,
      directory,
      clock: fixedClock('2026-11-22T09:00:00Z'),
    });
    const page = await search.results(kazan, 'Тестов');
    expect(page.query).toBe('тестов');
    expect(page.doctors).toHaveLength(7);
    expect(page.doctors.map((d) => d.fullName.split(' ')[0])).toEqual(
      group(page, 'doctor').map((i) => i.name.split(' ')[0]),
    );
    expect(page.doctors[0].workplaces[0].clinicName).toBe('Клиника «Кордис»');
    expect((await search.results(kazan, 'кардиолог')).doctors).toEqual([]);
  });
});
