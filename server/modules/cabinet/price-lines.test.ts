/**
 * 'Цены и услуги': a clinic adds a line of a catalogue service, two saves of one line race, and a
 * line with visits is not removed. The list, its refusals and the public page: prices.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CabinetPriceLine, CabinetPrices } from '../../../core/cabinet/price-contracts';
import { appointments } from '../../db/schema/booking';
import { scheduleRules } from '../../db/schema/schedule';
import { clinicServices } from '../../db/schema/services';
import { createClinicService } from '../../db/seed/factories';
import { pricesFixture } from './prices-fixture';

const t = pricesFixture();
const { URL, lineUrl, body, listed, lineOf, auditOf } = t;

describe("a clinic's price lines in its cabinet", () => {
  it('adds a line of a catalogue service, under its class, and finds services by name', async () => {
    const found = await t.clinic.inject({
      method: 'GET',
      url: `${URL}synonyms/?q=${encodeURIComponent('узи щит')}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().synonyms).toEqual([
      expect.objectContaining({ id: t.ultrasound.synonymId, name: 'УЗИ щитовидной железы' }),
    ]);
    expect((await t.clinic.inject({ method: 'GET', url: `${URL}synonyms/?q=%` })).json().synonyms).toEqual(
      [],
    );

    const res = await t.clinic.inject({
      url: URL,
      payload: {
        synonym_id: t.ultrasound.synonymId,
        name: 'УЗИ щитовидной железы с допплером',
        duration_minutes: 40,
        price_full: 2500,
        price_club: null,
        appointment_on: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const prices: CabinetPrices = res.json();
    const group = prices.groups.find((g) => g.classId === t.ultrasound.classId);
    expect(group?.lines.map((l) => l.name)).toEqual([
      'УЗИ щитовидной железы',
      'УЗИ щитовидной железы с допплером',
    ]);
    const added = group?.lines[1] as CabinetPriceLine;
    expect(added).toMatchObject({
      synonymId: t.ultrasound.synonymId,
      priceFull: 2500,
      appointmentOn: true,
      hasIntervals: false,
    });
    const audit = await auditOf('clinic_services', added.id);
    expect(audit.map((a) => a.action)).toEqual(['price.added']);
    expect(audit[0].after).toMatchObject({ name: 'УЗИ щитовидной железы с допплером', priceFull: 2500 });
  });

  it('refuses a stale edit (409) and does not lose the save it would overwrite', async () => {
    const line = lineOf(await listed(), t.ultrasound.id);
    const first = await t.clinic.inject({
      url: lineUrl(t.ultrasound.id),
      payload: body(line, { price_full: 1900 }),
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.clinic.inject({
      url: lineUrl(t.ultrasound.id),
      payload: body(line, { price_full: 2000 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale', detail: 'Цены изменились, обновите страницу' });
    expect(lineOf(await listed(), t.ultrasound.id).priceFull).toBe(1900);
  });

  it('takes two saves at once: one wins, the other is told to reload; nothing is lost, no 500', async () => {
    const line = lineOf(await listed(), t.ultrasound.id);
    const [a, b] = await Promise.all([
      t.clinic.inject({ url: lineUrl(t.ultrasound.id), payload: body(line, { price_full: 2100 }) }),
      t.clinic.inject({ url: lineUrl(t.ultrasound.id), payload: body(line, { price_full: 2200 }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 2100 : 2200;
    expect(lineOf(await listed(), t.ultrasound.id).priceFull).toBe(winner);
    // Two different lines at once both go through.
    const prices = await listed();
    const [c, d] = await Promise.all([
      t.clinic.inject({
        url: lineUrl(t.mri.id),
        payload: body(lineOf(prices, t.mri.id), { price_full: 5300 }),
      }),
      t.clinic.inject({
        url: lineUrl(t.ultrasound.id),
        payload: body(lineOf(prices, t.ultrasound.id), { price_full: 2300 }),
      }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    const after = await listed();
    expect([lineOf(after, t.mri.id).priceFull, lineOf(after, t.ultrasound.id).priceFull]).toEqual([
      5300, 2300,
    ]);
  });

  it('removes a line without visits (with its own schedule); refuses one with booked or past visits', async () => {
    const fresh = await createClinicService(t.database.db, {
      clinicId: t.ours.id,
      synonymId: t.mri.synonymId,
    });
    await t.database.db.insert(scheduleRules).values({
      clinicServiceId: fresh.id,
      weekday: 1,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    const removed = await t.clinic.inject({ method: 'DELETE', url: lineUrl(fresh.id) });
    expect(removed.statusCode).toBe(200);
    expect(
      removed.json().groups.flatMap((g: { lines: { id: number }[] }) => g.lines.map((l) => l.id)),
    ).not.toContain(fresh.id);
    expect(await t.database.db.select().from(clinicServices).where(eq(clinicServices.id, fresh.id))).toEqual(
      [],
    );
    const audit = await auditOf('clinic_services', fresh.id);
    expect(audit.map((a) => [a.action, a.after])).toEqual([['price.removed', null]]);

    const visit = (during: string, status: 'active' | 'canceled' | 'done' = 'active') =>
      t.database.db.insert(appointments).values({
        clinicServiceId: t.mri.id,
        clinicId: t.ours.id,
        during,
        status,
        patientName: 'Иванов Иван',
        patientPhone: '79000000000',
      });
    await visit('[2026-11-10T07:00:00Z,2026-11-10T07:30:00Z)');
    const booked = await t.clinic.inject({ method: 'DELETE', url: lineUrl(t.mri.id) });
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({
      code: 'visits_booked',
      detail:
        'На эту услугу записаны пациенты. Отмените их записи в «Записях пациентов» или выключите «Запись онлайн».',
    });
    await t.database.db
      .update(appointments)
      .set({ status: 'canceled' })
      .where(eq(appointments.clinicServiceId, t.mri.id));
    await visit('[2026-10-10T07:00:00Z,2026-10-10T07:30:00Z)', 'done');
    const history = await t.clinic.inject({ method: 'DELETE', url: lineUrl(t.mri.id) });
    expect(history.statusCode).toBe(409);
    expect(history.json().code).toBe('has_visits');
    expect(
      await t.database.db.select().from(clinicServices).where(eq(clinicServices.id, t.mri.id)),
    ).toHaveLength(1);
  });
});
