import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from '../booking/booking-fixture';

/**
 * The cabinet's weekly hours and online-booking switch (docs/product/cabinet.md): the world of
 * the booking tests, Novosibirsk on Sunday 22 November 2026 at 12:00; each doctor works Mondays
 * 09:00–12:00 in 30-minute slots, Monday 30 November off.
 */
const t = bookingFixture();

const HOURS = '/cabinet/ajax/schedule/hours/';
const BOOKING = '/cabinet/ajax/schedule/booking/';
const SETTINGS = '/cabinet/ajax/settings/';

const clinicAccount = (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId });
const doctorAccount = (doctorId: number) => signedInAs(t.app, t.db, { role: 'doctor', doctorId });
const setHours = (s: TestSession, payload: Record<string, unknown>) => s.inject({ url: HOURS, payload });
const readHours = (s: TestSession, query = '') => s.inject({ method: 'GET', url: `${HOURS}${query}` });

const day = (weekday: number, ...intervals: [string, string][]) => ({
  weekday,
  intervals: intervals.map(([start, end]) => ({ start, end })),
});

/** A week's body for a doctor of the fixture's clinic. */
const hoursOf = (
  spot: Spot,
  week: ReturnType<typeof day>[],
  slot = 30,
  more: Record<string, unknown> = {},
) => ({
  doctor_id: spot.doctor_id,
  visit_type: 'clinic',
  slot_minutes: slot,
  week,
  ...more,
});

/** The slot calls' answer for the doctor: 14 days from today, free times by day. */
async function slotsBulk(
  spot: Spot,
): Promise<{ appointment_on: boolean; slots: Record<string, { time: string }[]> }> {
  const res = await injectWithCsrf(t.app, {
    url: '/ajax/schedule/slots_bulk/',
    payload: { days: 14, dt_start: '2026-11-22', town_timedelta: 7, doctors_lpus: [spot] },
  });
  expect(res.statusCode).toBe(200);
  return res.json()[0];
}

const timesOn = async (spot: Spot, date: string) =>
  ((await slotsBulk(spot)).slots[date] ?? []).map((s) => s.time);

async function book(spot: Spot, slot: string) {
  const res = await t.book(await t.patient(), t.form(spot, { slot }));
  return res;
}

async function workplaceOf(spot: Spot): Promise<number> {
  const [w] = await t.db
    .select({ id: workplaces.id })
    .from(workplaces)
    .where(and(eq(workplaces.doctorId, spot.doctor_id), eq(workplaces.clinicId, spot.lpu_id)));
  return w.id;
}

describe('weekly hours', () => {
  it('shows a clinic its doctor’s hours in force, by weekday', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const res = await readHours(clinic, `?doctor=${spot.doctor_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const hours = res.json();
    expect(hours).toMatchObject({
      today: '2026-11-22',
      clinicId: spot.lpu_id,
      place: { doctorId: spot.doctor_id, clinicId: spot.lpu_id },
      visitType: 'clinic',
      slotMinutes: 30,
    });
    expect(hours.week).toEqual([day(1, ['09:00', '12:00']), day(2), day(3), day(4), day(5), day(6), day(7)]);
    const listed = hours.places.find((p: { doctor: { id: number } }) => p.doctor.id === spot.doctor_id);
    expect(listed).toMatchObject({
      appointmentOn: true,
      visitTypes: ['clinic'],
      clinic: { id: spot.lpu_id },
    });
    // A doctor sees his own, by clinic.
    const doctor = await doctorAccount(spot.doctor_id);
    const own = (await readHours(doctor)).json();
    expect(own).toMatchObject({ clinicId: null, place: { doctorId: spot.doctor_id, clinicId: spot.lpu_id } });
    expect(own.places).toHaveLength(1);
  });

  it('new hours apply from today: the slot calls change at once, the old rule ends yesterday', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    expect(await timesOn(spot, '2026-11-23')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);

    const saved = await setHours(
      clinic,
      hoursOf(spot, [day(1, ['14:00', '16:00']), day(3, ['10:00', '11:00'], ['12:00', '13:00'])], 60),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ validFrom: '2026-11-22', canceled: [] });
    expect(await timesOn(spot, '2026-11-23')).toEqual(['14:00', '15:00']);
    expect(await timesOn(spot, '2026-11-25')).toEqual(['10:00', '12:00']);
    expect((await slotsBulk(spot)).slots['2026-11-23']?.[0]).toEqual({ time: '14:00', duration: 60 });

    const workplaceId = await workplaceOf(spot);
    const rules = await t.db
      .select()
      .from(scheduleRules)
      .where(eq(scheduleRules.workplaceId, workplaceId))
      .orderBy(scheduleRules.id);
    expect(
      rules.map((r) => [r.weekday, r.startTime, r.endTime, r.slotMinutes, r.validFrom, r.validTo]),
    ).toEqual([
      [1, '09:00:00', '12:00:00', 30, '2026-01-01', '2026-11-21'],
      [1, '14:00:00', '16:00:00', 60, '2026-11-22', null],
      [3, '10:00:00', '11:00:00', 60, '2026-11-22', null],
      [3, '12:00:00', '13:00:00', 60, '2026-11-22', null],
    ]);
    const hours = (await readHours(clinic, `?doctor=${spot.doctor_id}`)).json();
    expect(hours.slotMinutes).toBe(60);
    expect(hours.week[2]).toEqual(day(3, ['10:00', '11:00'], ['12:00', '13:00']));

    // Saved again the same day: today's rules are replaced, not ended (nothing valid_to < valid_from).
    expect((await setHours(clinic, hoursOf(spot, [day(2, ['08:00', '24:00'])], 90))).statusCode).toBe(200);
    const again = await t.db.select().from(scheduleRules).where(eq(scheduleRules.workplaceId, workplaceId));
    expect(again.map((r) => [r.weekday, r.startTime, r.endTime, r.validTo])).toEqual([
      [1, '09:00:00', '12:00:00', '2026-11-21'],
      [2, '08:00:00', '24:00:00', null],
    ]);
    expect(await timesOn(spot, '2026-11-23')).toEqual([]);
    expect((await timesOn(spot, '2026-11-24')).at(-1)).toBe('21:30');

    const [audit] = await t.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, 'hours.changed'), eq(cabinetAudit.targetId, workplaceId)))
      .orderBy(cabinetAudit.id)
      .limit(1);
    expect(audit).toMatchObject({
      targetType: 'workplaces',
      userId: clinic.userId,
      before: { visitType: 'clinic', rules: [{ weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30 }] },
      after: { visitType: 'clinic', validFrom: '2026-11-22', slotMinutes: 60, canceled: [] },
    });
  });

  it('never drops a booked visit: refused with it, or it is cancelled with a reason and the patient told', async () => {
    const spot = await t.doctor();
    const res = await book(spot, '23.11.2026 11:00');
    expect(res.statusCode).toBe(201);
    const { id } = res.json().appointment;
    // A visit inside the new hours does not stand in the way.
    const kept = (await book(spot, '23.11.2026 09:00')).json().appointment.id;
    const clinic = await clinicAccount(spot.lpu_id);
    const body = hoursOf(spot, [day(1, ['09:00', '10:30'])]);

    const refused = await setHours(clinic, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'visits_outside',
      detail:
        'Эти записи не попадают в новые часы приёма. Отмените их с указанием причины или измените часы.',
      visits: [{ id, status: 'active', startsAt: '2026-11-23T04:00:00.000Z' }],
    });
    expect(refused.json().visits).toHaveLength(1);
    // Nothing changed: the visit is still booked, the hours are the old ones.
    expect(await timesOn(spot, '2026-11-23')).toContain('11:30');
    const reception = async () =>
      (
        await clinic.inject({
          method: 'GET',
          url: `/cabinet/ajax/appointments/?date=2026-11-23&doctor=${spot.doctor_id}`,
        })
      ).json().visits as { id: number; status: string; cancelReason: string | null }[];
    expect((await reception()).find((v) => v.id === id)?.status).toBe('active');

    expect((await setHours(clinic, { ...body, cancel_visits: true })).json().detail).toBe(
      'Укажите причину отмены',
    );
    const done = await setHours(clinic, { ...body, cancel_visits: true, reason: 'Врач сократил приём' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ validFrom: '2026-11-22', canceled: [id] });
    const visits = await reception();
    expect(visits.find((v) => v.id === id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'Врач сократил приём',
    });
    expect(visits.find((v) => v.id === kept)?.status).toBe('active');
    const jobs = await t.app.jobs.boss.findJobs('booking.canceled-by-clinic', {
      data: { appointmentId: id },
    });
    expect(jobs).toHaveLength(1);
    expect(await timesOn(spot, '2026-11-23')).toEqual(['09:30', '10:00']);
  });

  it('a booking racing new hours never lands outside them', async () => {
    for (let round = 0; round < 4; round++) {
      const spot = await t.doctor();
      const clinic = await clinicAccount(spot.lpu_id);
      const [booking, hours] = await Promise.all([
        book(spot, '23.11.2026 11:00'),
        setHours(clinic, hoursOf(spot, [day(1, ['09:00', '10:00'])])),
      ]);
      // One of them wins; never both.
      expect(['201/409', '409/200'], `round ${round}`).toContain(`${booking.statusCode}/${hours.statusCode}`);
      const visits = (
        await clinic.inject({
          method: 'GET',
          url: `/cabinet/ajax/appointments/?date=2026-11-23&doctor=${spot.doctor_id}`,
        })
      ).json().visits as { status: string }[];
      const active = visits.filter((v) => v.status === 'active');
      expect(hours.statusCode === 200 && active.length > 0, `round ${round}`).toBe(false);
    }
  });

  it('refuses broken hours with the reason', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const cases: [Record<string, unknown>, string][] = [
      [hoursOf(spot, [day(1, ['12:00', '09:00'])]), 'Время окончания раньше начала'],
      [hoursOf(spot, [day(1, ['09:00', '12:00'], ['11:00', '13:00'])]), 'Интервалы пересекаются'],
      [hoursOf(spot, [day(1, ['09:07', '12:00'])]), 'Время — с шагом 5 минут'],
      [hoursOf(spot, [day(1, ['23:00', '25:00'])]), 'Время — от 00:00 до 24:00'],
      [hoursOf(spot, [day(1, ['9:00', '12:00'])]), 'Укажите время в виде ЧЧ:ММ'],
      [
        hoursOf(spot, [
          day(
            1,
            ['08:00', '09:00'],
            ['10:00', '11:00'],
            ['12:00', '13:00'],
            ['14:00', '15:00'],
            ['16:00', '17:00'],
          ),
        ]),
        'Не больше 4 интервалов в день',
      ],
      [hoursOf(spot, [day(1, ['09:00', '12:00'])], 25), 'Выберите из списка'],
      [
        hoursOf(spot, [day(1, ['09:00', '12:00'])], 30, { visit_type: 'home' }),
        'Такого приёма у врача в клинике нет',
      ],
      [{ visit_type: 'clinic', slot_minutes: 30, week: [] }, 'Выберите врача'],
    ];
    for (const [payload, detail] of cases) {
      const res = await setHours(clinic, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    for (const garbage of [{ week: 'пн' }, { visit_type: 'sauna' }, { slot_minutes: '30' }]) {
      const res = await setHours(clinic, { ...hoursOf(spot, []), ...garbage });
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
    }
    // Nothing was saved.
    expect(await timesOn(spot, '2026-11-23')).toHaveLength(6);
  });

  it('a doctor whose times the clinic’s MIS pushes has no hours to change here', async () => {
    const spot = await t.doctor();
    await t.db
      .update(workplaces)
      .set({ misSchedule: true })
      .where(eq(workplaces.id, await workplaceOf(spot)));
    const clinic = await clinicAccount(spot.lpu_id);
    const hours = (await readHours(clinic, `?doctor=${spot.doctor_id}`)).json();
    expect(
      hours.places.find((p: { doctor: { id: number } }) => p.doctor.id === spot.doctor_id).misSchedule,
    ).toBe(true);
    const refused = await setHours(clinic, hoursOf(spot, [day(2, ['09:00', '12:00'])]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'mis_schedule',
      detail: 'Расписание врача передаёт программа клиники (МИС): часы приёма меняются в ней.',
    });
  });

  it('is for doctors and clinics, each of their own', async () => {
    const spot = await t.doctor();
    const body = hoursOf(spot, [day(2, ['09:00', '12:00'])]);
    const anonymous = await injectWithCsrf(t.app, { url: HOURS, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: HOURS })).statusCode).toBe(401);
    const patient = await t.patient();
    expect((await setHours(patient, body)).statusCode).toBe(403);
    expect((await readHours(patient)).statusCode).toBe(403);
    expect(
      (await patient.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: false } })).statusCode,
    ).toBe(403);

    // Another clinic cannot name this clinic's doctor.
    const elsewhere = await createClinic(t.db, { townId: (await clinicTownOf(spot.lpu_id)) ?? 0 });
    const stranger = await clinicAccount(elsewhere.id);
    for (const res of [
      await setHours(stranger, body),
      await readHours(stranger, `?doctor=${spot.doctor_id}`),
      await stranger.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: false } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Нет такого врача в клинике');
    }
    expect((await readHours(stranger)).json()).toMatchObject({ places: [], place: null });

    // A doctor: his own clinics only, never another doctor's, and no booking switch.
    const doctor = await doctorAccount(spot.doctor_id);
    const other = await createDoctor(t.db, {
      townId: (await clinicTownOf(spot.lpu_id)) ?? 0,
      clinicIds: [elsewhere.id],
    });
    // Naming no clinic is a bad request; naming another's clinic or doctor is refused.
    const doctorCases: [Record<string, unknown>, number, string][] = [
      [{ ...body, doctor_id: undefined }, 400, 'Выберите клинику'],
      [{ ...body, doctor_id: undefined, clinic_id: elsewhere.id }, 403, 'Вы не принимаете в этой клинике'],
      [{ ...body, doctor_id: other.id, clinic_id: elsewhere.id }, 403, 'Нет такого врача в клинике'],
    ];
    for (const [payload, status, detail] of doctorCases) {
      const res = await setHours(doctor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    expect((await readHours(doctor, `?clinic=${elsewhere.id}`)).json().detail).toBe(
      'Вы не принимаете в этой клинике',
    );
    const own = await setHours(doctor, { ...body, doctor_id: undefined, clinic_id: spot.lpu_id });
    expect(own.statusCode).toBe(200);
    expect(await timesOn(spot, '2026-11-24')).toContain('11:30');
    const toggle = await doctor.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: false } });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().detail).toBe('Онлайн-запись включает клиника');
  });
});

async function clinicTownOf(clinicId: number): Promise<number | undefined> {
  const [row] = await t.db.select({ townId: clinics.townId }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.townId;
}

describe('online booking of a doctor', () => {
  it('off: no times offered and bookings refused, the booked visit kept; on again: back', async () => {
    const spot = await t.doctor();
    const visit = await book(spot, '23.11.2026 10:00');
    expect(visit.statusCode).toBe(201);
    const clinic = await clinicAccount(spot.lpu_id);

    const off = await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ doctor_id: spot.doctor_id, on: false });
    expect(await slotsBulk(spot)).toMatchObject({ appointment_on: false, slots: {} });
    const refused = await book(spot, '23.11.2026 11:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'booking_off',
      detail: 'Клиника сейчас не принимает онлайн-запись к этому врачу.',
    });
    const hours = (await readHours(clinic, `?doctor=${spot.doctor_id}`)).json();
    expect(
      hours.places.find((p: { doctor: { id: number } }) => p.doctor.id === spot.doctor_id).appointmentOn,
    ).toBe(false);
    const listed = (
      await clinic.inject({
        method: 'GET',
        url: `/cabinet/ajax/appointments/?date=2026-11-23&doctor=${spot.doctor_id}`,
      })
    ).json().visits;
    expect(listed.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [visit.json().appointment.id, 'active'],
    ]);

    expect(
      (await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: true } })).statusCode,
    ).toBe(200);
    expect(await slotsBulk(spot)).toMatchObject({ appointment_on: true });
    expect(await timesOn(spot, '2026-11-23')).toContain('11:00');
    const audit = await t.db
      .select()
      .from(cabinetAudit)
      .where(
        and(eq(cabinetAudit.action, 'booking.toggled'), eq(cabinetAudit.targetId, await workplaceOf(spot))),
      )
      .orderBy(cabinetAudit.id);
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ on: true }, { on: false }],
      [{ on: false }, { on: true }],
    ]);
    expect(
      (await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: 'нет' } })).statusCode,
    ).toBe(400);
  });
});

describe('the booking horizon', () => {
  it('7 days: no times after the 7th day, booking one refused; 30 days: the month is open', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const settings = (await clinic.inject({ method: 'GET', url: SETTINGS })).json();
    expect(settings.booking_horizon_days).toBe(14);
    expect(
      (
        await setHours(
          clinic,
          hoursOf(
            spot,
            [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, ['09:00', '10:00'])),
            60,
          ),
        )
      ).statusCode,
    ).toBe(200);
    const days = async () => Object.keys((await slotsBulk(spot)).slots).sort();
    // By default two weeks from today; Monday 30 November is a day off.
    expect(await days()).toHaveLength(12);
    try {
      const set = await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 7 } });
      expect(set.statusCode).toBe(200);
      expect(set.json().booking_horizon_days).toBe(7);
      expect(await days()).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
      ]);
      const tooFar = await book(spot, '01.12.2026 09:00');
      expect(tooFar.statusCode).toBe(409);
      expect(tooFar.json()).toMatchObject({
        reason: 'too_far',
        detail: 'Запись на это время ещё не открыта. Выберите другое — ниже ближайшее свободное.',
      });
      expect((await book(spot, '28.11.2026 09:00')).statusCode).toBe(201);
      // A body without the horizon keeps it.
      const { booking_horizon_days: _, ...withoutHorizon } = settings;
      expect(
        (await clinic.inject({ url: SETTINGS, payload: withoutHorizon })).json().booking_horizon_days,
      ).toBe(7);

      await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 30 } });
      // 14 December is the 23rd day: bookable now, refused under the default two weeks.
      expect((await book(spot, '14.12.2026 09:00')).statusCode).toBe(201);
      expect(
        (await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 21 } })).json()
          .detail,
      ).toBe('Выберите из списка');
    } finally {
      await clinic.inject({ url: SETTINGS, payload: settings });
    }
    expect((await book(spot, '15.12.2026 09:00')).json().reason).toBe('too_far');
  });
});
