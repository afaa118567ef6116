import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema/clinics';
import { workplacePrices, workplaces } from '../../db/schema/doctors';
import { createClinic } from '../../db/seed/factories';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, PUBLIC_URL, type Spot } from '../booking/booking-fixture';

const t = bookingFixture();

const reception = (s: TestSession | null, query = '') =>
  s
    ? s.inject({ method: 'GET', url: `/cabinet/ajax/appointments/${query}` })
    : t.app.inject({ method: 'GET', url: `/cabinet/ajax/appointments/${query}` });

const clinicAccount = (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId });
const doctorAccount = (doctorId: number) => signedInAs(t.app, t.db, { role: 'doctor', doctorId });

/** Books a doctor's time (Monday 23 November, Novosibirsk) as a new patient; the appointment's id. */
async function booked(spot: Spot, slot: string, lastName = 'Иванова'): Promise<number> {
  const res = await t.book(await t.patient(), t.form(spot, { slot, last_name: lastName }));
  expect(res.statusCode).toBe(201);
  return res.json().appointment.id;
}

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
    const spot = await t.doctor();
    const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
    await t.db
      .update(workplacePrices)
      .set({ price: 2000, clubPrice: 1400 })
      .where(eq(workplacePrices.workplaceId, place.id));
    const patient = await t.patient();
    const coupon = await patient.inject({
      url: '/club/ajax/coupon_request/',
      payload: {
        booking: t.form(spot, { slot: '23.11.2026 11:00' }),
        receipt_email: 'p@example.ru',
        return_url: `${PUBLIC_URL}/novosibirsk/vrach/1/`,
      },
    });
    expect(coupon.statusCode).toBe(201);
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
    expect(theirs.statusCode).toBe(400);
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

async function clinicTown(clinicId: number): Promise<number | undefined> {
  const [row] = await t.db.select({ townId: clinics.townId }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.townId;
}
