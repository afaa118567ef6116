/**
 * The clinic page from the cabinet beyond accessibility: description, phones and website, weekly
 * and holiday hours. Only the clinic's own account changes them; the public page and its calls show
 * each save at once; every change is audited. Promotions and visiting rules:
 * clinic-page-promotions.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema/clinics';
import { signedInAs } from '../../testing/session';
import { clinicPageFixture } from './clinic-page-cabinet-fixture';

const t = clinicPageFixture();
const { TODAY, page, auditOf, ABOUT, HOURS, HOLIDAYS, PROMOS, RULES, week, promo } = t;

describe('who may change the clinic page', () => {
  it('is the clinic account alone: 401 for a visitor, 403 for a patient or a doctor, with Russian text', async () => {
    const patient = await signedInAs(t.app, t.database.db, {});
    const doctor = await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: t.doctorId });
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
      const visitor = await t.app.inject({ method: call.method, url: call.url, payload: call.payload });
      if (call.method === 'GET') expect(visitor.statusCode, call.url).toBe(401);
      else expect([401, 403], `${call.method} ${call.url}`).toContain(visitor.statusCode);
      for (const who of [patient, doctor]) {
        const refused = await who.inject(call);
        expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(refused.json().detail).toBe('Страницу клиники меняет клиника: войдите как клиника');
      }
    }
    expect((await t.app.inject({ url: ABOUT })).json().detail).toBe('Войдите как клиника');
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
      const res = await t.clinic.inject({
        method: 'POST',
        url: ABOUT,
        payload: typeof payload === 'string' ? payload : payload,
        headers: { ...t.clinic.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof payload !== 'string') expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
      else expect(typeof res.json().detail).toBe('string');
    }
    const [row] = await t.database.db.select().from(clinics).where(eq(clinics.id, t.ours.id));
    expect(row.description).toBe('Старое');
  });

  it('saves them normalised; the clinic page shows them at once; the change is audited', async () => {
    expect((await page(t.ours)).body).toContain('Старое');
    expect((await page(t.ours)).cache).toBe('hit');
    const res = await t.clinic.inject({
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
    expect((await t.clinic.inject({ method: 'GET', url: ABOUT })).json()).toEqual(res.json());
    const after = await page(t.ours);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Многопрофильная клиника у метро.');
    expect(after.body).toContain('+7 (495) 123-45-67');
    expect(after.body).toContain('href="tel:+79160001122"');
    expect(after.body).toMatch(
      /href="https:\/\/klinika\.example\.ru\/"[^>]*data-clinic-website[^>]*>klinika\.example\.ru</,
    );
    expect(after.body).not.toContain('Старое');

    const [audit] = await auditOf('clinic.about');
    expect(audit.targetId).toBe(t.ours.id);
    expect(audit.before).toMatchObject({ description: 'Старое' });
    expect(audit.after).toMatchObject({ phones: ['74951234567', '79160001122'] });
    const [untouched] = await t.database.db.select().from(clinics).where(eq(clinics.id, t.other.id));
    expect(untouched.description).not.toContain('Многопрофильная');
  });

  it('two saves at once both answer 200 and one of them is kept whole', async () => {
    const body = (n: number) => ({ description: `Вариант ${n}`, phones: [`7495000000${n}`], website: '' });
    const answers = await Promise.all(
      [1, 2, 3].map((n) => t.clinic.inject({ method: 'POST', url: ABOUT, payload: body(n) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [row] = await t.database.db.select().from(clinics).where(eq(clinics.id, t.ours.id));
    const n = Number(row.description.slice(-1));
    expect(row.phones).toEqual([`7495000000${n}`]);
  });
});

describe('working hours and holiday hours', () => {
  const schedule = async () =>
    (
      await t.app.inject({
        url: `/ajax/lpu/${t.ours.id}/schedule/?address=${encodeURIComponent(`${t.ours.street}, ${t.ours.house}`)}`,
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
      const res = await t.clinic.inject({ method: 'POST', url: HOURS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
  });

  it('saves the week; the schedule call and the clinic page show it', async () => {
    const week1 = week('08:00', '20:00').map((d) =>
      d.weekday === 6 ? { weekday: 6, opens: '10:00', closes: '16:00' } : d,
    );
    const res = await t.clinic.inject({ method: 'POST', url: HOURS, payload: { week: week1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().week).toEqual(week1);
    expect(res.json().today).toBe(TODAY);
    const s = await schedule();
    expect(s.schedule_days).toMatchObject({
      monday: '08:00–20:00',
      saturday: '10:00–16:00',
      sunday: 'выходной',
    });
    expect((await page(t.ours)).body).toContain('08:00–20:00');
    const round = week('00:00', '24:00');
    expect((await t.clinic.inject({ method: 'POST', url: HOURS, payload: { week: round } })).statusCode).toBe(
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
      const res = await t.clinic.inject({ method: 'POST', url: HOLIDAYS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const added = await t.clinic.inject({
      method: 'POST',
      url: HOLIDAYS,
      payload: { date: '2026-12-31', opens: '10:00', closes: '15:00' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.clinic.inject({
      method: 'POST',
      url: HOLIDAYS,
      payload: { date: TODAY, opens: null, closes: null },
    });
    const again = await t.clinic.inject({
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
    const body = (await page(t.ours)).body;
    expect(body).toContain('График работы в праздники');
    expect(body).toContain('31 декабря');

    // Another clinic's day is not found; so is a malformed id.
    const theirs = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.other.id });
    expect((await theirs.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` })).statusCode).toBe(
      404,
    );
    expect((await t.clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}abc/` })).statusCode).toBe(404);
    const removed = await t.clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().holidays.map((h: { date: string }) => h.date)).toEqual([TODAY]);
    expect(
      (await t.clinic.inject({ method: 'DELETE', url: `${HOLIDAYS}${holidays[1].id}/` })).json().detail,
    ).toBe('Такого дня в графике нет');
    expect((await auditOf('clinic.holiday.added')).length).toBe(2);
    expect((await auditOf('clinic.holiday.changed')).map((a) => a.before)).toEqual([
      { date: '2026-12-31', opens: '10:00', closes: '15:00' },
    ]);
    expect((await auditOf('clinic.holiday.removed')).length).toBe(1);
  });
});
