import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { createClinic } from '../../db/seed/factories';
import type { TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from '../booking/booking-fixture';
import { cabinetHelpers } from './cabinet-fixture';

/** The cabinet's days off and the patients' callback requests (docs/product/cabinet.md). */
const t = bookingFixture();
const { clinicTown, reception, clinicAccount, doctorAccount } = cabinetHelpers(t);

describe('days off', () => {
  const addDaysOff = (s: TestSession, payload: Record<string, unknown>) =>
    s.inject({ url: '/cabinet/ajax/schedule/days-off/', payload });
  const listDaysOff = (s: TestSession, query = '') =>
    s.inject({ method: 'GET', url: `/cabinet/ajax/schedule/days-off/${query}` });

  it('a vacation takes the doctor’s times off at once; repeating it changes nothing; removing it opens them', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
    const body = { doctor_id: spot.doctor_id, from: '2026-11-23', to: '2026-11-24' };
    const first = await addDaysOff(clinic, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ added: 2, canceled: [] });
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual([]);
    const again = await addDaysOff(clinic, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ added: 0, canceled: [] });

    const list = (await listDaysOff(clinic, `?doctor=${spot.doctor_id}`)).json();
    // The fixture's own day off (Monday 30 November) is listed too.
    expect(list.daysOff.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-30',
    ]);
    expect(list.daysOff[0].doctor.id).toBe(spot.doctor_id);
    const removed = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/days-off/${list.daysOff[0].id}/`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
    const audit = await t.db
      .select({ action: cabinetAudit.action, userId: cabinetAudit.userId })
      .from(cabinetAudit)
      .where(eq(cabinetAudit.userId, clinic.userId));
    expect(audit.map((a) => a.action)).toEqual(['days_off.added', 'days_off.added', 'days_off.removed']);
    // Gone: a second removal, or someone else's, is a 404.
    expect(
      (
        await clinic.inject({
          method: 'DELETE',
          url: `/cabinet/ajax/schedule/days-off/${list.daysOff[0].id}/`,
        })
      ).statusCode,
    ).toBe(404);
    const stranger = await clinicAccount(
      (await createClinic(t.db, { townId: (await clinicTown(spot.lpu_id)) ?? 0 })).id,
    );
    expect(
      (
        await stranger.inject({
          method: 'DELETE',
          url: `/cabinet/ajax/schedule/days-off/${list.daysOff[1].id}/`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('never drops a booked visit: refused with the visits, or they are cancelled with a reason', async () => {
    const spot = await t.doctor();
    const phone = '79001230002';
    const res = await t.book(await t.patient(phone), t.form(spot, { slot: '23.11.2026 10:00' }));
    const { id } = res.json().appointment;
    const clinic = await clinicAccount(spot.lpu_id);
    const body = { doctor_id: spot.doctor_id, from: '2026-11-23', to: '2026-11-23' };

    const refused = await addDaysOff(clinic, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'visits_booked',
      detail: 'На эти дни есть записи. Отмените их с указанием причины или выберите другие дни.',
      visits: [{ id, status: 'active' }],
    });
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
    expect((await addDaysOff(clinic, { ...body, cancel_visits: true })).json().detail).toBe(
      'Укажите причину отмены',
    );

    const done = await addDaysOff(clinic, { ...body, cancel_visits: true, reason: 'Врач в отпуске' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toEqual({ added: 1, canceled: [id] });
    const day = (await reception(clinic, `?date=2026-11-23&doctor=${spot.doctor_id}`)).json();
    expect(day.visits).toMatchObject([
      { id, status: 'canceled', canceledBy: 'clinic', cancelReason: 'Врач в отпуске' },
    ]);
    await t.app.jobs.runDue();
    const outbox = (await t.app.inject({ url: '/dev/outbox.json' })).json();
    expect(
      outbox.messages.filter(
        (m: { phone: string; text: string }) => m.phone === phone && m.text.includes('Врач в отпуске'),
      ),
    ).toHaveLength(1);
  });

  it('a booking racing a day off never lands in it', async () => {
    for (let round = 0; round < 4; round++) {
      const spot = await t.doctor();
      const clinic = await clinicAccount(spot.lpu_id);
      const [booking, dayOff] = await Promise.all([
        t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 11:00' })),
        addDaysOff(clinic, { doctor_id: spot.doctor_id, from: '2026-11-23', to: '2026-11-23' }),
      ]);
      // One of them wins; never both.
      expect([booking.statusCode, dayOff.statusCode].sort(), `round ${round}`).toEqual([201, 409]);
      const visits = (await reception(clinic, `?date=2026-11-23&doctor=${spot.doctor_id}`)).json().visits;
      const active = visits.filter((v: { status: string }) => v.status === 'active');
      const closed = (await listDaysOff(clinic, `?doctor=${spot.doctor_id}`))
        .json()
        .daysOff.some((d: { date: string }) => d.date === '2026-11-23');
      expect(closed && active.length > 0, `round ${round}`).toBe(false);
    }
  });

  it('a doctor closes his own days in every clinic; each account only its own, and garbage is a 400', async () => {
    const spot = await t.doctor();
    const doctor = await doctorAccount(spot.doctor_id);
    const own = await addDaysOff(doctor, { from: '2026-12-07', to: '2026-12-08' });
    expect(own.statusCode).toBe(201);
    expect((await listDaysOff(doctor)).json().daysOff.map((d: { date: string }) => d.date)).toEqual(
      expect.arrayContaining(['2026-12-07', '2026-12-08']),
    );
    const other = await t.doctor();
    const cases: [TestSession, Record<string, unknown>, number, string?][] = [
      [
        doctor,
        { doctor_id: other.doctor_id, from: '2026-12-07', to: '2026-12-07' },
        403,
        'Нет такого врача в клинике',
      ],
      [await clinicAccount(spot.lpu_id), { from: '2026-12-07', to: '2026-12-07' }, 400, 'Выберите врача'],
      [doctor, { from: '2026-11-21', to: '2026-11-23' }, 400, 'Нельзя закрыть прошедшие дни'],
      [doctor, { from: '2026-12-09', to: '2026-12-08' }, 400, 'Дата окончания раньше даты начала'],
      [doctor, { from: '2026-12-01', to: '2027-06-01' }, 400, 'Не больше 92 дней за раз'],
      [doctor, { from: '2026-02-30', to: '2026-03-01' }, 400],
      [doctor, { from: 'завтра', to: null }, 400],
      [doctor, { from: '2026-12-07', to: '2026-12-07', cancel_visits: 'yes' }, 400],
      [await t.patient(), { from: '2026-12-07', to: '2026-12-07' }, 403],
    ];
    for (const [who, payload, status, detail] of cases) {
      const res = await addDaysOff(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (detail) expect(res.json().detail).toBe(detail);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/cabinet/ajax/schedule/days-off/',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('callback requests', () => {
  const ask = (s: TestSession, spot: Spot) =>
    s.inject({
      url: '/ajax/appointment/callback/',
      payload: { ...spot, date: '2026-11-23', times: ['morning', 'afternoon'] },
    });
  const inbox = (s: TestSession, status = 'open') =>
    s.inject({ method: 'GET', url: `/cabinet/ajax/callbacks/?status=${status}` });
  const answer = (s: TestSession, id: number | string, status: string) =>
    s.inject({ url: `/cabinet/ajax/callbacks/${id}/status/`, payload: { status } });

  it('reach the clinic and the doctor; answered once, then listed as done', async () => {
    const spot = await t.doctor();
    const asked = await ask(await t.patient('79001230003'), spot);
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json();
    const clinic = await clinicAccount(spot.lpu_id);
    const open = (await inbox(clinic)).json();
    expect(open.callbacks.find((c: { id: number }) => c.id === id)).toMatchObject({
      status: 'new',
      phone: '79001230003',
      date: '2026-11-23',
      times: ['morning', 'afternoon'],
      doctor: { id: spot.doctor_id },
    });
    expect(
      (await inbox(await doctorAccount(spot.doctor_id))).json().callbacks.map((c: { id: number }) => c.id),
    ).toEqual([id]);

    const [first, second] = await Promise.all([answer(clinic, id, 'booked'), answer(clinic, id, 'called')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'already_answered', detail: 'Заявка уже обработана' });
    expect((await inbox(clinic)).json().callbacks.some((c: { id: number }) => c.id === id)).toBe(false);
    expect(
      (await inbox(clinic, 'done')).json().callbacks.find((c: { id: number }) => c.id === id)?.status,
    ).toMatch(/^(booked|called)$/);
    const audit = await t.db
      .select()
      .from(cabinetAudit)
      .where(eq(cabinetAudit.targetType, 'callback_requests'));
    expect(audit.filter((a) => a.targetId === id)).toHaveLength(1);
  });

  it('are the account’s own only, and garbage is refused', async () => {
    const spot = await t.doctor();
    const { id } = (await ask(await t.patient(), spot)).json();
    const stranger = await clinicAccount(
      (await createClinic(t.db, { townId: (await clinicTown(spot.lpu_id)) ?? 0 })).id,
    );
    expect((await inbox(stranger)).json().callbacks).toEqual([]);
    expect((await answer(stranger, id, 'called')).statusCode).toBe(404);
    expect((await answer(await doctorAccount((await t.doctor()).doctor_id), id, 'called')).statusCode).toBe(
      404,
    );
    expect((await answer(await t.patient(), id, 'called')).statusCode).toBe(403);
    expect((await inbox(await t.patient())).statusCode).toBe(403);
    const clinic = await clinicAccount(spot.lpu_id);
    expect((await answer(clinic, id, 'canceled')).statusCode).toBe(400);
    expect((await answer(clinic, 'x', 'called')).statusCode).toBe(404);
    expect((await inbox(clinic, 'all')).statusCode).toBe(400);
  });
});
