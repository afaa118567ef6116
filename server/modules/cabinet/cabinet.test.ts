import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clubPayments, devPayments } from '../../db/schema/club';
import { createClinic } from '../../db/seed/factories';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture } from '../booking/booking-fixture';
import { cabinetHelpers } from './cabinet-fixture';

/** The cabinet's reception list, its marks and cancels, and its live list (docs/product/cabinet.md). */
const t = bookingFixture();
const { clinicTown, reception, clinicAccount, doctorAccount, booked, clubCoupon } = cabinetHelpers(t);

describe('the reception list', () => {
  it('shows a clinic its visits of the day in its own time, per doctor on request', async () => {
    const first = await t.doctor();
    const second = await t.doctor();
    const late = await booked(first, '23.11.2026 11:30', 'Петрова');
    const early = await booked(second, '23.11.2026 09:00', 'Сидорова');
    const clinic = await clinicAccount(first.lpu_id);

    const day = await reception(clinic, '?date=2026-11-23');
    expect(day.statusCode).toBe(200);
    expect(day.headers['cache-control']).toBe('private, no-store');
    const list = day.json();
    expect(list).toMatchObject({ date: '2026-11-23', days: 1, today: '2026-11-22', doctor: null });
    const ours = list.visits.filter((v: { id: number }) => v.id === late || v.id === early);
    expect(ours.map((v: { id: number }) => v.id)).toEqual([early, late]);
    expect(ours[0]).toMatchObject({
      startsAt: '2026-11-23T02:00:00.000Z',
      endsAt: '2026-11-23T02:30:00.000Z',
      tz: 'Asia/Novosibirsk',
      status: 'active',
      visitType: 'clinic',
      patientName: expect.stringContaining('Сидорова'),
      patientPhone: expect.stringMatching(/^7\d{10}$/),
      doctor: { id: second.doctor_id, name: expect.any(String) },
      service: null,
      prepaid: null,
    });
    expect(list.doctors.map((d: { id: number }) => d.id)).toEqual(
      expect.arrayContaining([first.doctor_id, second.doctor_id]),
    );

    const one = (await reception(clinic, `?date=2026-11-23&doctor=${first.doctor_id}`)).json();
    expect(one.doctor).toBe(first.doctor_id);
    expect(one.visits.map((v: { id: number }) => v.id)).toEqual([late]);
    // The next day has none of them; the week from Sunday has both.
    expect((await reception(clinic, '?date=2026-11-24')).json().visits).toEqual([]);
    const week = (await reception(clinic, '?date=2026-11-22&days=7')).json();
    expect(week.visits.map((v: { id: number }) => v.id)).toEqual(expect.arrayContaining([early, late]));
    // Today, when no day is named.
    expect((await reception(clinic)).json()).toMatchObject({ date: '2026-11-22', days: 1 });
  });

  it('shows a doctor only his own visits, and a cancelled one as cancelled', async () => {
    const mine = await t.doctor();
    const other = await t.doctor();
    const patient = await t.patient();
    const kept = await booked(mine, '23.11.2026 10:00');
    const res = await t.book(patient, t.form(mine, { slot: '23.11.2026 10:30' }));
    const canceled = res.json().appointment.id;
    expect(
      (await patient.inject({ url: `/ajax/appointment/${canceled}/cancel/`, payload: {} })).statusCode,
    ).toBe(200);
    await booked(other, '23.11.2026 10:00');

    const list = (await reception(await doctorAccount(mine.doctor_id), '?date=2026-11-23')).json();
    expect(list.doctors).toEqual([]);
    expect(list.visits.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [kept, 'active'],
      [canceled, 'canceled'],
    ]);
  });

  it('shows the clinic what a patient prepaid at the club price, and what is left to take', async () => {
    const { spot, patient, coupon } = await clubCoupon('23.11.2026 11:00');
    // Before it is paid the time is only held: no visit yet.
    const clinic = await clinicAccount(spot.lpu_id);
    const before = (await reception(clinic, `?date=2026-11-23&doctor=${spot.doctor_id}`)).json();
    expect(before.visits).toEqual([]);
    const checkout = new URL(coupon.json().provider_payment_data.url).pathname;
    expect((await patient.inject({ url: `${checkout}/pay` })).statusCode).toBe(303);

    const after = (await reception(clinic, `?date=2026-11-23&doctor=${spot.doctor_id}`)).json();
    expect(after.visits).toHaveLength(1);
    expect(after.visits[0]).toMatchObject({ price: 1400, prepaid: 700, status: 'active' });
  });

  it('is for doctors and clinics only, each of their own', async () => {
    const spot = await t.doctor();
    await booked(spot, '23.11.2026 09:30');
    expect((await reception(null)).statusCode).toBe(401);
    expect((await reception(null)).json()).toMatchObject({
      detail: 'Записи пациентов видят врачи и клиники',
    });
    expect((await reception(await t.patient())).statusCode).toBe(403);
    expect((await reception(await signedInAs(t.app, t.db, { role: 'staff' }))).statusCode).toBe(403);

    // Another clinic sees none of this clinic's visits, and cannot name its doctor.
    const elsewhere = await createClinic(t.db, { townId: (await clinicTown(spot.lpu_id)) ?? 0 });
    const stranger = await clinicAccount(elsewhere.id);
    expect((await reception(stranger, '?date=2026-11-23')).json().visits).toEqual([]);
    const theirs = await reception(stranger, `?date=2026-11-23&doctor=${spot.doctor_id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe('Нет такого врача в клинике');
  });

  it('answers garbage with a 400 and its reason', async () => {
    const clinic = await clinicAccount((await t.doctor()).lpu_id);
    for (const query of [
      '?date=2026-02-30',
      '?date=yesterday',
      '?date=1999-01-01',
      '?days=3',
      '?doctor=abc',
      '?doctor=-1',
      '?doctor=99999999999',
    ]) {
      const res = await reception(clinic, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().detail, query).toBe('string');
    }
  });
});

describe('marking a visit', () => {
  const mark = (s: TestSession, id: number | string, payload: Record<string, unknown>) =>
    s.inject({ url: `/cabinet/ajax/appointments/${id}/status/`, payload });

  /** The texts a phone got (the dev outbox lists the newest first). */
  async function smsTo(phone: string): Promise<string[]> {
    await t.app.jobs.runDue();
    const res = await t.app.inject({ url: '/dev/outbox.json' });
    return res
      .json()
      .messages.filter((m: { phone: string }) => m.phone === phone)
      .map((m: { text: string }) => m.text);
  }

  it('cancels with a reason: the time is free at once and the patient is told why, once', async () => {
    const spot = await t.doctor();
    const phone = '79001230001';
    const patient = await t.patient(phone);
    const res = await t.book(patient, t.form(spot, { slot: '23.11.2026 10:00' }));
    const { id } = res.json().appointment;
    expect(await t.freeTimes(spot, '2026-11-23')).not.toContain('10:00');
    const clinic = await clinicAccount(spot.lpu_id);

    const noReason = await mark(clinic, id, { status: 'canceled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину отмены');
    const canceled = await mark(clinic, id, { status: 'canceled', reason: '  Врач заболел. ' });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      id,
      status: 'canceled',
      canceledBy: 'clinic',
      cancelReason: 'Врач заболел.',
    });
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('10:00');
    const texts = await smsTo(phone);
    expect(texts.filter((text) => text.startsWith('Клиника отменила запись'))).toEqual([
      expect.stringMatching(
        /^Клиника отменила запись к врачу .+ 23\.11 в 10:00\. Причина: Врач заболел\. Тел\. \+7 \(\d{3}\)/,
      ),
    ]);

    // The audit keeps who did it and the state before and after.
    const audit = await t.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, id));
    expect(audit).toMatchObject([
      {
        userId: clinic.userId,
        action: 'visit.canceled',
        targetType: 'appointments',
        before: { status: 'active', canceledBy: null, cancelReason: null },
        after: { status: 'canceled', canceledBy: 'clinic', cancelReason: 'Врач заболел.' },
      },
    ]);

    // Pressed again, or marked after: the visit stays cancelled, no second message.
    const again = await mark(clinic, id, { status: 'canceled', reason: 'Врач заболел' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_canceled', detail: 'Запись уже отменена' });
    expect((await mark(clinic, id, { status: 'done' })).statusCode).toBe(409);
    expect((await smsTo(phone)).filter((text) => text.startsWith('Клиника отменила'))).toHaveLength(1);
  });

  it('two presses at once cancel once and send one message', async () => {
    const spot = await t.doctor();
    const id = await booked(spot, '23.11.2026 10:30');
    const clinic = await clinicAccount(spot.lpu_id);
    const results = await Promise.all([
      mark(clinic, id, { status: 'canceled', reason: 'Клиника закрыта' }),
      mark(clinic, id, { status: 'canceled', reason: 'Клиника закрыта' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await t.app.jobs.runDue();
    const jobs = await t.app.jobs.boss.findJobs('booking.canceled-by-clinic', {
      data: { appointmentId: id },
    });
    expect(jobs).toHaveLength(1);
  });

  it('marks attendance once the visit has begun, and lets the mark be corrected', async () => {
    const spot = await t.doctor();
    const id = await booked(spot, '23.11.2026 09:00');
    const doctor = await doctorAccount(spot.doctor_id);
    const early = await mark(doctor, id, { status: 'done' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_started');
    // 09:10 in Novosibirsk.
    const arrived = await t.at(new Date('2026-11-23T02:10:00Z'), () => mark(doctor, id, { status: 'done' }));
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json()).toMatchObject({ status: 'done', canceledBy: null });
    const corrected = await t.at(new Date('2026-11-23T03:00:00Z'), () =>
      mark(doctor, id, { status: 'no_show' }),
    );
    expect(corrected.json().status).toBe('no_show');
    // A visit that is over is not cancelled: it is marked.
    const late = await t.at(new Date('2026-11-23T03:00:00Z'), () =>
      mark(doctor, id, { status: 'canceled', reason: 'Не пришёл' }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('visit_over');
  });

  it('cancelling a prepaid club visit refunds the coupon, once', async () => {
    const { spot, patient, coupon } = await clubCoupon('23.11.2026 11:30');
    const checkout = new URL(coupon.json().provider_payment_data.url).pathname;
    await patient.inject({ url: `${checkout}/pay` });
    const { appointment_id: id } = (
      await patient.inject({
        method: 'GET',
        url: `/club/ajax/coupon_request/${coupon.json().id}/payment_status/`,
      })
    ).json();
    const clinic = await clinicAccount(spot.lpu_id);
    expect((await mark(clinic, id, { status: 'canceled', reason: 'Врач в отпуске' })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, patient.userId));
    expect(payment.refundedAmount).toBe(700_00);
    const [dev] = await t.db
      .select()
      .from(devPayments)
      .where(eq(devPayments.id, payment.providerPaymentId ?? ''));
    expect(dev.refunds).toHaveLength(1);
  });

  it('touches only the account’s own visits, and refuses garbage', async () => {
    const spot = await t.doctor();
    const id = await booked(spot, '23.11.2026 11:00');
    const elsewhere = await createClinic(t.db, { townId: (await clinicTown(spot.lpu_id)) ?? 0 });
    const stranger = await clinicAccount(elsewhere.id);
    const theirs = await mark(stranger, id, { status: 'canceled', reason: 'Чужая запись' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe('Запись не найдена');
    expect(
      (await mark(await doctorAccount((await t.doctor()).doctor_id), id, { status: 'done' })).statusCode,
    ).toBe(404);
    expect((await mark(await t.patient(), id, { status: 'done' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/cabinet/ajax/appointments/${id}/status/`,
      payload: { status: 'done' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const clinic = await clinicAccount(spot.lpu_id);
    for (const payload of [
      {},
      { status: 'arrived' },
      { status: 'canceled', reason: 'x'.repeat(201) },
      { status: 'canceled', reason: 'a\u0000b' },
      { status: 'canceled', reason: 42 },
    ]) {
      const res = await mark(clinic, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const bad of ['abc', '0', '99999999999'])
      expect((await mark(clinic, bad, { status: 'done' })).statusCode).toBe(404);
  });
});

describe('the live list', () => {
  it('tells a clinic’s open list of a booking and a cancel at once, and no other clinic', async () => {
    const { default: WebSocket } = await import('ws');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/ws/cabinet/appointments`;
    const cookieOf = (s: TestSession) =>
      Object.entries(s.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    const listen = async (s: TestSession) => {
      const socket = new WebSocket(url, { headers: { cookie: cookieOf(s) } });
      const messages: { change: string; appointmentId?: number; blockId?: number }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      await expect.poll(() => messages.length).toBe(1);
      expect(messages[0]).toEqual({ change: 'listening' });
      return { socket, messages };
    };

    const spot = await t.doctor();
    const ours = await listen(await clinicAccount(spot.lpu_id));
    const doctors = await listen(await doctorAccount(spot.doctor_id));
    const elsewhere = await createClinic(t.db, { townId: (await clinicTown(spot.lpu_id)) ?? 0 });
    const theirs = await listen(await clinicAccount(elsewhere.id));

    const patient = await t.patient();
    const res = await t.book(patient, t.form(spot, { slot: '23.11.2026 09:30' }));
    const { id } = res.json().appointment;
    await expect.poll(() => ours.messages.at(-1)).toEqual({ change: 'booked', appointmentId: id });
    await expect.poll(() => doctors.messages.at(-1)).toEqual({ change: 'booked', appointmentId: id });
    await patient.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });
    await expect.poll(() => ours.messages.at(-1)).toEqual({ change: 'canceled', appointmentId: id });
    // A block taken out of the doctor's times and given back: the open calendars hear of both.
    const clinic = await clinicAccount(spot.lpu_id);
    const blocked = await clinic.inject({
      url: '/cabinet/ajax/schedule/blocks/',
      payload: { ...spot, starts_at: '2026-11-23T11:00', ends_at: '2026-11-23T11:30', reason: 'Совещание' },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const blockId = blocked.json().id;
    await expect.poll(() => ours.messages.at(-1)).toEqual({ change: 'blocked', blockId });
    await expect.poll(() => doctors.messages.at(-1)).toEqual({ change: 'blocked', blockId });
    const unblocked = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/blocks/${blockId}/`,
    });
    expect(unblocked.statusCode).toBe(200);
    await expect.poll(() => ours.messages.at(-1)).toEqual({ change: 'unblocked', blockId });
    expect(theirs.messages).toEqual([{ change: 'listening' }]);
    for (const { socket } of [ours, doctors, theirs]) socket.close();

    // Patients and visitors are refused before the upgrade; so is another site's page.
    const refusal = async (headers: Record<string, string>) =>
      new Promise<number>((resolve) =>
        new WebSocket(url, { headers }).once('unexpected-response', (_q, r) => resolve(r.statusCode ?? 0)),
      );
    expect(await refusal({})).toBe(401);
    expect(await refusal({ cookie: cookieOf(await t.patient()) })).toBe(403);
    expect(
      await refusal({ cookie: cookieOf(await clinicAccount(spot.lpu_id)), origin: 'https://evil.example' }),
    ).toBe(403);
  });
});
