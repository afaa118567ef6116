/**
 * Plain-words search through the real search (issue 47, item 1): lay names and complaints lead to
 * the town's specialities with the line why, before the directory's own matches; and searches
 * that found nothing are counted for staff, words only.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../core/search/contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { searchMisses } from '../../db/schema/search-misses';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { ANONYMOUS_VIEWER } from '../auth/viewer';
import { createDirectoryService } from '../directory/service';
import type { Town } from '../towns/service';
import { createTownService } from '../towns/service';
import { createSearchService } from './service';

const NOW = '2026-11-22T09:00:00Z';
let database: Database;
let app: FastifyInstance;
let kazan: Town;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, {
    slug: 'kazan',
    name: 'Казань',
    nameIn: 'в Казани',
    tz: 'Europe/Moscow',
  });
  const clinic = await createClinic(db, { townId: town.id, name: 'Клиника «Здоровье»' });
  const doctors = async (translit: string, name: string, namePlural: string, count: number) => {
    const s = await createSpeciality(db, { translit, name, namePlural });
    for (let i = 0; i < count; i++)
      await createDoctor(db, {
        townId: town.id,
        lastName: `${translit}${i}`,
        firstName: 'Анна',
        specialityIds: [s.id],
        clinicIds: [clinic.id],
      });
  };
  await doctors('nevrolog', 'Невролог', 'Неврологи', 2);
  await doctors('terapevt', 'Терапевт', 'Терапевты', 3);
  await doctors('stomatolog', 'Стоматолог', 'Стоматологи', 1);
  await doctors('pediatr', 'Педиатр', 'Педиатры', 1);
  await doctors('detskiy-nevrolog', 'Детский невролог', 'Детские неврологи', 1);
  await doctors('kardiolog', 'Кардиолог', 'Кардиологи', 1);
  // Vertebrologists exist in the directory but not in Kazan: never suggested there.
  await createSpeciality(db, { translit: 'vertebrolog', name: 'Вертебролог', namePlural: 'Вертебрологи' });
  app = await buildApp({ db, clock: fixedClock(NOW) });
  kazan = (await createTownService({ db }).bySlug('kazan'))!;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function suggest(q: string): Promise<SearchResults> {
  const res = await app.inject({ url: `/ajax/search/?q=${encodeURIComponent(q)}&town=kazan` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const specialities = (body: SearchResults) =>
  body.groups.find((g) => g.kind === 'speciality')?.items.map((i) => i.name) ?? [];

function service(at = NOW) {
  const clock = fixedClock(at);
  return createSearchService({
    db: database.db,
    directory: createDirectoryService({ db: database.db, clock }),
    clock,
  });
}

describe('GET /ajax/search/ — plain words', () => {
  it("leads 'болит спина' to the town's neurologists, with the line why", async () => {
    const body = await suggest('болит спина');
    expect(body.advice).toEqual({
      text: 'При боли в спине обычно обращаются к неврологу или вертебрологу.',
      urgent: false,
    });
    // The vertebrologist has no doctors in Kazan: skipped, the therapist follows.
    expect(body.groups[0]).toEqual({
      kind: 'speciality',
      title: 'Специальности',
      items: [
        { name: 'Невролог', subtitle: '2 врача', url: '/kazan/vrach/nevrolog/' },
        { name: 'Терапевт', subtitle: '3 врача', url: '/kazan/vrach/terapevt/' },
      ],
    });
  });

  it("understands forms and order: 'зубного врача', 'у ребёнка болит спина'", async () => {
    expect(specialities(await suggest('зубного врача'))).toEqual(['Стоматолог']);
    const child = await suggest('у ребёнка болит спина');
    expect(specialities(child).slice(0, 2)).toEqual(['Детский невролог', 'Педиатр']);
    expect(child.advice?.text).toMatch(/Детей обычно ведут детские врачи и педиатр\.$/);
  });

  it('puts the plain words first and the directory’s own matches after them', async () => {
    // 'невролог' is the directory's word: no line, the speciality as before.
    const own = await suggest('невролог');
    expect(own.advice).toBeUndefined();
    expect(specialities(own)[0]).toBe('Невролог');
  });

  it('tells to call 103 or 112 first for chest pain', async () => {
    const body = await suggest('давит в груди');
    expect(body.advice?.urgent).toBe(true);
    expect(body.advice?.text).toMatch(/^Если боль в груди.*сразу звоните 103 или 112/);
    expect(specialities(body)).toEqual(['Кардиолог', 'Терапевт']);
  });

  it('shows the line on the full results page too', async () => {
    const page = await service().results(kazan, 'глазник болит спина');
    expect(page.advice?.text).toMatch(/неврологу/);
  });
});

describe('searches that found nothing, for staff', () => {
  const staff = { ...ANONYMOUS_VIEWER, isAnonymous: false, userId: 1, isStaff: true };
  const patient = { ...ANONYMOUS_VIEWER, isAnonymous: false, userId: 2 };

  it('counts a results page without results, by its words only, per day', async () => {
    const search = service();
    await search.results(kazan, 'Абракадабра  лечение!');
    await search.results(kazan, 'абракадабра лечение');
    await search.results(kazan, 'ivan@mail.ru');
    await search.results(kazan, 'телефон 8 916 123 45 67');
    // Found something (plain words, the directory): not a miss. Suggestions are never counted.
    await search.results(kazan, 'болит спина');
    await search.results(kazan, 'невролог');
    await suggest('суггестабракадабра');
    // Yesterday, 9 days ago.
    await service('2026-11-21T09:00:00Z').results(kazan, 'абракадабра лечение');
    await service('2026-11-13T09:00:00Z').results(kazan, 'старый запрос');

    const rows = await database.db.select().from(searchMisses).orderBy(searchMisses.day, searchMisses.query);
    expect(rows).toEqual([
      { day: '2026-11-13', query: 'старый запрос', count: 1 },
      { day: '2026-11-21', query: 'абракадабра лечение', count: 1 },
      { day: '2026-11-22', query: 'абракадабра лечение', count: 2 },
    ]);

    expect(await search.misses(staff, 7)).toEqual([
      { query: 'абракадабра лечение', count: 3, lastDay: '2026-11-22' },
    ]);
    expect(await search.misses(staff, 30)).toEqual([
      { query: 'абракадабра лечение', count: 3, lastDay: '2026-11-22' },
      { query: 'старый запрос', count: 1, lastDay: '2026-11-13' },
    ]);
  });

  it('deletes days older than 90 on the first miss of a day', async () => {
    await service('2026-08-01T09:00:00Z').results(kazan, 'очень старый запрос');
    await service('2027-01-01T09:00:00Z').results(kazan, 'новый запрос');
    const queries = (await database.db.select().from(searchMisses)).map((r) => r.query);
    expect(queries).not.toContain('очень старый запрос');
    expect(queries).toContain('новый запрос');
  });

  it('lists them for staff only', async () => {
    await expect(service().misses(ANONYMOUS_VIEWER, 7)).rejects.toMatchObject({ status: 401 });
    await expect(service().misses(patient, 7)).rejects.toMatchObject({
      status: 403,
      detail: 'Раздел только для сотрудников ПроДокторов',
    });
  });
});
