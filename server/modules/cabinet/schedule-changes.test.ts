/**
 * New weekly hours from a later day (docs/product/cabinet.md); a date's own hours are in
 * dated-hours.test.ts. The world is schedule-changes-fixture.ts's.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import {
  day,
  everyWeekday,
  HOURS,
  hoursOf,
  post,
  scheduleChangesFixture,
  statusOf,
  WITHDRAW,
} from './schedule-changes-fixture';

const { t, clinicAccount, timesOn, book, workplaceOf } = scheduleChangesFixture();

describe('new weekly hours from a later day', () => {
  it('leaves the days before it as they were and changes the slots from it; saved again it replaces itself; withdrawn, the old hours run on', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const saved = await post(
      clinic,
      HOURS,
      hoursOf(spot, [day(1, ['14:00', '16:00']), day(2, ['10:00', '11:00'])], { valid_from: '2026-11-25' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ validFrom: '2026-11-25', canceled: [] });
    // Before Wednesday 25th the old hours: Monday mornings, no Tuesdays.
    expect(await timesOn(spot, '2026-11-23')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(await timesOn(spot, '2026-11-24')).toEqual([]);
    // From it the new ones.
    expect(await timesOn(spot, '2026-12-01')).toEqual(['10:00', '10:30']);

    const hours = (await clinic.inject({ method: 'GET', url: `${HOURS}?doctor=${spot.doctor_id}` })).json();
    expect(hours.week[0]).toEqual(day(1, ['09:00', '12:00']));
    expect(hours.pending).toEqual([
      {
        validFrom: '2026-11-25',
        slotMinutes: 30,
        week: [
          day(1, ['14:00', '16:00']),
          day(2, ['10:00', '11:00']),
          day(3),
          day(4),
          day(5),
          day(6),
          day(7),
        ],
      },
    ]);

    // Saved again for the same day: the pending change is replaced, not piled up.
    expect(
      (await post(clinic, HOURS, hoursOf(spot, [day(2, ['12:00', '13:00'])], { valid_from: '2026-11-25' })))
        .statusCode,
    ).toBe(200);
    const workplaceId = await workplaceOf(spot);
    const rules = await t.db
      .select()
      .from(scheduleRules)
      .where(eq(scheduleRules.workplaceId, workplaceId))
      .orderBy(scheduleRules.id);
    expect(rules.map((r) => [r.weekday, r.startTime, r.endTime, r.validFrom, r.validTo])).toEqual([
      [1, '09:00:00', '12:00:00', '2026-01-01', '2026-11-24'],
      [2, '12:00:00', '13:00:00', '2026-11-25', null],
    ]);
    expect(await timesOn(spot, '2026-12-01')).toEqual(['12:00', '12:30']);

    // Withdrawn: the old hours run on, the slot calls show them at once.
    const withdrawn = await post(clinic, WITHDRAW, {
      doctor_id: spot.doctor_id,
      visit_type: 'clinic',
      valid_from: '2026-11-25',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await timesOn(spot, '2026-12-01')).toEqual([]);
    const after = await t.db.select().from(scheduleRules).where(eq(scheduleRules.workplaceId, workplaceId));
    expect(after.map((r) => [r.weekday, r.validFrom, r.validTo])).toEqual([[1, '2026-01-01', null]]);
    expect(
      (await clinic.inject({ method: 'GET', url: `${HOURS}?doctor=${spot.doctor_id}` })).json().pending,
    ).toEqual([]);
    // Nothing left to withdraw, and today's hours are not a coming change.
    for (const valid_from of ['2026-11-25', '2026-11-22']) {
      const res = await post(clinic, WITHDRAW, {
        doctor_id: spot.doctor_id,
        visit_type: 'clinic',
        valid_from,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Такого запланированного изменения нет');
    }
    const audit = await t.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.targetId, workplaceId), eq(cabinetAudit.targetType, 'workplaces')))
      .orderBy(cabinetAudit.id);
    expect(audit.map((a) => a.action)).toEqual(['hours.changed', 'hours.changed', 'hours.withdrawn']);
  });

  it('a conflicting change lists only the visits from its first day; cancelled with a reason, the others stay', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    expect((await post(clinic, HOURS, hoursOf(spot, everyWeekday('09:00', '12:00')))).statusCode).toBe(200);
    const before = await book(spot, '24.11.2026 11:00');
    const from = await book(spot, '26.11.2026 11:00');
    const body = hoursOf(spot, everyWeekday('09:00', '10:00'), { valid_from: '2026-11-25' });

    const refused = await post(clinic, HOURS, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'visits_outside',
      detail:
        'Эти записи не попадают в новые часы приёма. Отмените их с указанием причины или измените часы.',
    });
    expect(refused.json().visits.map((v: { id: number }) => v.id)).toEqual([from]);
    expect(await timesOn(spot, '2026-11-27')).toContain('11:30');

    const done = await post(clinic, HOURS, { ...body, cancel_visits: true, reason: 'Врач сократил приём' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ validFrom: '2026-11-25', canceled: [from] });
    expect(await statusOf(clinic, spot, '2026-11-26', from)).toBe('canceled');
    expect(await statusOf(clinic, spot, '2026-11-24', before)).toBe('active');
    expect(await timesOn(spot, '2026-11-24')).toContain('10:30');
    expect(await timesOn(spot, '2026-11-27')).toEqual(['09:00', '09:30']);

    // Withdrawing would drop a visit booked under the new hours that the old ones lack? None here:
    // the old hours hold 09:00–10:00. A visit booked in the new hours only (on a day the old did
    // not open) refuses the withdrawal.
    expect(
      (
        await post(clinic, HOURS, {
          ...hoursOf(spot, [...everyWeekday('09:00', '10:00'), day(6, ['10:00', '12:00'])]),
          valid_from: '2026-11-25',
        })
      ).statusCode,
    ).toBe(200);
    const saturday = await book(spot, '28.11.2026 10:00');
    const withdraw = { doctor_id: spot.doctor_id, visit_type: 'clinic', valid_from: '2026-11-25' };
    const kept = await post(clinic, WITHDRAW, withdraw);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().detail).toBe(
      'Эти записи не попадают в прежние часы приёма. Отмените их с указанием причины или оставьте изменение.',
    );
    expect(kept.json().visits.map((v: { id: number }) => v.id)).toEqual([saturday]);
    const withdrawn = await post(clinic, WITHDRAW, {
      ...withdraw,
      cancel_visits: true,
      reason: 'Врач не выйдет',
    });
    expect(withdrawn.json()).toEqual({ validFrom: '2026-11-25', canceled: [saturday] });
    expect(await timesOn(spot, '2026-11-27')).toContain('11:30');
  });

  it('refuses a past day, a day over a year ahead and garbage with the reason; other accounts may not', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const week = [day(2, ['09:00', '12:00'])];
    const cases: [Record<string, unknown>, string][] = [
      [
        hoursOf(spot, week, { valid_from: '2026-11-21' }),
        'Нельзя изменить часы задним числом: выберите сегодняшний день или позже',
      ],
      [hoursOf(spot, week, { valid_from: '2027-11-24' }), 'Часы можно изменить не дальше чем на год вперёд'],
      [hoursOf(spot, week, { valid_from: '2026-02-30' }), 'Неверная дата'],
      [hoursOf(spot, week, { valid_from: 'завтра' }), 'Неверная дата'],
    ];
    for (const [payload, detail] of cases) {
      const res = await post(clinic, HOURS, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    for (const garbage of [{ valid_from: 20261201 }, { valid_from: null }, { valid_from: ['2026-12-01'] }]) {
      const res = await post(clinic, HOURS, hoursOf(spot, week, garbage));
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    for (const garbage of [{}, { doctor_id: spot.doctor_id, visit_type: 'clinic' }, { valid_from: 'x' }]) {
      const res = await post(clinic, WITHDRAW, garbage);
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect(await timesOn(spot, '2026-11-24')).toEqual([]);

    const patient = await t.patient();
    expect((await post(patient, HOURS, hoursOf(spot, week, { valid_from: '2026-12-01' }))).statusCode).toBe(
      403,
    );
    expect(
      (
        await post(patient, WITHDRAW, {
          doctor_id: spot.doctor_id,
          visit_type: 'clinic',
          valid_from: '2026-12-01',
        })
      ).statusCode,
    ).toBe(403);
    const anonymous = await injectWithCsrf(t.app, {
      url: WITHDRAW,
      payload: { doctor_id: spot.doctor_id, visit_type: 'clinic', valid_from: '2026-12-01' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Another clinic cannot name this clinic's doctor (as for the weekly hours and days off).
    const [{ townId }] = await t.db
      .select({ townId: clinics.townId })
      .from(clinics)
      .where(eq(clinics.id, spot.lpu_id));
    const stranger = await clinicAccount((await createClinic(t.db, { townId })).id);
    for (const [url, payload] of [
      [HOURS, hoursOf(spot, week, { valid_from: '2026-12-01' })],
      [WITHDRAW, { doctor_id: spot.doctor_id, visit_type: 'clinic', valid_from: '2026-12-01' }],
    ] as const) {
      const res = await post(stranger, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Нет такого врача в клинике');
    }
  });
});
