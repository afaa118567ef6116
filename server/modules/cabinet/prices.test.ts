/**
 * 'Цены и услуги': a clinic keeps its own price list and club participation in its cabinet; its
 * public page shows the new prices at once with 'Обновлено клиникой {date}'. Nobody else may.
 * Adding, racing and removing lines: price-lines.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema/clinics';
import { clinicServices } from '../../db/schema/services';
import { csrfToken } from '../../testing/csrf';
import { signedInAs } from '../../testing/session';
import { pricesFixture } from './prices-fixture';

const t = pricesFixture();
const { URL, lineUrl, body, listed, lineOf, auditOf } = t;

describe("a clinic's price list in its cabinet", () => {
  it("lists the clinic's own lines by service class, with its club and price status", async () => {
    const prices = await listed();
    expect(prices.clinicId).toBe(t.ours.id);
    expect(prices.club).toEqual({ enabled: false, discountPercent: 0 });
    expect(prices.updateStatus).toEqual({ code: 3, date: '2025-01-31' });
    const ids = prices.groups.flatMap((g) => g.lines.map((l) => l.id));
    expect(ids.sort()).toEqual([t.mri.id, t.ultrasound.id].sort());
    expect(ids).not.toContain(t.othersLine.id);
    expect(prices.groups).toHaveLength(2);
    expect(lineOf(prices, t.mri.id)).toMatchObject({
      name: 'МРТ колена',
      synonymName: 'МРТ колена',
      durationMinutes: 30,
      priceFull: 4500,
      priceClub: null,
      appointmentOn: true,
      hasIntervals: true,
      isAvailableAppointmentDirect: true,
      requiresPrimaryConsultation: false,
      doctor: null,
    });
    expect(lineOf(prices, t.mri.id).version).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses everyone but the clinic itself: 401, 403, and 404 for another clinic’s line', async () => {
    const token = await csrfToken(t.app);
    const anonymous = (options: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }) =>
      t.app.inject({ ...options, cookies: { csrftoken: token }, headers: { 'x-csrftoken': token } });
    const patient = await signedInAs(t.app, t.database.db, {});
    const doctor = await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: t.doctorId });
    const line = lineOf(await listed(), t.mri.id);
    const calls = [
      { method: 'GET' as const, url: URL },
      { method: 'GET' as const, url: `${URL}synonyms/?q=МРТ` },
      { method: 'POST' as const, url: URL, payload: { ...body(line), synonym_id: t.mri.synonymId } },
      { method: 'POST' as const, url: lineUrl(t.mri.id), payload: body(line, { price_full: 1 }) },
      { method: 'DELETE' as const, url: lineUrl(t.mri.id) },
      { method: 'POST' as const, url: `${URL}club/`, payload: { enabled: true, discount_percent: 10 } },
    ];
    for (const call of calls) {
      const what = `${call.method} ${call.url}`;
      expect((await anonymous(call)).statusCode, what).toBe(401);
      expect((await patient.inject(call)).statusCode, what).toBe(403);
      const refused = await doctor.inject(call);
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json().detail).toBe('Цены меняет клиника: войдите как клиника');
    }
    // Another clinic's line is 'not found', as a line that does not exist (and a malformed id).
    for (const id of [t.othersLine.id, 999_999]) {
      const edit = await t.clinic.inject({ url: lineUrl(id), payload: body(line) });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().detail).toBe('Услуга не найдена');
      expect((await t.clinic.inject({ method: 'DELETE', url: lineUrl(id) })).statusCode).toBe(404);
    }
    expect((await t.clinic.inject({ url: lineUrl(0), payload: body(line) })).statusCode).toBe(404);
    expect((await t.clinic.inject({ method: 'DELETE', url: '/cabinet/ajax/prices/abc/' })).statusCode).toBe(
      404,
    );
    // Nothing changed anywhere.
    const [theirs] = await t.database.db
      .select()
      .from(clinicServices)
      .where(eq(clinicServices.id, t.othersLine.id));
    expect(theirs.priceFull).toBe(t.othersLine.priceFull);
    expect(lineOf(await listed(), t.mri.id)).toEqual(line);
  });

  it('refuses a malformed line with a Russian detail (400), never a 500', async () => {
    const line = lineOf(await listed(), t.mri.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'Название — от 2 до 200 символов'],
      [{ name: 'М' }, 'Название — от 2 до 200 символов'],
      [{ name: 'М'.repeat(201) }, 'Название — от 2 до 200 символов'],
      [{ name: 42 }, 'Укажите название'],
      [{ name: 'МРТ\u0000' }, 'Текст содержит недопустимые управляющие символы'],
      [{ duration_minutes: 4 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: 481 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: 30.5 }, 'Длительность — целое число минут от 5 до 480'],
      [{ duration_minutes: '30' }, 'Длительность — целое число минут от 5 до 480'],
      [{ price_full: -1 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: 10_000_001 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: 99.9 }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_full: null }, 'Цена — целое число рублей от 0 до 10 000 000'],
      [{ price_club: 'дёшево' }, 'Клубная цена — целое число рублей от 0 до 10 000 000 или пусто'],
      [{ price_full: 1000, price_club: 1001 }, 'Клубная цена не может быть больше полной'],
      [{ appointment_on: 'да' }, 'Отметьте да или нет'],
      [{ version: undefined }, 'Обновите страницу'],
    ];
    for (const [change, detail] of cases) {
      const res = await t.clinic.inject({ url: lineUrl(t.mri.id), payload: body(line, change) });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().detail, JSON.stringify(change)).toBe(detail);
    }
    for (const payload of [{}, [], { price_full: 1 }]) {
      const res = await t.clinic.inject({ url: lineUrl(t.mri.id), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const broken = await t.clinic.inject({
      url: lineUrl(t.mri.id),
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    // A new line needs a service of the catalogue.
    const add = { ...body(line), version: undefined };
    for (const [synonym, detail] of [
      [undefined, 'Выберите услугу из списка'],
      ['1', 'Выберите услугу из списка'],
      [-3, 'Выберите услугу из списка'],
      [999_999, 'Такой услуги нет в справочнике'],
    ] as const) {
      const res = await t.clinic.inject({ url: URL, payload: { ...add, synonym_id: synonym } });
      expect(res.statusCode, String(synonym)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    for (const payload of [
      { enabled: true, discount_percent: 91 },
      { enabled: true, discount_percent: -1 },
      { enabled: true, discount_percent: 5.5 },
      { enabled: 'yes', discount_percent: 10 },
      { enabled: true },
    ]) {
      const res = await t.clinic.inject({ url: `${URL}club/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect(
      (await t.clinic.inject({ url: `${URL}club/`, payload: { enabled: true, discount_percent: 91 } })).json()
        .detail,
    ).toBe('Скидка — целое число от 0 до 90 %');
    // Nothing was saved by any of them.
    expect(lineOf(await listed(), t.mri.id)).toEqual(line);
    expect((await listed()).updateStatus.code).toBe(3);
  });

  it('saves an edit: the public page shows the new price and "Обновлено клиникой" with the clinic’s date', async () => {
    const clinicUrl = `/moskva/lpu/${t.ours.id}-${t.ours.slug}/`;
    const before = await t.app.inject({ url: clinicUrl });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Обновлено 31.01.2025. Цены устарели');
    expect((await t.app.inject({ url: clinicUrl })).headers['x-page-cache']).toBe('hit');

    const line = lineOf(await listed(), t.mri.id);
    const res = await t.clinic.inject({
      url: lineUrl(t.mri.id),
      payload: body(line, {
        name: '  МРТ   коленного сустава ',
        price_full: 5200,
        price_club: 4100,
        duration_minutes: 45,
        requires_primary_consultation: true,
        has_intervals: false,
      }),
    });
    expect(res.statusCode).toBe(200);
    const saved = lineOf(res.json(), t.mri.id);
    expect(saved).toMatchObject({
      name: 'МРТ коленного сустава',
      priceFull: 5200,
      priceClub: 4100,
      durationMinutes: 45,
      requiresPrimaryConsultation: true,
      hasIntervals: false,
    });
    expect(saved.version).not.toBe(line.version);
    expect(res.json().updateStatus).toEqual({ code: 1, date: '2026-11-06' });
    const [row] = await t.database.db.select().from(clinics).where(eq(clinics.id, t.ours.id));
    expect(row.priceUpdateStatus).toBe(1);
    expect(row.priceUpdatedAt).toBe('2026-11-06');

    // The cached page was dropped: the next visitor sees the new price and status.
    const after = await t.app.inject({ url: clinicUrl });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('Обновлено клиникой 06.11.2026');
    expect(after.body).toContain('МРТ коленного сустава');
    const publicList = await t.app.inject({ url: `/ajax/lpu/services/?lpu_id=${t.ours.id}` });
    const publicLine = publicList
      .json()
      .data.flatMap((g: { sublist: { id: number }[] }) => g.sublist)
      .find((l: { id: number }) => l.id === t.mri.id);
    // The club is off: its price is kept but not shown.
    expect(publicLine).toMatchObject({
      name: 'МРТ коленного сустава',
      duration: 45,
      prices: { full: 5200, club: null },
    });

    const audit = await auditOf('clinic_services', t.mri.id);
    expect(audit.map((a) => a.action)).toEqual(['price.changed']);
    expect(audit[0].before).toMatchObject({ name: 'МРТ колена', priceFull: 4500, priceClub: null });
    expect(audit[0].after).toMatchObject({ name: 'МРТ коленного сустава', priceFull: 5200, priceClub: 4100 });
  });

  it('joins the club: club prices show on the public list; the discount is kept', async () => {
    const res = await t.clinic.inject({
      url: `${URL}club/`,
      payload: { enabled: true, discount_percent: 15 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, discountPercent: 15 });
    expect((await listed()).club).toEqual({ enabled: true, discountPercent: 15 });
    const publicList = await t.app.inject({ url: `/ajax/lpu/services/?lpu_id=${t.ours.id}` });
    const line = publicList
      .json()
      .data.flatMap((g: { sublist: { id: number }[] }) => g.sublist)
      .find((l: { id: number }) => l.id === t.mri.id);
    // The one club rule (core/club/rules.ts): a service is the clinic's own 15 % off, 5 200 → 4 420 ₽,
    // whatever club price the line once stored.
    expect(line.prices).toEqual({ full: 5200, club: 4420 });
    const audit = await auditOf('clinics', t.ours.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['club.changed', { enabled: false, discountPercent: 0 }, { enabled: true, discountPercent: 15 }],
    ]);
  });
});
