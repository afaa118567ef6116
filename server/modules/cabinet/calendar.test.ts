/**
 * The clinic's calendar and the patient card at the desk, over HTTP (docs/product/front-desk.md,
 * 'Календарь' and 'Карточка пациента'): what a doctor's day shows and where, who sees which
 * columns, and the card and its note kept to the clinic.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATIENT_NOTE_MAX } from '../../../core/cabinet/patient-card';
import { cabinetAudit } from '../../db/schema/cabinet';
import type { TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from '../booking/booking-fixture';
import { cabinetHelpers } from './cabinet-fixture';

const world = bookingFixture();
const { clinicAccount, doctorAccount, booked } = cabinetHelpers(world);

const MONDAY = '2026-11-23';

const calendar = (s: TestSession, query: string) =>
  s.inject({ method: 'GET', url: `/cabinet/ajax/calendar/${query}` });

interface Item {
  kind: string;
  startsAt: string;
  endsAt: string;
  status?: string;
  patientName?: string;
  reason?: string;
  id?: number;
}

/** A column's items of a day as 'HH:mm kind[ detail]' in Novosibirsk (UTC+7). */
function lines(items: Item[]): string[] {
  return items.map((i) => {
    const at = new Date(Date.parse(i.startsAt) + 7 * 3_600_000).toISOString().slice(11, 16);
    const detail =
      i.kind === 'visit' ? ` ${i.status} ${i.patientName}` : i.kind === 'block' ? ` ${i.reason}` : '';
    return `${at} ${i.kind}${detail}`;
  });
}

async function dayOf(spot: Spot, s: TestSession) {
  const res = await calendar(s, `?date=${MONDAY}&doctor=${spot.doctor_id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the calendar of a doctor-day', () => {
  it('shows a web booking, a hold, a block and the free times at their places, and the totals', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    await booked(spot, '23.11.2026 09:00', 'Петрова');
    const holder = await world.patient();
    expect((await world.hold(holder, spot, '23.11.2026 10:00')).statusCode).toBe(201);
    const blocked = await clinic.inject({
      url: '/cabinet/ajax/schedule/blocks/',
      payload: {
        ...spot,
        starts_at: '2026-11-23T11:00',
        ends_at: '2026-11-23T11:30',
        reason: 'Совещание',
      },
    });
    expect(blocked.statusCode).toBe(201);

    const day = await dayOf(spot, clinic);
    expect(day).toMatchObject({ date: MONDAY, days: 1, today: '2026-11-22', clinicId: spot.lpu_id });
    expect(day.columns).toHaveLength(1);
    const [column] = day.columns;
    expect(column).toMatchObject({
      doctor: { id: spot.doctor_id },
      clinicId: spot.lpu_id,
      tz: 'Asia/Novosibirsk',
    });
    expect(lines(column.days[0].items)).toEqual([
      '09:00 visit booked Петрова Анна Петровна',
      '09:30 free',
      '10:00 hold',
      '10:30 free',
      '11:00 block Совещание',
      '11:30 free',
    ]);
    const totals = { booked: 1, arrived: 0, noShow: 0, free: 3 };
    expect(column.days[0].totals).toEqual(totals);
    expect(day.totals).toEqual([{ day: MONDAY, totals }]);
    // The same free times as the patient site's.
    expect(await world.freeTimes(spot, MONDAY)).toEqual(['09:30', '10:30', '11:30']);
  });

  it('shows a week, marked and cancelled visits with their state, and counts them in the totals', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const first = await booked(spot, '23.11.2026 09:00', 'Первая');
    const second = await booked(spot, '23.11.2026 09:30', 'Вторая');
    const third = await booked(spot, '23.11.2026 10:00', 'Третья');
    const mark = (id: number, payload: Record<string, unknown>) =>
      clinic.inject({ url: `/cabinet/ajax/appointments/${id}/status/`, payload });
    expect((await mark(third, { status: 'canceled', reason: 'Врач заболел' })).statusCode).toBe(200);
    await world.at(new Date('2026-11-23T03:00:00Z'), async () => {
      expect((await mark(first, { status: 'done' })).statusCode).toBe(200);
      expect((await mark(second, { status: 'no_show' })).statusCode).toBe(200);
    });

    const res = await calendar(clinic, `?date=${MONDAY}&days=7&doctor=${spot.doctor_id}`);
    expect(res.statusCode).toBe(200);
    const [column] = res.json().columns;
    expect(column.days.map((d: { day: string }) => d.day)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const items: Item[] = column.days[0].items;
    expect(lines(items.filter((i) => i.kind === 'visit'))).toEqual([
      '09:00 visit arrived Первая Анна Петровна',
      '09:30 visit no_show Вторая Анна Петровна',
      '10:00 visit canceled Третья Анна Петровна',
    ]);
    // The cancelled time is free again, beside the cancelled visit.
    expect(lines(items)).toContain('10:00 free');
    expect(column.days[0].totals).toMatchObject({ booked: 2, arrived: 1, noShow: 1 });
    // Only Mondays are the doctor's days.
    expect(column.days[1].items).toEqual([]);
  });

  it('keeps an overbooked time taken once the visit it overlapped is cancelled', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const first = await booked(spot, '23.11.2026 09:00');
    const over = await clinic.inject({
      url: '/cabinet/ajax/appointments/',
      payload: {
        ...spot,
        slot: '23.11.2026 09:00',
        patient_phone: '9990002233',
        last_name: 'Срочная',
        first_name: 'Ольга',
        birth_date: '1970-01-01',
        overbook: true,
        overbook_reason: 'Острая боль',
      },
    });
    expect(over.statusCode).toBe(201);
    const cancel = await clinic.inject({
      url: `/cabinet/ajax/appointments/${first}/status/`,
      payload: { status: 'canceled', reason: 'Пациент передумал' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await world.freeTimes(spot, MONDAY)).not.toContain('09:00');
    const day = await dayOf(spot, clinic);
    expect(lines(day.columns[0].days[0].items).filter((l) => l.startsWith('09:00'))).toEqual(
      ['09:00 visit booked Иванова Анна Петровна', '09:00 visit booked Срочная Ольга'].map((l, i) =>
        i === 0 ? l.replace('booked', 'canceled') : l,
      ),
    );
  });
});

describe('who sees which columns', () => {
  it("refuses another clinic's doctor and address, and a bad query, to a clinic", async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const other = await world.closedDoctor();
    const doctor = await calendar(clinic, `?doctor=${other.doctor_id}`);
    expect(doctor.statusCode).toBe(403);
    expect(doctor.json().detail).toEqual(expect.any(String));
    expect((await calendar(clinic, `?address=${other.lpu_id}`)).statusCode).toBe(403);
    expect((await calendar(clinic, '?days=3')).statusCode).toBe(400);
    expect((await calendar(clinic, '?date=2026-02-30')).statusCode).toBe(400);
    // Its own address and all its doctors.
    const all = await calendar(clinic, `?date=${MONDAY}&address=${spot.lpu_id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().columns.map((c: { doctor: { id: number } }) => c.doctor.id)).toContain(spot.doctor_id);
    expect(all.json().columns.some((c: { doctor: { id: number } }) => c.doctor.id === other.doctor_id)).toBe(
      false,
    );
  });

  it('gives a doctor only his own column, and refuses him another doctor', async () => {
    const spot = await world.doctor();
    const colleague = await world.doctor();
    await booked(colleague, '23.11.2026 09:00');
    const doctor = await doctorAccount(spot.doctor_id);
    const res = await calendar(doctor, `?date=${MONDAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clinicId).toBeNull();
    expect(body.columns.map((c: { doctor: { id: number } }) => c.doctor.id)).toEqual([spot.doctor_id]);
    expect(body.options.doctors).toEqual([{ id: spot.doctor_id, name: expect.any(String) }]);
    expect((await calendar(doctor, `?doctor=${colleague.doctor_id}`)).statusCode).toBe(403);
  });

  it('is refused to a visitor and a patient', async () => {
    expect((await world.app.inject({ method: 'GET', url: '/cabinet/ajax/calendar/' })).statusCode).toBe(401);
    expect((await calendar(await world.patient(), '')).statusCode).toBe(403);
  });
});

describe('the patient card at the desk', () => {
  it("shows the patient's visits at this clinic, no-shows counted, and keeps the clinic's note", async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const patient = await world.patient('79990001122');
    const web = await world.book(patient, world.form(spot, { slot: '23.11.2026 11:00' }));
    expect(web.statusCode).toBe(201);
    const missed: number = web.json().appointment.id;
    // The desk books the same phone a coming visit (past the site's horizon).
    const desk = await clinic.inject({
      url: '/cabinet/ajax/appointments/',
      payload: {
        ...spot,
        slot: '14.12.2026 09:00',
        patient_phone: '9990001122',
        last_name: 'Иванова',
        first_name: 'Анна',
        birth_date: '1990-04-01',
      },
    });
    expect(desk.statusCode).toBe(201);
    const coming: number = desk.json().visit.id;
    await world.at(new Date('2026-11-23T04:10:00Z'), async () => {
      const res = await clinic.inject({
        url: `/cabinet/ajax/appointments/${missed}/status/`,
        payload: { status: 'no_show' },
      });
      expect(res.statusCode).toBe(200);
    });

    const res = await clinic.inject({ method: 'GET', url: `/cabinet/ajax/patients/${missed}/` });
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      appointmentId: missed,
      name: 'Иванова Анна Петровна',
      birthDate: '1990-04-01',
      note: null,
    });
    expect(card.phone).toMatch(/^7\d{10}$/);
    expect(card.past.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [missed, 'no_show'],
    ]);
    expect(card.counts).toMatchObject({ noShow: 1, past: 1 });
    expect(card.coming.map((v: { id: number }) => v.id)).toEqual([coming]);

    const saved = await clinic.inject({
      url: `/cabinet/ajax/patients/${missed}/note/`,
      payload: { text: '  Просит звонить после 18:00  ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ text: 'Просит звонить после 18:00', updatedAt: expect.any(String) });
    // The same patient from another of their visits: the same note.
    const again = await clinic.inject({ method: 'GET', url: `/cabinet/ajax/patients/${coming}/` });
    expect(again.json().note).toMatchObject({ text: 'Просит звонить после 18:00' });
    const audit = await world.db
      .select()
      .from(cabinetAudit)
      .where(eq(cabinetAudit.action, 'patient_note.saved'));
    expect(
      audit.some((a) => a.userId === clinic.userId && JSON.stringify(a.after).includes('после 18:00')),
    ).toBe(true);

    const long = await clinic.inject({
      url: `/cabinet/ajax/patients/${missed}/note/`,
      payload: { text: 'я'.repeat(PATIENT_NOTE_MAX + 1) },
    });
    expect(long.statusCode).toBe(400);
  });

  it("is the clinic's only: another clinic gets 404, a doctor and a patient 403", async () => {
    const spot = await world.doctor();
    const id = await booked(spot, '23.11.2026 09:00');
    const other = await world.closedDoctor();
    const stranger = await clinicAccount(other.lpu_id);
    expect((await stranger.inject({ method: 'GET', url: `/cabinet/ajax/patients/${id}/` })).statusCode).toBe(
      404,
    );
    const write = await stranger.inject({
      url: `/cabinet/ajax/patients/${id}/note/`,
      payload: { text: 'чужая' },
    });
    expect(write.statusCode).toBe(404);
    const doctor = await doctorAccount(spot.doctor_id);
    expect((await doctor.inject({ method: 'GET', url: `/cabinet/ajax/patients/${id}/` })).statusCode).toBe(
      403,
    );
    const patient = await world.patient();
    expect((await patient.inject({ method: 'GET', url: `/cabinet/ajax/patients/${id}/` })).statusCode).toBe(
      403,
    );
    expect((await world.app.inject({ method: 'GET', url: `/cabinet/ajax/patients/${id}/` })).statusCode).toBe(
      401,
    );
    const clinic = await clinicAccount(spot.lpu_id);
    expect((await clinic.inject({ method: 'GET', url: '/cabinet/ajax/patients/abc/' })).statusCode).toBe(404);
    expect(
      (await clinic.inject({ method: 'GET', url: `/cabinet/ajax/patients/${id + 100000}/` })).statusCode,
    ).toBe(404);
  });
});
