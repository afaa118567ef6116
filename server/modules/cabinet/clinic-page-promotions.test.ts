/**
 * The clinic page's promotions (from Стандарт up) and visiting rules, set from the cabinet by the
 * clinic's own account; the public page shows each save at once; every change is audited.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/clinics';
import { signedInAs } from '../../testing/session';
import { clinicPageFixture } from './clinic-page-cabinet-fixture';

const t = clinicPageFixture();
const { TODAY, page, auditOf, PROMOS, RULES, promo } = t;

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
      const res = await t.clinic.inject({ method: 'POST', url: PROMOS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
  });

  it('are added, shown on the clinic page, edited, and ended into the archive — never deleted', async () => {
    const empty = await t.clinic.inject({ method: 'GET', url: PROMOS });
    expect(empty.json()).toEqual({ available: true, upgrade: null, today: TODAY, current: [], ended: [] });
    const added = await t.clinic.inject({ method: 'POST', url: PROMOS, payload: promo() });
    expect(added.statusCode, added.body).toBe(200);
    const [p] = added.json().current;
    expect(p).toMatchObject({ title: 'Скидка 20% на УЗИ', startsOn: TODAY, endsOn: '2026-11-30' });
    await t.clinic.inject({
      method: 'POST',
      url: PROMOS,
      payload: promo({ title: 'Бесплатная консультация', startsOn: '2026-12-01', endsOn: null }),
    });
    let body = (await page(t.ours)).body;
    expect(body).toContain('Скидка 20% на УЗИ');
    expect(body).toContain('Бесплатная консультация');
    expect(body).not.toContain('Архивные акции');

    const edited = await t.clinic.inject({
      method: 'POST',
      url: `${PROMOS}${p.id}/`,
      payload: promo({ title: 'Скидка 25% на УЗИ' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(t.ours)).body).toContain('Скидка 25% на УЗИ');

    // Another clinic's promotion is not found, to edit or to end.
    const theirs = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.other.id });
    expect((await theirs.inject({ method: 'POST', url: `${PROMOS}${p.id}/end/` })).statusCode).toBe(404);
    expect(
      (await theirs.inject({ method: 'POST', url: `${PROMOS}${p.id}/`, payload: promo() })).statusCode,
    ).toBe(404);
    expect((await t.clinic.inject({ method: 'POST', url: `${PROMOS}99999/end/` })).json().detail).toBe(
      'Такой акции нет',
    );

    const ended = await t.clinic.inject({ method: 'POST', url: `${PROMOS}${p.id}/end/` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().current.map((x: { title: string }) => x.title)).toEqual(['Бесплатная консультация']);
    expect(ended.json().ended).toMatchObject([
      { id: p.id, title: 'Скидка 25% на УЗИ', endsOn: '2026-11-04' },
    ]);
    body = (await page(t.ours)).body;
    expect(body).not.toContain('Скидка 25% на УЗИ');
    expect(body).toContain('Архивные акции');
    const archive = await t.app.inject({ url: `/ajax/lpu/${t.ours.id}/promotions/archive/` });
    expect(archive.body).toContain('Скидка 25% на УЗИ');

    // An upcoming one ended never ends before it starts; an ended one is not edited.
    const upcoming = ended.json().current[0];
    const endedUpcoming = (
      await t.clinic.inject({ method: 'POST', url: `${PROMOS}${upcoming.id}/end/` })
    ).json();
    expect(endedUpcoming.ended[0]).toMatchObject({
      id: upcoming.id,
      startsOn: '2026-11-04',
      endsOn: '2026-11-04',
    });
    const late = await t.clinic.inject({ method: 'POST', url: `${PROMOS}${p.id}/`, payload: promo() });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Акция уже завершена');

    const rows = await t.database.db.select().from(promotions).where(eq(promotions.clinicId, t.ours.id));
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
    const lite = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.light.id });
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
    const none = await t.database.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.clinicId, t.light.id), like(promotions.title, '%')));
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
      const res = await t.clinic.inject({ method: 'POST', url: RULES, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const saved = await t.clinic.inject({
      method: 'POST',
      url: RULES,
      payload: { text: ' Вход в бахилах \r\n\n Ребёнок — со взрослым\nВход в бахилах' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rules: ['Вход в бахилах', 'Ребёнок — со взрослым'] });
    expect((await t.clinic.inject({ method: 'GET', url: RULES })).json()).toEqual(saved.json());
    expect((await t.app.inject({ url: `/ajax/lpu/${t.ours.id}/covid_rules/` })).json()).toEqual([
      'Вход в бахилах',
      'Ребёнок — со взрослым',
    ]);
    expect((await page(t.ours)).body).toContain('Правила посещения');
    await t.clinic.inject({ method: 'POST', url: RULES, payload: { text: '  ' } });
    expect((await page(t.ours)).body).not.toContain('Правила посещения');
    expect((await auditOf('clinic.rules')).map((a) => a.after)).toEqual([
      { rules: ['Вход в бахилах', 'Ребёнок — со взрослым'] },
      { rules: [] },
    ]);
  });
});
