import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import {
  clinicHourExceptions,
  clinicHours,
  clinicLicences,
  clinicNetworks,
  promotions,
} from '../../db/schema/clinics';
import { towns } from '../../db/schema/towns';
import { createClinic, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { createClinicService } from './service';

let database: Database;
let app: FastifyInstance;
const ids = { town: 0, main: 0, branch: 0, other: 0, licence: 0, light: 0, none: 0 };

// Sunday evening in Moscow, already Monday 23 November in Vladivostok, where the clinics are.
const NOW = '2026-11-22T20:30:00Z';

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { slug: 'vladivostok', name: 'Владивосток', tz: 'Asia/Vladivostok' });
  const [network] = await db.insert(clinicNetworks).values({ name: 'Сеть «Приморье»' }).returning();
  const main = await createClinic(db, {
    townId: town.id,
    networkId: network.id,
    street: 'ул. Светланская',
    house: '10',
    softwareVersion: 'STANDARD',
  });
  const branch = await createClinic(db, {
    townId: town.id,
    networkId: network.id,
    street: 'Океанский проспект',
    house: '5а',
  });
  const other = await createClinic(db, { townId: town.id, street: 'ул. Алеутская', house: '1' });
  Object.assign(ids, { town: town.id, main: main.id, branch: branch.id, other: other.id });

  await setHours(main.id, [['09:00', '21:00'], null, null, null, null, ['10:00', '16:00'], null]);
  await setHours(branch.id, [['00:00', '24:00'], null, null, null, null, null, null]);
  await db.insert(clinicHourExceptions).values([
    { clinicId: main.id, date: '2027-01-01', opens: null, closes: null },
    { clinicId: main.id, date: '2026-12-31', opens: '10:00', closes: '15:00' },
    // Already past in Vladivostok: not shown.
    { clinicId: main.id, date: '2026-11-04', opens: null, closes: null },
  ]);

  // 23 ended promotions (one a day back from 22 November), one ending today and one open-ended.
  const ended = Array.from({ length: 23 }, (_, i) => ({
    clinicId: main.id,
    title: i === 0 ? 'Скидка <b>50%</b> & "подарок"' : `Акция ${i + 1}`,
    body: i === 0 ? '<script>alert(1)</script>' : `Условия акции ${i + 1}`,
    startsOn: '2026-01-01',
    endsOn: `2026-${i < 22 ? '11' : '10'}-${String(22 - (i % 22)).padStart(2, '0')}`,
  }));
  await db.insert(promotions).values([
    ...ended,
    {
      clinicId: main.id,
      title: 'Идёт сегодня',
      body: 'Последний день',
      startsOn: '2026-11-01',
      endsOn: '2026-11-23',
    },
    { clinicId: main.id, title: 'Бессрочная', body: 'Всегда', startsOn: '2026-01-01', endsOn: null },
  ]);
  // A Лайт clinic and one with no version, each with a current and an ended promotion (left from
  // a level they had): neither shows them anywhere public.
  for (const [key, softwareVersion] of [
    ['light', 'LIGHT'],
    ['none', null],
  ] as const) {
    const c = await createClinic(db, { townId: town.id, softwareVersion });
    ids[key] = c.id;
    await db.insert(promotions).values([
      { clinicId: c.id, title: 'Скидка 20%', body: 'Идёт', startsOn: '2026-11-01', endsOn: '2026-12-31' },
      { clinicId: c.id, title: 'Прошлая акция', body: 'Была', startsOn: '2026-01-01', endsOn: '2026-02-01' },
    ]);
  }
  const [licence] = await db
    .insert(clinicLicences)
    .values({
      clinicId: main.id,
      number: 'Л041-01021-25/00123456',
      issuedAt: '2021-03-15',
      authority: 'Министерство здравоохранения Приморского края <и> партнёры',
    })
    .returning();
  ids.licence = licence.id;
  app = await buildApp({ db, clock: fixedClock(NOW) });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Day = [string, string] | null;
async function setHours(clinicId: number, week: Day[]) {
  const db = database.db;
  await db.delete(clinicHours).where(eq(clinicHours.clinicId, clinicId));
  await db
    .insert(clinicHours)
    .values(
      week.map((d, i) => ({ clinicId, weekday: i + 1, opens: d?.[0] ?? null, closes: d?.[1] ?? null })),
    );
}

/** The call as the old clients make it: X-CSRFToken and a JSON content type on a GET. */
async function schedule(lpuId: number | string, address?: string) {
  const token = await csrfToken(app);
  const query = address === undefined ? '' : `?address=${encodeURIComponent(address)}`;
  return app.inject({
    url: `/ajax/lpu/${lpuId}/schedule/${query}`,
    cookies: { csrftoken: token },
    headers: { 'x-csrftoken': token, 'content-type': 'application/json' },
  });
}

describe('GET /ajax/lpu/{id}/schedule/', () => {
  it("answers the clinic's own address with its week, today in the clinic's town and coming holidays", async () => {
    const res = await schedule(ids.main, 'ул. Светланская, 10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      schedule_days: {
        monday: '09:00–21:00',
        tuesday: 'выходной',
        wednesday: 'выходной',
        thursday: 'выходной',
        friday: 'выходной',
        saturday: '10:00–16:00',
        sunday: 'выходной',
      },
      full_days: {
        monday: 'Понедельник',
        tuesday: 'Вторник',
        wednesday: 'Среда',
        thursday: 'Четверг',
        friday: 'Пятница',
        saturday: 'Суббота',
        sunday: 'Воскресенье',
      },
      now_weekday_translit: 'monday',
      lpu_exceptions: [
        { date: '31.12', time: '10:00–15:00' },
        { date: '01.01', time: 'выходной' },
      ],
    });
  });

  it('answers a branch address of the same network with the branch’s own hours', async () => {
    const res = await schedule(ids.main, '  океанский   проспект, 5А ');
    expect(res.statusCode).toBe(200);
    expect(res.json().schedule_days.monday).toBe('круглосуточно');
    expect(res.json().lpu_exceptions).toEqual([]);
  });

  it('refuses an address that is not the clinic’s, and another network’s clinic', async () => {
    const res = await schedule(ids.main, 'ул. Алеутская, 1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'У клиники нет такого адреса', code: 'not_found' });
    const unrelated = await schedule(ids.other, 'ул. Светланская, 10');
    expect(unrelated.statusCode).toBe(404);
    expect((await schedule(ids.other, 'ул. Алеутская, 1')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown clinic', async () => {
    const res = await schedule(999_999, 'ул. Светланская, 10');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Клиника не найдена', code: 'not_found' });
  });

  it('answers 400 with a reason for a missing address or a bad clinic id', async () => {
    for (const [id, address, detail] of [
      [ids.main, undefined, 'Не передан адрес'],
      [ids.main, '   ', 'Не передан адрес'],
      [ids.main, 'д'.repeat(301), 'Слишком длинный адрес'],
      ['abc', 'ул. Светланская, 10', 'Некорректный идентификатор клиники'],
      ['-5', 'ул. Светланская, 10', 'Некорректный идентификатор клиники'],
      ['99999999999', 'ул. Светланская, 10', 'Некорректный идентификатор клиники'],
    ] as const) {
      const res = await schedule(id, address);
      expect(res.statusCode, `${id} ${address}`).toBe(400);
      expect(res.json()).toMatchObject({ detail, code: 'bad_request' });
    }
  });
});

describe('GET /ajax/lpu/{id}/promotions/archive/', () => {
  const archive = (id: number | string, query = '') =>
    app.inject({ url: `/ajax/lpu/${id}/promotions/archive/${query}` });

  it('answers an HTML fragment of 10 ended promotions, most recently ended first, with page links', async () => {
    const res = await archive(ids.main);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.match(/data-promotion-id=/g)).toHaveLength(10);
    expect(html).not.toContain('Идёт сегодня');
    expect(html).not.toContain('Бессрочная');
    expect(html.indexOf('22.11.2026')).toBeLessThan(html.indexOf('21.11.2026'));
    expect(html).toContain(`href="/ajax/lpu/${ids.main}/promotions/archive/?page=2"`);
    expect(html).toContain(`href="/ajax/lpu/${ids.main}/promotions/archive/?page=3"`);
    expect(html).toContain('<span aria-current="page"');
  });

  it('escapes the clinic’s texts', async () => {
    const html = (await archive(ids.main)).body;
    expect(html).toContain('Скидка &lt;b&gt;50%&lt;/b&gt; &amp; &quot;подарок&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });

  it('serves the last page with the remainder and a link back', async () => {
    const res = await archive(ids.main, '?page=3');
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/data-promotion-id=/g)).toHaveLength(3);
    expect(res.body).toContain(`href="/ajax/lpu/${ids.main}/promotions/archive/?page=2"`);
    expect(res.body).toContain(`href="/ajax/lpu/${ids.main}/promotions/archive/"`);
    expect(res.body).not.toContain('Следующая страница');
  });

  it('says so when a clinic has no ended promotions', async () => {
    const res = await archive(ids.other);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p class="text-ink-soft">Архивных акций нет</p>');
  });

  it('answers 404 for an unknown clinic or a page past the end, 400 for a bad page or id', async () => {
    expect((await archive(999_999)).json()).toEqual({ detail: 'Клиника не найдена', code: 'not_found' });
    const past = await archive(ids.main, '?page=4');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Такой страницы архива нет', code: 'not_found' });
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1.5']) {
      const res = await archive(ids.main, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Некорректный номер страницы', code: 'bad_request' });
    }
    expect((await archive('x1')).statusCode).toBe(400);
  });
});

describe('promotions follow the software version (core/directory/software-version.ts)', () => {
  it('a Стандарт page shows its current promotions and the archive link', async () => {
    const town = (await database.db.select().from(towns).where(eq(towns.id, ids.town)))[0];
    const page = await createClinicService({ db: database.db, clock: fixedClock(NOW) }).page(town, ids.main);
    expect(page?.promotions.map((p) => p.title)).toEqual(['Бессрочная', 'Идёт сегодня']);
    expect(page?.endedPromotions).toBe(23);
  });

  it('a Лайт page and a page with no version show no promotion, current or archived', async () => {
    const town = (await database.db.select().from(towns).where(eq(towns.id, ids.town)))[0];
    const service = createClinicService({ db: database.db, clock: fixedClock(NOW) });
    for (const id of [ids.light, ids.none]) {
      const page = await service.page(town, id);
      expect(page?.promotions).toEqual([]);
      expect(page?.endedPromotions).toBe(0);
      const archive = await app.inject({ url: `/ajax/lpu/${id}/promotions/archive/` });
      expect(archive.statusCode).toBe(200);
      expect(archive.body).toBe('<p class="text-ink-soft">Архивных акций нет</p>');
      expect((await app.inject({ url: `/ajax/lpu/${id}/promotions/archive/?page=2` })).statusCode).toBe(404);
    }
  });
});

describe('GET /media/licences/{id}.svg', () => {
  it('draws the licence record as an SVG image, escaped', async () => {
    const res = await app.inject({ url: `/media/licences/${ids.licence}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('№ Л041-01021-25/00123456 от 15 марта 2021 г.');
    expect(res.body).toContain('&lt;и&gt;');
    expect(res.body).toContain('Владивосток, ул. Светланская, 10');
  });

  it('answers 404 for an unknown licence or a malformed name', async () => {
    for (const file of ['999999.svg', 'abc.svg', `${ids.licence}.png`]) {
      const res = await app.inject({ url: `/media/licences/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });
});

describe('GET /ajax/lpu/{id}/covid_rules/', () => {
  it('answers the clinic’s rules, 404 for an unknown clinic', async () => {
    const clinic = await createClinic(database.db, {
      townId: ids.town,
      covidRules: ['Вход в маске', 'Измерение температуры на входе'],
    });
    const res = await app.inject({ url: `/ajax/lpu/${clinic.id}/covid_rules/` });
    expect(res.json()).toEqual(['Вход в маске', 'Измерение температуры на входе']);
    expect((await app.inject({ url: '/ajax/lpu/999999/covid_rules/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/ajax/lpu/abc/covid_rules/' })).statusCode).toBe(404);
  });
});
