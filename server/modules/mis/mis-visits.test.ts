import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { misApiKeys, misIdempotency } from '../../db/schema/mis';
import { bookingFixture } from '../booking/booking-fixture';
import { misHelpers, monday } from './mis-fixture';

/** The MIS writes visits (docs/product/mis-api.md, 'Writing visits'): cancel, move, mark, book. */
const t = bookingFixture();
const { keyOf, book, push } = misHelpers(t);

const post = (key: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${key}` },
  });

/** The texts a phone got (the dev outbox). */
async function smsTo(phone: string): Promise<string[]> {
  await t.app.jobs.runDue();
  const res = await t.app.inject({ url: '/dev/outbox.json' });
  return res
    .json()
    .messages.filter((m: { phone: string }) => m.phone === phone)
    .map((m: { text: string }) => m.text);
}

let seq = 0;
const newPhone = () => `7916${String(5_000_000 + seq++).padStart(7, '0')}`;

describe('the MIS cancels', () => {
  it('a portal visit: the time is free for patients in the same request, the patient gets one SMS however often it is sent', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const phone = newPhone();
    const res = await t.book(await t.patient(phone), t.form(spot, { slot: '23.11.2026 10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id;
    expect(await t.freeTimes(spot, '2026-11-23')).not.toContain('10:00');
    const key = await keyOf(spot.lpu_id);

    const noReason = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, { idempotency_key: 'c-0' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину отмены');

    const canceled = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, {
      reason: 'Врач заболел',
      idempotency_key: 'c-1',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      id,
      status: 'canceled',
      canceled_by: 'clinic',
      cancel_reason: 'Врач заболел',
      starts_at: '2026-11-23T03:00:00.000Z',
    });
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('10:00');

    // The same call again (a lost reply): the same answer, nothing done twice.
    const repeat = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, {
      reason: 'Врач заболел',
      idempotency_key: 'c-1',
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(canceled.json());
    // Another cancel (a new key): refused, the visit is cancelled already.
    const other = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, {
      reason: 'Врач заболел',
      idempotency_key: 'c-2',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe('Запись уже отменена');
    // The key on another call is refused.
    const reused = await post(key, `/api/mis/v1/appointments/${id}/mark/`, {
      status: 'arrived',
      idempotency_key: 'c-1',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toBe('Этот idempotency_key уже использован для другого запроса');

    expect((await smsTo(phone)).filter((text) => text.startsWith('Клиника отменила запись'))).toEqual([
      expect.stringMatching(/^Клиника отменила запись к врачу .+ 23\.11 в 10:00\. Причина: Врач заболел\./),
    ]);
  });

  it('two cancels of one visit at the same moment send one SMS', { timeout: 60_000 }, async () => {
    const spot = await t.doctor();
    const phone = newPhone();
    const res = await t.book(await t.patient(phone), t.form(spot, { slot: '23.11.2026 11:00' }));
    const id = res.json().appointment.id;
    const key = await keyOf(spot.lpu_id);
    const answers = await Promise.all(
      ['same', 'same', 'other'].map((k) =>
        post(key, `/api/mis/v1/appointments/${id}/cancel/`, {
          reason: 'Клиника закрыта',
          idempotency_key: k,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect((await smsTo(phone)).filter((text) => text.startsWith('Клиника отменила запись'))).toHaveLength(1);
  });
});

describe('an idempotency key', () => {
  it('left claimed without a reply (a process died) is taken over by a repeat after a minute', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const id = await book(spot, '23.11.2026 09:00');
    const key = await keyOf(spot.lpu_id);
    const [row] = await t.db
      .select()
      .from(misApiKeys)
      .where(eq(misApiKeys.prefix, key.slice(4, 12)));
    const claim = {
      keyId: row.id,
      idempotencyKey: 'stuck',
      operation: `cancel ${id}`,
      createdAt: new Date('2026-11-22T04:59:30Z'),
    };
    await t.db.insert(misIdempotency).values(claim);
    const body = { reason: 'Врач заболел', idempotency_key: 'stuck' };
    const running = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, body);
    expect(running.statusCode).toBe(409);
    expect(running.json().code).toBe('idempotency_key_running');
    await t.db
      .update(misIdempotency)
      .set({ createdAt: new Date('2026-11-22T04:58:59Z') })
      .where(eq(misIdempotency.idempotencyKey, 'stuck'));
    const taken = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, body);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().status).toBe('canceled');
  });

  it('repeats a reply kept before visits told a home address, as it was kept', async () => {
    const spot = await t.doctor();
    const id = await book(spot, '23.11.2026 11:00');
    const key = await keyOf(spot.lpu_id);
    const body = { reason: 'Врач заболел', idempotency_key: 'kept-before-home' };
    const first = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ home_address: null, home_window_minutes: null });
    // The kept reply as a release before home addresses wrote it.
    const { home_address: _, home_window_minutes: __, ...older } = first.json();
    await t.db
      .update(misIdempotency)
      .set({ reply: older })
      .where(eq(misIdempotency.idempotencyKey, 'kept-before-home'));
    const again = await post(key, `/api/mis/v1/appointments/${id}/cancel/`, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(older);
  });
});

describe('the MIS moves, marks and books', () => {
  it('moves a visit to another time; a repeat moves nothing again', { timeout: 60_000 }, async () => {
    const spot = await t.doctor();
    const id = await book(spot, '23.11.2026 09:00');
    const key = await keyOf(spot.lpu_id);
    const moved = await post(key, `/api/mis/v1/appointments/${id}/move/`, {
      starts_at: monday('11:30'),
      idempotency_key: 'm-1',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id, status: 'booked', starts_at: '2026-11-23T04:30:00.000Z' });
    const free = await t.freeTimes(spot, '2026-11-23');
    expect(free).toContain('09:00');
    expect(free).not.toContain('11:30');
    const repeat = await post(key, `/api/mis/v1/appointments/${id}/move/`, {
      starts_at: monday('11:30'),
      idempotency_key: 'm-1',
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(moved.json());

    // A taken time is refused, in Russian.
    const other = await book(spot, '23.11.2026 10:00', 'Петрова');
    const taken = await post(key, `/api/mis/v1/appointments/${other}/move/`, {
      starts_at: monday('11:30'),
      idempotency_key: 'm-2',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slot_taken');

    // A doctor on the pushed schedule moves to his pushed slots only.
    const pushed = await push(key, {
      from: '2026-11-23',
      to: '2026-11-23',
      doctors: [{ doctor_id: spot.doctor_id, slots: [{ starts_at: monday('11:00'), duration_minutes: 30 }] }],
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const offGrid = await post(key, `/api/mis/v1/appointments/${id}/move/`, {
      starts_at: monday('11:10'),
      idempotency_key: 'm-3',
    });
    expect(offGrid.statusCode).toBe(409);
    expect(offGrid.json()).toMatchObject({
      code: 'not_a_pushed_slot',
      detail:
        'У врача нет переданного слота на 2026-11-23T11:10+07:00: сначала передайте его (PUT /api/mis/v1/slots/)',
    });
    const onGrid = await post(key, `/api/mis/v1/appointments/${id}/move/`, {
      starts_at: monday('11:00'),
      idempotency_key: 'm-4',
    });
    expect(onGrid.statusCode, onGrid.body).toBe(200);
  });

  it('marks a begun visit arrived or missed', { timeout: 60_000 }, async () => {
    const spot = await t.doctor();
    const first = await book(spot, '23.11.2026 09:00');
    const second = await book(spot, '23.11.2026 09:30', 'Петрова');
    const key = await keyOf(spot.lpu_id);
    const early = await post(key, `/api/mis/v1/appointments/${first}/mark/`, {
      status: 'arrived',
      idempotency_key: 'early',
    });
    expect(early.statusCode).toBe(409);
    const bad = await post(key, `/api/mis/v1/appointments/${first}/mark/`, {
      status: 'done',
      idempotency_key: 'x',
    });
    expect(bad.statusCode).toBe(400);
    await t.at(new Date('2026-11-23T03:00:00Z'), async () => {
      const arrived = await post(key, `/api/mis/v1/appointments/${first}/mark/`, {
        status: 'arrived',
        idempotency_key: 'a-1',
      });
      expect(arrived.statusCode, arrived.body).toBe(200);
      expect(arrived.json()).toMatchObject({ id: first, status: 'done' });
      const missed = await post(key, `/api/mis/v1/appointments/${second}/mark/`, {
        status: 'no_show',
        idempotency_key: 'a-2',
      });
      expect(missed.json()).toMatchObject({ id: second, status: 'no_show' });
    });
  });

  it('books a time for a patient as the desk does, once per idempotency key', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    const phone = newPhone();
    const body = {
      doctor_id: spot.doctor_id,
      starts_at: monday('10:30'),
      patient: { phone, last_name: 'Сидорова', first_name: 'Мария', birth_date: '1980-05-06' },
      idempotency_key: 'b-1',
    };
    const booked = await post(key, '/api/mis/v1/appointments/', body);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      status: 'booked',
      doctor_id: spot.doctor_id,
      starts_at: '2026-11-23T03:30:00.000Z',
      patient: { name: 'Сидорова Мария', phone },
    });
    expect(await t.freeTimes(spot, '2026-11-23')).not.toContain('10:30');
    const repeat = await post(key, '/api/mis/v1/appointments/', body);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().id).toBe(booked.json().id);
    const rows = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, spot.doctor_id), eq(appointments.status, 'active')));
    expect(rows).toHaveLength(1);
    expect((await smsTo(phone)).filter((s) => s.startsWith('Вы записаны'))).toHaveLength(1);

    // The same time for another patient: the database's guarantee refuses it.
    const again = await post(key, '/api/mis/v1/appointments/', {
      ...body,
      patient: { ...body.patient, phone: newPhone() },
      idempotency_key: 'b-2',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('slot_taken');
  });

  it("never reaches another clinic's visits", { timeout: 60_000 }, async () => {
    const spot = await t.doctor();
    const id = await book(spot, '23.11.2026 09:00');
    const otherKey = await keyOf((await t.closedDoctor()).lpu_id);
    for (const [path, payload] of [
      ['cancel', { reason: 'Врач заболел', idempotency_key: 'z-1' }],
      ['move', { starts_at: monday('11:00'), idempotency_key: 'z-2' }],
      ['mark', { status: 'no_show', idempotency_key: 'z-3' }],
    ] as const) {
      const res = await post(otherKey, `/api/mis/v1/appointments/${id}/${path}/`, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().detail).toBe('Нет такой записи в клинике');
    }
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row.status).toBe('active');
  });
});
