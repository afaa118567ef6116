/**
 * The clinic's front desk over HTTP only (docs/product/front-desk.md): a clinic account books a
 * time for a phone, blocks a range, moves and confirms visits; what the patient site offers and
 * refuses follows at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DESK_TEXTS } from '../../../core/cabinet/desk';
import { pgErrorCode } from '../../db/errors';
import { appointments } from '../../db/schema/booking';
import { workplaces } from '../../db/schema/doctors';
import { signedInAs, type TestSession } from '../../testing/session';
import { cabinetHelpers } from '../cabinet/cabinet-fixture';
import { bookingFixture, type Spot } from './booking-fixture';

const world = bookingFixture();
const { form, book, freeTimes } = world;
const { clinicAccount, doctorAccount } = cabinetHelpers(world);

let seq = 0;
/** A fresh mobile: its 10 national digits and its full digits. */
function newPhone() {
  const national = `915${String(4_000_000 + seq++).padStart(7, '0')}`;
  return { national, digits: `7${national}` };
}

const MONDAY = '2026-11-23';

function deskForm(spot: Spot, change: Record<string, unknown> = {}) {
  return {
    ...spot,
    slot: '23.11.2026 09:00',
    type: 'clinic',
    patient_phone: newPhone().national,
    last_name: 'Смирнова',
    first_name: 'Ольга',
    patronymic: 'Ивановна',
    birth_date: '1985-02-03',
    ...change,
  };
}

const deskBook = (s: TestSession, payload: Record<string, unknown>) =>
  s.inject({ url: '/cabinet/ajax/appointments/', payload });
const block = (s: TestSession, payload: Record<string, unknown>) =>
  s.inject({ url: '/cabinet/ajax/schedule/blocks/', payload });

async function smsTo(digits: string): Promise<string[]> {
  await world.app.jobs.runDue();
  const res = await world.app.inject({ url: '/dev/outbox.json' });
  return res
    .json()
    .messages.filter((m: { phone: string }) => m.phone === digits)
    .map((m: { text: string }) => m.text)
    .reverse();
}

describe('a booking at the desk', () => {
  it('takes the time from every channel, and a cancel gives it back (HTTP only)', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const phone = newPhone();
    expect(await freeTimes(spot, MONDAY)).toContain('09:00');

    const res = await deskBook(clinic, deskForm(spot, { patient_phone: phone.national }));
    expect(res.statusCode).toBe(201);
    const visit = res.json().visit;
    expect(visit).toMatchObject({
      status: 'active',
      starts_at: '2026-11-23T02:00:00.000Z',
      ends_at: '2026-11-23T02:30:00.000Z',
      overbooked: false,
      confirmed: false,
      doctor: { id: spot.doctor_id },
      patient: { name: 'Смирнова Ольга Ивановна', phone: phone.digits },
    });
    expect(visit.patient.id).toEqual(expect.any(Number));

    // Gone from the patient site's calendars, and refused to a patient.
    expect(await freeTimes(spot, MONDAY)).not.toContain('09:00');
    const web = await book(await world.patient(), form(spot, { slot: '23.11.2026 09:00' }));
    expect(web.statusCode).toBe(409);
    expect(web.json().reason).toBe('slot_taken');

    // The patient got the usual SMS, and the visit is theirs: their account lists it.
    expect((await smsTo(phone.digits)).join('\n')).toMatch(/^Вы записаны к врачу .* 23\.11 в 09:00/);
    const patient = await signedInAs(world.app, world.db, { phone: phone.digits });
    expect(patient.userId).toBe(visit.patient.id);

    // The clinic's list has it; cancelling it there gives the time back.
    const cancel = await clinic.inject({
      url: `/cabinet/ajax/appointments/${visit.id}/status/`,
      payload: { status: 'canceled', reason: 'Пациент передумал' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await freeTimes(spot, MONDAY)).toContain('09:00');
  });

  it('takes times the patient site does not offer, and refuses only a taken, blocked or past one', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    // Past the 14-day horizon, on the doctor's day off (30 November), outside his hours (15:00).
    for (const slot of ['14.12.2026 09:00', '30.11.2026 10:00', '23.11.2026 15:00']) {
      const res = await deskBook(clinic, deskForm(spot, { slot }));
      expect(res.statusCode, slot).toBe(201);
    }
    // Inside the notice: at 08:50 on Monday a walk-in takes 09:00, and 08:30 (under way, 30 min).
    const early = await world.at(new Date('2026-11-23T01:50:00Z'), () =>
      deskBook(clinic, deskForm(spot, { slot: '23.11.2026 09:00' })),
    );
    expect(early.statusCode).toBe(201);
    // 09:10 overlaps the 09:00 visit: the database's guarantee refuses it.
    const overlap = await deskBook(clinic, deskForm(spot, { slot: '23.11.2026 09:10' }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'slot_taken', detail: DESK_TEXTS.taken });
    const past = await deskBook(clinic, deskForm(spot, { slot: '22.11.2026 09:00' }));
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'slot_past', detail: DESK_TEXTS.past });
  });

  it('is the clinic’s own: a doctor, a patient, another clinic’s doctor and garbage are refused', async () => {
    const spot = await world.doctor();
    const other = await world.closedDoctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const anonymous = await world.app.inject({
      method: 'POST',
      url: '/cabinet/ajax/appointments/',
      payload: deskForm(spot),
    });
    expect(anonymous.statusCode).toBe(403); // CSRF first
    expect((await deskBook(await world.patient(), deskForm(spot))).statusCode).toBe(403);
    expect((await deskBook(await doctorAccount(spot.doctor_id), deskForm(spot))).statusCode).toBe(403);
    const foreign = await deskBook(clinic, deskForm(other));
    expect(foreign.statusCode).toBe(403);
    const foreignDoctor = await deskBook(
      clinic,
      deskForm({ doctor_id: other.doctor_id, lpu_id: spot.lpu_id }),
    );
    expect(foreignDoctor.statusCode).toBe(403);
    expect(foreignDoctor.json().detail).toBe(DESK_TEXTS.notOurDoctor);
    for (const change of [
      { patient_phone: '8915' },
      { slot: 'завтра' },
      { last_name: '' },
      { birth_date: '1985-02-30' },
    ]) {
      const res = await deskBook(clinic, deskForm(spot, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    // A work account's phone is not booked as a patient's.
    const work = newPhone();
    await signedInAs(world.app, world.db, { role: 'doctor', phone: work.digits, doctorId: spot.doctor_id });
    const worker = await deskBook(clinic, deskForm(spot, { patient_phone: work.national }));
    expect(worker.statusCode).toBe(403);
    expect(worker.json().detail).toBe(DESK_TEXTS.workAccount);
  });

  it('keeps the patient’s caps: a clash with their own visit shows its time only', async () => {
    const spot = await world.doctor();
    const second = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const phone = newPhone();
    expect((await deskBook(clinic, deskForm(spot, { patient_phone: phone.national }))).statusCode).toBe(201);
    const clash = await deskBook(clinic, deskForm(second, { patient_phone: phone.national }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().clash).toEqual({
      starts_at: '2026-11-23T02:00:00.000Z',
      ends_at: '2026-11-23T02:30:00.000Z',
    });
  });

  it('lets a receptionist book at the desk but not overbook, and names her in the audit', async () => {
    const spot = await world.doctor();
    const desk = await signedInAs(world.app, world.db, {
      role: 'clinic',
      clinicId: spot.lpu_id,
      clinicRole: 'receptionist',
    });
    const booked = await deskBook(desk, deskForm(spot));
    expect(booked.statusCode).toBe(201);
    const over = await deskBook(desk, deskForm(spot, { overbook: true, overbook_reason: 'Острая боль' }));
    expect(over.statusCode).toBe(403);
    expect(over.json().detail).toBe(DESK_TEXTS.overbookForbidden);
    const audit = await world.db.execute(
      sql`SELECT user_id AS "userId" FROM cabinet_audit WHERE target_type = 'appointments' AND target_id = ${booked.json().visit.id}`,
    );
    expect(audit.rows.map((r) => (r as { userId: number }).userId)).toContain(desk.userId);
  });

  it('overbooks only on purpose, with a reason in the audit; a normal booking still never overlaps', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    expect((await deskBook(clinic, deskForm(spot))).statusCode).toBe(201);

    const noReason = await deskBook(clinic, deskForm(spot, { overbook: true }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.overbook_reason).toBe(DESK_TEXTS.overbookReasonRequired);
    const long = await deskBook(clinic, deskForm(spot, { overbook: true, overbook_reason: 'а'.repeat(501) }));
    expect(long.statusCode).toBe(400);

    const over = await deskBook(clinic, deskForm(spot, { overbook: true, overbook_reason: 'Острая боль' }));
    expect(over.statusCode).toBe(201);
    expect(over.json().visit.overbooked).toBe(true);
    const audit = await world.db.execute(
      sql`SELECT action, after FROM cabinet_audit WHERE target_type = 'appointments' AND target_id = ${over.json().visit.id}`,
    );
    expect(audit.rows).toEqual([
      { action: 'visit.overbooked', after: expect.objectContaining({ reason: 'Острая боль' }) },
    ]);

    // Without the flag the same time is refused, at the desk and by the database itself.
    expect((await deskBook(clinic, deskForm(spot))).statusCode).toBe(409);
    const [place] = await world.db
      .select()
      .from(workplaces)
      .where(sql`${workplaces.doctorId} = ${spot.doctor_id}`);
    const plain = world.db.insert(appointments).values({
      workplaceId: place.id,
      doctorId: spot.doctor_id,
      clinicId: spot.lpu_id,
      during: '[2026-11-23T02:10:00Z,2026-11-23T02:40:00Z)',
      patientName: 'Тест',
      patientPhone: '79990000000',
    });
    expect(
      pgErrorCode(
        await plain.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    ).toBe('23P01');
  });
});

describe('blocks', () => {
  it('take their times out of every channel and give them back when removed', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const added = await block(clinic, {
      ...spot,
      starts_at: '2026-11-23T10:00',
      ends_at: '2026-11-23T11:00',
      reason: 'Совещание',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      starts_at: '2026-11-23T03:00:00.000Z',
      ends_at: '2026-11-23T04:00:00.000Z',
      reason: 'Совещание',
      doctor: { id: spot.doctor_id },
    });
    expect(await freeTimes(spot, MONDAY)).toEqual(['09:00', '09:30', '11:00', '11:30']);
    const web = await book(await world.patient(), form(spot, { slot: '23.11.2026 10:30' }));
    expect(web.statusCode).toBe(409);
    const desk = await deskBook(clinic, deskForm(spot, { slot: '23.11.2026 10:00' }));
    expect(desk.statusCode).toBe(409);
    expect(desk.json()).toMatchObject({ code: 'time_blocked', detail: DESK_TEXTS.blocked });

    const list = await clinic.inject({
      method: 'GET',
      url: `/cabinet/ajax/schedule/blocks/?from=${MONDAY}&days=7`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().blocks.map((b: { id: number }) => b.id)).toContain(added.json().id);

    // Another clinic neither sees nor removes it.
    const stranger = await clinicAccount((await world.closedDoctor()).lpu_id);
    const theirs = await stranger.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/blocks/${added.json().id}/`,
    });
    expect(theirs.statusCode).toBe(404);

    const removed = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/blocks/${added.json().id}/`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await freeTimes(spot, MONDAY)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    const again = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/blocks/${added.json().id}/`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('over booked visits lists them and is refused until the desk moves them', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const booked = await deskBook(clinic, deskForm(spot, { slot: '23.11.2026 10:00' }));
    const id = booked.json().visit.id;
    const ask = { ...spot, starts_at: '2026-11-23T10:00', ends_at: '2026-11-23T11:00', reason: 'Ремонт' };
    const refused = await block(clinic, ask);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'visits_booked', detail: DESK_TEXTS.blockVisits });
    expect(refused.json().visits.map((v: { id: number }) => v.id)).toEqual([id]);

    const moved = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 11:30' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await block(clinic, ask)).statusCode).toBe(201);
  });

  it('refuses a bad range', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const base = { ...spot, reason: 'Совещание' };
    const cases = [
      { starts_at: '2026-11-23T11:00', ends_at: '2026-11-23T10:00', detail: DESK_TEXTS.blockOrder },
      { starts_at: '2026-11-20T11:00', ends_at: '2026-11-21T10:00', detail: DESK_TEXTS.blockPast },
      { starts_at: '2026-11-23T11:00', ends_at: '2027-03-01T10:00', detail: DESK_TEXTS.blockTooLong },
      { starts_at: 'завтра', ends_at: '2026-11-23T10:00', detail: DESK_TEXTS.badTime },
    ];
    for (const { detail, ...range } of cases) {
      const res = await block(clinic, { ...base, ...range });
      expect(res.statusCode, detail).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    expect(
      (
        await block(clinic, {
          ...base,
          starts_at: '2026-11-23T10:00',
          ends_at: '2026-11-23T11:00',
          reason: ' ',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('moving and confirming at the desk', () => {
  it('moves a visit to another time or doctor of the clinic, with one SMS each', async () => {
    const spot = await world.doctor();
    const colleague = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const phone = newPhone();
    const booked = await deskBook(clinic, deskForm(spot, { patient_phone: phone.national }));
    const id = booked.json().visit.id;

    // Outside the site's hours too (the desk's time), and to a colleague.
    const later = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 13:00' },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({
      starts_at: '2026-11-23T06:00:00.000Z',
      doctor: { id: spot.doctor_id },
    });
    expect(await freeTimes(spot, MONDAY)).toContain('09:00');
    expect((await smsTo(phone.digits)).at(-1)).toMatch(/^Запись перенесена: к врачу .* 23\.11 в 13:00, /);
    const other = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 09:30', doctor_id: colleague.doctor_id },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().doctor.id).toBe(colleague.doctor_id);
    expect(await freeTimes(colleague, MONDAY)).not.toContain('09:30');
    const texts = await smsTo(phone.digits);
    expect(texts.filter((t) => t.startsWith('Запись перенесена'))).toHaveLength(2);

    // A taken time and a blocked one are refused; the visit keeps its time.
    const rival = await deskBook(clinic, deskForm(colleague, { slot: '23.11.2026 10:00' }));
    expect(rival.statusCode).toBe(201);
    const taken = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 10:00' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slot_taken');
    await block(clinic, {
      ...colleague,
      starts_at: '2026-11-23T11:00',
      ends_at: '2026-11-23T12:00',
      reason: 'Совещание',
    });
    const blocked = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 11:00' },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('time_blocked');

    // Another clinic's visit is not found.
    const stranger = await clinicAccount((await world.closedDoctor()).lpu_id);
    const foreign = await stranger.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 11:30' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('confirms a visit once: the mark the patient’s own confirm sets, and one SMS', async () => {
    const spot = await world.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const phone = newPhone();
    const id = (await deskBook(clinic, deskForm(spot, { patient_phone: phone.national }))).json().visit.id;
    const first = await clinic.inject({ url: `/cabinet/ajax/appointments/${id}/confirm/`, payload: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json().confirmed).toBe(true);
    const second = await clinic.inject({ url: `/cabinet/ajax/appointments/${id}/confirm/`, payload: {} });
    expect(second.statusCode).toBe(200);
    const texts = await smsTo(phone.digits);
    expect(texts.filter((t) => t.startsWith('Клиника подтвердила запись'))).toEqual([
      expect.stringMatching(/^Клиника подтвердила запись к врачу .* 23\.11 в 09:00, /),
    ]);
    const list = await clinic.inject({ method: 'GET', url: `/cabinet/ajax/appointments/?date=${MONDAY}` });
    expect(list.json().visits.find((v: { id: number }) => v.id === id).confirmed).toBe(true);
    // The patient's visit page says the clinic confirmed it, not the patient.
    const [row] = await world.db
      .select({ by: appointments.confirmedBy })
      .from(appointments)
      .where(sql`${appointments.id} = ${id}`);
    expect(row.by).toBe('clinic');
  });
});
