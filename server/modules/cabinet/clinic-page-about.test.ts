/**
 * The clinic page from the cabinet beyond accessibility: description, phones and website, weekly
 * and holiday hours, promotions (from Стандарт up). Only the clinic's own account changes them;
 * the public page and its calls show each save at once; every change is audited.
 */
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics, promotions } from '../../db/schema/clinics';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let ours: { id: number; slug: string; street: string; house: string };
let other: { id: number; slug: string };
let light: { id: number; slug: string };
let doctorId: number;
let clinic: TestSession;

// Thursday 5 November 2026, 12:00 in Moscow.
const TODAY = '2026-11-05';

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  ours = await createClinic(database.db, { townId: town.id, softwareVersion: 'PRO', description: 'Старое' });
  other = await createClinic(database.db, { townId: town.id, softwareVersion: 'PRO' });
  light = await createClinic(database.db, { townId: town.id, softwareVersion: 'LIGHT' });
  doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
  });
  clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ours.id });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

const clinicPath = (c: { id: number; slug: string }) => `/moskva/lpu/${c.id}-${c.slug}/`;
const page = async (c: { id: number; slug: string }) => {
  const res = await app.inject({ url: clinicPath(c) });
  expect(res.statusCode).toBe(200);
  return { body: res.body, cache: res.headers['x-page-cache'] };
};
const auditOf = (action: string) =>
  database.db
    .select()
    .from(cabinetAudit)
    .where(and(eq(cabinetAudit.action, action)))
    .orderBy(cabinetAudit.id);

const ABOUT = '/cabinet/ajax/clinic/about/';
const HOURS = '/cabinet/ajax/clinic/hours/';
const HOLIDAYS = '/cabinet/ajax/clinic/holidays/';
const PROMOS = '/cabinet/ajax/clinic/promotions/';
const RULES = '/cabinet/ajax/clinic/rules/';

const week = (opens: string | null, closes: string | null) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    weekday >= 6 ? { weekday, opens: null, closes: null } : { weekday, opens, closes },
  );
const promo = (over: Record<string, unknown> = {}) => ({
  title: 'Скидка 20% на УЗИ',
  body: 'Всем пациентам по будням до 12:00',
  startsOn: TODAY,
  endsOn: '2026-11-30',
  ...over,
});

describe('who may change the clinic page', () => {
  it('is the clinic account alone: 401 for a visitor, 403 for a patient or a doctor, with Russian text', async () => {
    const patient = await signedInAs(app, database.db, {});
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId });
    const calls: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: ABOUT },
      { method: 'POST', url: ABOUT, payload: { description: '', phones: ['74951234567'], website: '' } },
      { method: 'GET', url: HOURS },
      { method: 'POST', url: HOURS, payload: { week: week('09:00', '18:00') } },
      { method: 'POST', url: HOLIDAYS, payload: { date: '2026-12-31', opens: null, closes: null } },
      { method: 'DELETE', url: `${HOLIDAYS}1/` },
      { method: 'GET', url: RULES },
      { method: 'POST', url: RULES, payload: { text: 'Маска' } },
      { method: 'GET', url: PROMOS },
      { method: 'POST', url: PROMOS, payload: promo() },
      { method: 'POST', url: `${PROMOS}1/`, payload: promo() },
      { method: 'POST', url: `${PROMOS}1/end/` },
    ];
    for (const call of calls) {
      // Without a session a read is 401; a write meets the CSRF check first (403) or the 401.
      const visitor = await app.inject({ method: call.method, url: call.url, payload: call.payload });
      if (call.method === 'GET') expect(visitor.statusCode, call.url).toBe(401);
      else expect([401, 403], `${call.method} ${call.url}`).toContain(visitor.statusCode);
      for (const who of [patient, doctor]) {
        const refused = await who.inject(call);
        expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(refused.json().detail).toBe('Страницу клиники меняет клиника: войдите как клиника');
      }
    }
    expect((await app.inject({ url: ABOUT })).json().detail).toBe('Войдите как клиника');
  }, 60_000);
});

describe('about: description, phones, website', () => {
  it('refuses garbage with a Russian detail, never a 500', async () => {
    const bad: [object | string, string][] = [
      [
        { description: 'x'.repeat(5001), phones: ['74951234567'], website: '' },
        'Описание — не больше 5000 символов',
      ],
      [{ description: '', phones: [], website: '' }, 'Укажите хотя бы один телефон'],
      [{ description: '', phones: ['12345'], website: '' }, 'Укажите российский номер: +7 и 10 цифр'],
      [
        { description: '', phones: ['+1 212 555 0100'], website: '' },
        'Укажите российский номер: +7 и 10 цифр',
      ],
      [{ description: '', phones: Array(6).fill('74951234567'), website: '' }, 'Не больше 5 телефонов'],
      [
        { description: '', phones: ['74951234567'], website: 'javascript:alert(1)' },
        'Укажите адрес сайта, начиная с http:// или https://',
      ],
      [
        { description: 'a\u0000b', phones: ['74951234567'], website: '' },
        'Текст содержит недопустимые управляющие символы',
      ],
      [{ description: 5, phones: 'x', website: null }, 'Описание — не больше 5000 символов'],
      ['garbage', 'Проверьте заполнение формы'],
    ];
    for (const [payload, detail] of bad) {
      const res = await clinic.inject({
        method: 'POST',
        url: ABOUT,
        payload: typeof payload === 'string' ? payload : payload,
        headers: { ...clinic.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof payload !== 'string') expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
      else expect(typeof res.json().detail).toBe('string');
    }
    const [row] = await database.db.select().from(clinics).where(eq(clinics.id, ours.id));
    expect(row.description).toBe('Старое');
  });

  it('saves them normalised; the clinic page shows them at once; the change is audited', async () => {
    expect((await page(ours)).body).toContain('Старое');
    expect((await page(ours)).cache).toBe('hit');
    const res = await clinic.inject({
      method: 'POST',
      url: ABOUT,
      payload: {
        description: '  Многопрофильная клиника у метро.\nРаботаем с 2001 года.  ',
        phones: ['+7 (495) 123-45-67', '8 916 000-11-22', '74951234567'],
        website: ' https://klinika.example.ru ',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      description: 'Многопрофильная клиника у метро.\nРаботаем с 2001 года.',
      phones: ['74951234567', '79160001122'],
      website: 'https://klinika.example.ru',
    });
    expect((await clinic.inject({ method: 'GET', url: ABOUT })).json()).toEqual(res.json());
    const after = await page(ours);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Многопрофильная клиника у метро.');
    expect(after.body).toContain('+7 (495) 123-45-67');
    expect(after.body).toContain('href="tel:+79160001122"');
    expect(after.body).toMatch(
      /href="https:\/\/klinika\.example\.ru\/"[^>]*data-clinic-website[^>]*>klinika\.example\.ru</,
    );
    expect(after.body).not.toContain('Старое');

    const [audit] = await auditOf('clinic.about');
    expect(audit.targetId).toBe(ours.id);
    expect(audit.before).toMatchObject({ description: 'Старое' });
    expect(audit.after).toMatchObject({ phones: ['74951234567', '79160001122'] });
    const [untouched] = await database.db.select().from(clinics).where(eq(clinics.id, other.id));
    expect(untouched.description).not.toContain('Многопрофильная');
  });

  it('two saves at once both answer 200 and one of them is kept whole', async () => {
    const body = (n: number) => ({ description: `Вариант ${n}`, phones: [`7495000000${n}`], website: '' });
    const answers = await Promise.all(
      [1, 2, 3].map((n) => clinic.inject({ method: 'POST', url: ABOUT, payload: body(n) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [row] = await database.db.select().from(clinics).where(eq(clinics.id, ours.id));
    const n = Number(row.description.slice(-1));
    expect(row.phones).toEqual([`7495000000${n}`]);
  });
});

describe('working hours and holiday hours', () => {
  const schedule = async () =>
    (
      await app.inject({
        url: `/ajax/lpu/${ours.id}/schedule/?address=${encodeURIComponent(`${ours.street}, ${ours.house}`)}`,
      })
    ).json();

  it('refuses hours that make no sense', async () => {
    const bad: [object, string][] = [
      [{ week: week('18:00', '09:00') }, 'Время закрытия должно быть позже времени открытия'],
      [{ week: week('9:00', '18:00') }, 'Время — в виде ЧЧ:ММ, например 09:00'],
      [{ week: week('09:00', null) }, 'Время — в виде ЧЧ:ММ, например 09:00'],
      [{ week: week('09:00', '18:00').slice(0, 6) }, 'Укажите часы для каждого дня недели'],
      [
        { week: [...week('09:00', '18:00').slice(0, 6), { weekday: 1, opens: null, closes: null }] },
        'Укажите часы для каждого дня недели',
      ],
      [{}, 'Укажите часы для каждого дня недели'],
    ];
    for (const [payload, detail] of bad) {
      const res = await clinic.inject({ method: 'POST', url: HOURS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
  });

  it('saves the week; the schedule call and the clinic page show it', async () => {
    const week1 = week('08:00', '20:00').map((d) =>
      d.weekday === 6 ? { weekday: 6, opens: '10:00', closes: '16:00' } : d,
    );
    const res = await clinic.inject({ method: 'POST', url: HOURS, payload: { week: week1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().week).toEqual(week1);
    expect(res.json().today).toBe(TODAY);
    const s = await schedule();
    expect(s.schedule_days).toMatchObject({
      monday: '08:00–20:00',
      saturday: '10:00–16:00',
      sunday: 'выходной',
    });
    expect((await page(ours)).body).toContain('08:00–20:00');
    const round = week('00:00', '24:00');
    expect((await clinic.inject({ method: 'POST', url: HOURS, payload: { week: round } })).statusCode).toBe(
      200,
    );
    expect((await schedule()).schedule_days.monday).toBe('круглосуточно');
    expect((await auditOf('clinic.hours')).length).toBe(2);
  });

  it('adds and removes holiday days, from today on only', async () => {
    for (const [payload, detail] of [
      [{ date: '2026-11-04', opens: null, closes: null }, 'Выберите сегодняшний или будущий день'],
      [{ date: '2028-01-01', opens: null, closes: null }, 'Выберите день не дальше чем через год'],
      [{ date: '2026-02-30', opens: null, closes: null }, 'Укажите дату'],
      [
        { date: '2026-12-31', opens: '15:00', closes: '10:00' },
        'Время закрытия должно быть позже времени открытия',
      ],
      [{ opens: null, closes: null }, 'Укажите дату'],
    ] as const) {
      const res = await clinic.inject({ method: 'POST', url: HOLIDAYS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const added = await clinic.inject({
      method: 'POST',
      url: HOLIDAYS,
      payload: { date: '2026-12-31', opens: '10:00', closes: '15:00' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await clinic.inject({
      method: 'POST',
      url: HOLIDAYS,
      payload: { date: TODAY, opens: null, closes: null },
    });
    const again = await clinic.inject({
      method: 'POST',
      url: HOLIDAYS,
      payload: { date: '2026-12-31', opens: '10:00', closes: '14:00' },
    });
    const holidays = again.json().holidays as {
      id: number;
      date: string;
      opens: string | null;
      closes: string | null;
    }[];
    expect(holidays.map(({ date, opens, closes }) => ({ date, opens, closes }))).toEqual([
      { date: TODAY, opens: null, closes: null },
      { date: '2026-12-31', opens: '10:00', closes: '14:00' },
    ]);
    expect((await schedule()).lpu_exceptions).toEqual([
      { date: '05.11', time: 'выходной' },
      { date: '31.12', time: '10:00–14:00' },
    ]);
    const body = (await page(ours)).body;
    expect(body).toContain('График работы в праздники');
    expect(body).toContain('31 декабря');

    // Another clinic's day is not found; so is a malformed id.
    const theirs = await signedInAs(app, database.db, { role: 'clinic', clinicId: other.id });
    expect((await theirs.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` })).statusCode).toBe(
      404,
    );
    expect((await clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}abc/` })).statusCode).toBe(404);
    const removed = await clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().holidays.map((h: { date: string }) => h.date)).toEqual([TODAY]);
    expect(
      (await clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` })).json().detail,
    ).toBe('Такого дня в графике нет');
    expect((await auditOf('clinic.holiday.added')).length).toBe(2);
    expect((await auditOf('clinic.holiday.changed')).map((a) => a.before)).toEqual([
      { date: '2026-12-31', opens: '10:00', closes: '15:00' },
    ]);
    expect((await auditOf('clinic.holiday.removed')).length).toBe(1);
  });
});

describe('promotions', () => {
  it('refuse garbage with a Russian detail', async () => {
    const bad: [object, string][] = [
      [promo({ title: '  ' }), 'Укажите название акции'],
      [promo({ body: '' }), 'Опишите условия акции'],
      [promo({ title: 'x'.repeat(121) }), 'Название — не больше 120 символов'],
      [promo({ startsOn: '2026-13-01' }), 'Укажите дату'],
      [
        promo({ endsOn: '2026-11-01', startsOn: '2026-11-03' }),
        'Акция не может закончиться раньше, чем начнётся',
      ],
      [promo({ startsOn: '2026-10-01', endsOn: '2026-11-04' }), 'Дата окончания уже прошла'],
      [{ title: 1 }, 'Укажите название акции'],
    ];
    for (const [payload, detail] of bad) {
      const res = await clinic.inject({ method: 'POST', url: PROMOS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
  });

  it('are added, shown on the clinic page, edited, and ended into the archive — never deleted', async () => {
    const empty = await clinic.inject({ method: 'GET', url: PROMOS });
    expect(empty.json()).toEqual({ available: true, upgrade: null, today: TODAY, current: [], ended: [] });
    const added = await clinic.inject({ method: 'POST', url: PROMOS, payload: promo() });
    expect(added.statusCode, added.body).toBe(200);
    const [p] = added.json().current;
    expect(p).toMatchObject({ title: 'Скидка 20% на УЗИ', startsOn: TODAY, endsOn: '2026-11-30' });
    await clinic.inject({
      method: 'POST',
      url: PROMOS,
      payload: promo({ title: 'Бесплатная консультация', startsOn: '2026-12-01', endsOn: null }),
    });
    let body = (await page(ours)).body;
    expect(body).toContain('Скидка 20% на УЗИ');
    expect(body).toContain('Бесплатная консультация');
    expect(body).not.toContain('Архивные акции');

    const edited = await clinic.inject({
      method: 'POST',
      url: `${PROMOS}${p.id}/`,
      payload: promo({ title: 'Скидка 25% на УЗИ' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(ours)).body).toContain('Скидка 25% на УЗИ');

    // Another clinic's promotion is not found, to edit or to end.
    const theirs = await signedInAs(app, database.db, { role: 'clinic', clinicId: other.id });
    expect((await theirs.inject({ method: 'POST', url: `${PROMOS}${p.id}/end/` })).statusCode).toBe(404);
    expect(
      (await theirs.inject({ method: 'POST', url: `${PROMOS}${p.id}/`, payload: promo() })).statusCode,
    ).toBe(404);
    expect((await clinic.inject({ method: 'POST', url: `${PROMOS}99999/end/` })).json().detail).toBe(
      'Такой акции нет',
    );

    const ended = await clinic.inject({ method: 'POST', url: `${PROMOS}${p.id}/end/` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().current.map((x: { title: string }) => x.title)).toEqual(['Бесплатная консультация']);
    expect(ended.json().ended).toMatchObject([
      { id: p.id, title: 'Скидка 25% на УЗИ', endsOn: '2026-11-04' },
    ]);
    body = (await page(ours)).body;
    expect(body).not.toContain('Скидка 25% на УЗИ');
    expect(body).toContain('Архивные акции');
    const archive = await app.inject({ url: `/ajax/lpu/${ours.id}/promotions/archive/` });
    expect(archive.body).toContain('Скидка 25% на УЗИ');

    // An upcoming one ended never ends before it starts; an ended one is not edited.
    const upcoming = ended.json().current[0];
    const endedUpcoming = (
      await clinic.inject({ method: 'POST', url: `${PROMOS}${upcoming.id}/end/` })
    ).json();
    expect(endedUpcoming.ended[0]).toMatchObject({
      id: upcoming.id,
      startsOn: '2026-11-04',
      endsOn: '2026-11-04',
    });
    const late = await clinic.inject({ method: 'POST', url: `${PROMOS}${p.id}/`, payload: promo() });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Акция уже завершена');

    const rows = await database.db.select().from(promotions).where(eq(promotions.clinicId, ours.id));
    expect(rows.length).toBe(2);
    expect((await auditOf('clinic.promotion.added')).length).toBe(2);
    expect((await auditOf('clinic.promotion.changed')).map((a) => a.before)).toMatchObject([
      { title: 'Скидка 20% на УЗИ' },
    ]);
    expect((await auditOf('clinic.promotion.ended')).map((a) => a.after)).toEqual([
      // It started today: its last day is yesterday, and so is its first.
      { startsOn: '2026-11-04', endsOn: '2026-11-04' },
      { startsOn: '2026-11-04', endsOn: '2026-11-04' },
    ]);
  });

  it('below Стандарт: what the level would give instead of the editor; a write is 403 with it', async () => {
    const lite = await signedInAs(app, database.db, { role: 'clinic', clinicId: light.id });
    const res = await lite.inject({ method: 'GET', url: PROMOS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: false,
      upgrade: {
        version: 'STANDARD',
        gains: ['Следит за эффективностью страницы', 'Публикует акции и скидки'],
      },
      today: TODAY,
      current: [],
      ended: [],
    });
    const refused = await lite.inject({ method: 'POST', url: PROMOS, payload: promo() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      detail: 'Акции публикуют клиники с версией от «Стандарт»',
      upgrade: { version: 'STANDARD' },
    });
    expect((await lite.inject({ method: 'POST', url: `${PROMOS}1/end/` })).statusCode).toBe(403);
    const none = await database.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.clinicId, light.id), like(promotions.title, '%')));
    expect(none).toEqual([]);
  });
});

describe("'Правила посещения'", () => {
  it('are set a rule a line; the page popup lists them; empty removes the section', async () => {
    for (const [payload, detail] of [
      [{ text: Array.from({ length: 11 }, (_, i) => `Правило ${i}`).join('\n') }, 'Не больше 10 правил'],
      [{ text: 'x'.repeat(301) }, 'Каждое правило — не больше 300 символов'],
      [{ text: 5 }, 'Проверьте заполнение формы'],
      [{}, 'Проверьте заполнение формы'],
    ] as const) {
      const res = await clinic.inject({ method: 'POST', url: RULES, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const saved = await clinic.inject({
      method: 'POST',
      url: RULES,
      payload: { text: ' Вход в бахилах \r\n\n Ребёнок — со взрослым\nВход в бахилах' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rules: ['Вход в бахилах', 'Ребёнок — со взрослым'] });
    expect((await clinic.inject({ method: 'GET', url: RULES })).json()).toEqual(saved.json());
    expect((await app.inject({ url: `/ajax/lpu/${ours.id}/covid_rules/` })).json()).toEqual([
      'Вход в бахилах',
      'Ребёнок — со взрослым',
    ]);
    expect((await page(ours)).body).toContain('Правила посещения');
    await clinic.inject({ method: 'POST', url: RULES, payload: { text: '  ' } });
    expect((await page(ours)).body).not.toContain('Правила посещения');
    expect((await auditOf('clinic.rules')).map((a) => a.after)).toEqual([
      { rules: ['Вход в бахилах', 'Ребёнок — со взрослым'] },
      { rules: [] },
    ]);
  });
});
