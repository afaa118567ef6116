import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { bookingFixture } from '../booking/booking-fixture';
import { BOOKING, day, HOURS, hoursHelpers, hoursOf } from './hours-fixture';

/**
 * The cabinet's weekly hours (docs/product/cabinet.md; the booking switch and horizon are in
 * online-booking.test.ts), in the world of the booking tests: Novosibirsk on Sunday 22 November
 * 2026 at 12:00; each doctor works Mondays 09:00–12:00 in 30-minute slots, Monday 30 November off.
 */
const t = bookingFixture();
const { clinicAccount, doctorAccount, setHours, readHours, slotsBulk, timesOn, book, workplaceOf } =
  hoursHelpers(t);

async function clinicTownOf(clinicId: number): Promise<number | undefined> {
  const [row] = await t.db.select({ townId: clinics.townId }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.townId;
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
