import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../core/text/html';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createDoctor, createDoctorActivity, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;
const ids = { busy: 0, quiet: 0, missing: 0 };

/** Titles of the <li> items of an HTML fragment, in order. */
function itemTitles(html: string): string[] {
  return [...html.matchAll(/<li[^>]*><span[^>]*>\d*<\/span><span>([^<]*)/g)].map((m) => m[1]);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { slug: 'kazan' });
  const busy = await createDoctor(db, {
    townId: town.id,
    courses: [
      { year: 2024, title: 'Курс «Кардиология»' },
      { year: 2022, title: 'Курс «Аритмии»' },
      { year: 2021, title: 'Курс «ЭКГ»' },
      { year: 2019, title: 'Курс «Гипертензия»' },
    ],
  });
  // 15 publications, years 2010–2024, so newest-first order is known: 2024 … 2010.
  for (let i = 0; i < 15; i++) {
    await createDoctorActivity(db, {
      doctorId: busy.id,
      year: 2010 + i,
      title: `Публикация ${2010 + i}`,
      details: i === 0 ? '«Кардиология» & <b>соавторы</b>' : '«Терапевтический архив»',
    });
  }
  await createDoctorActivity(db, {
    doctorId: busy.id,
    kind: 'membership',
    year: 2015,
    title: 'Российское кардиологическое общество',
  });
  const quiet = await createDoctor(db, { townId: town.id, courses: [] });
  ids.busy = busy.id;
  ids.quiet = quiet.id;
  ids.missing = busy.id + 1000;
  app = await buildApp({ db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /ajax/doctor/{id}/activities/', () => {
  it('answers HTML with the first 3 items of each section and a “show more” count', async () => {
    const res = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.indexOf('Повышение квалификации')).toBeLessThan(html.indexOf('Научные публикации'));
    expect(itemTitles(html)).toEqual([
      'Курс «Кардиология»',
      'Курс «Аритмии»',
      'Курс «ЭКГ»',
      'Публикация 2024',
      'Публикация 2023',
      'Публикация 2022',
      'Российское кардиологическое общество',
    ]);
    expect(html).toContain('data-activity-more="courses" data-next-page="2"');
    expect(html).toContain('Показать ещё 1 курс');
    expect(html).toContain('Показать ещё 12 публикаций');
    // One membership: nothing more to show, no button.
    expect(html).not.toContain('data-activity-more="memberships"');
    expect(html).not.toContain('data-activity-more="conferences"');
  });

  it('says so when the doctor has no activities', async () => {
    const res = await app.inject({ url: `/ajax/doctor/${ids.quiet}/activities/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Врач пока не рассказал о своей деятельности.');
  });

  it('answers 404 for an unknown doctor and 400 for a malformed id', async () => {
    const missing = await app.inject({ url: `/ajax/doctor/${ids.missing}/activities/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Врач не найден', code: 'not_found' });
    for (const id of ['abc', '0', '12345678901']) {
      const bad = await app.inject({ url: `/ajax/doctor/${id}/activities/` });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json()).toMatchObject({ detail: 'Некорректный идентификатор врача', code: 'bad_request' });
    }
  });
});

describe('GET /ajax/doctor/{id}/activities/{section}/?page=n', () => {
  it('pages on from the first fragment and carries the remaining count in the placeholder', async () => {
    const page2 = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/publications/?page=2` });
    expect(page2.statusCode).toBe(200);
    expect(itemTitles(page2.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Публикация ${2021 - i}`));
    expect(page2.body).toMatch(/<input type="hidden" data-activity-remaining value="2">$/);

    const page3 = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/publications/?page=3` });
    expect(itemTitles(page3.body)).toEqual(['Публикация 2011', 'Публикация 2010']);
    expect(page3.body).toContain('data-activity-remaining value="0"');
  });

  it('escapes stored text', async () => {
    const res = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/publications/?page=3` });
    expect(res.body).toContain('«Кардиология» &amp; &lt;b&gt;соавторы&lt;/b&gt;');
    expect(res.body).not.toContain('<b>');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('pages the courses kept on the doctor', async () => {
    const res = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/courses/?page=2` });
    expect(res.statusCode).toBe(200);
    expect(itemTitles(res.body)).toEqual(['Курс «Гипертензия»']);
    expect(res.body).toContain('data-activity-remaining value="0"');
  });

  it('answers 404 past the last page, for an unknown section or doctor', async () => {
    const cases = [
      [`/ajax/doctor/${ids.busy}/activities/publications/?page=4`, 'Страница не найдена'],
      [`/ajax/doctor/${ids.busy}/activities/conferences/?page=1`, 'Страница не найдена'],
      [`/ajax/doctor/${ids.busy}/activities/awards/?page=2`, 'Раздел не найден'],
      [`/ajax/doctor/${ids.missing}/activities/courses/?page=2`, 'Врач не найден'],
      [`/ajax/doctor/${ids.missing}/activities/publications/?page=2`, 'Врач не найден'],
    ];
    for (const [url, detail] of cases) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail, code: 'not_found' });
    }
  });

  it('answers 400 for a malformed page or id', async () => {
    for (const page of ['0', '-1', 'two', '99999']) {
      const res = await app.inject({ url: `/ajax/doctor/${ids.busy}/activities/publications/?page=${page}` });
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Некорректный номер страницы', code: 'bad_request' });
    }
    const badId = await app.inject({ url: '/ajax/doctor/x1/activities/courses/?page=2' });
    expect(badId.statusCode).toBe(400);
  });
});
