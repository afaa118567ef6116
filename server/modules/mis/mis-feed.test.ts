import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { bookingFixture, HOME_ADDRESS, HOME_ADDRESS_SENT } from '../booking/booking-fixture';
import { misHelpers, monday, week } from './mis-fixture';

/** The MIS API's change feed of the clinic's appointments (docs/product/mis-api.md, ADR 017). */
const t = bookingFixture();
const { keyOf, call, push, feed, book, homeDoctor } = misHelpers(t);

describe('the change feed', () => {
  it('tells the clinic its new, moved and cancelled visits once each change, in order, page by page', async () => {
    const { lpu_id } = await t.closedDoctor();
    const key = await keyOf(lpu_id);
    // A clinic of its own: start from the feed's end.
    const start = (await feed(key)).json();
    expect(start.appointments).toEqual([]);

    const spot = await t.doctor();
    const shared = await keyOf(spot.lpu_id);
    let cursor = '';
    for (;;) {
      const page = (await feed(shared, `?limit=500${cursor ? `&since=${cursor}` : ''}`)).json();
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    await call(shared, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_id: 'doc-7' });
    await push(shared, {
      ...week,
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [{ mis_id: 'slot-9', starts_at: monday('16:00'), duration_minutes: 30 }],
        },
      ],
    });
    const patient = await t.patient();
    const booked = await t.book(patient, t.form(spot, { slot: '23.11.2026 16:00', last_name: 'Петрова' }));
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.id;
    const other = await book(await t.doctor(), '23.11.2026 09:00', 'Сидорова');

    const first = (await feed(shared, `?since=${cursor}&limit=1`)).json();
    expect(first.has_more).toBe(true);
    expect(first.appointments).toEqual([
      expect.objectContaining({
        id,
        status: 'booked',
        doctor_id: spot.doctor_id,
        doctor_mis_id: 'doc-7',
        slot_mis_id: 'slot-9',
        visit_type: 'clinic',
        starts_at: '2026-11-23T09:00:00.000Z',
        ends_at: '2026-11-23T09:30:00.000Z',
        patient: expect.objectContaining({
          name: expect.stringContaining('Петрова'),
          birth_date: '1990-04-01',
        }),
        canceled_by: null,
      }),
    ]);
    const second = (await feed(shared, `?since=${first.next_cursor}`)).json();
    expect(second.appointments.map((a: { id: number }) => a.id)).toEqual([other]);
    expect(second.has_more).toBe(false);
    // Nothing new: nothing, and the same cursor.
    const idle = (await feed(shared, `?since=${second.next_cursor}`)).json();
    expect(idle).toEqual({ appointments: [], next_cursor: second.next_cursor, has_more: false });

    // The patient cancels: the visit comes again, cancelled.
    expect((await patient.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} })).statusCode).toBe(
      200,
    );
    const canceled = (await feed(shared, `?since=${second.next_cursor}`)).json();
    expect(canceled.appointments).toEqual([
      expect.objectContaining({ id, status: 'canceled', canceled_by: 'patient' }),
    ]);
    // Another clinic's key never sees them.
    expect((await feed(key)).json().appointments).toEqual([]);
  });

  it('tells where the doctor goes on a home visit: the address the patient gave, and the window', async () => {
    const spot = await homeDoctor(120);
    const key = await keyOf(spot.lpu_id);
    const patient = await t.patient();
    const home = await t.book(
      patient,
      t.form(spot, {
        type: 'home',
        slot: '23.11.2026 10:00',
        home_address: { ...HOME_ADDRESS, district_id: spot.districtId },
      }),
    );
    expect(home.statusCode, home.body).toBe(201);
    const id = home.json().appointment.id;

    const visits = (await feed(key)).json().appointments;
    expect(visits).toEqual([
      expect.objectContaining({
        id,
        visit_type: 'home',
        starts_at: '2026-11-23T03:00:00.000Z',
        home_address: HOME_ADDRESS_SENT,
        home_window_minutes: 120,
      }),
    ]);
    // The visit as the MIS's writes answer it says the same (here: the clinic cancels it).
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/mis/v1/appointments/${id}/cancel/`,
      headers: { authorization: `Bearer ${key}` },
      payload: { reason: 'Врач заболел', idempotency_key: 'home-cancel-1' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      home_address: visits[0].home_address,
      home_window_minutes: 120,
    });
  });

  it('sends no address with a visit at the clinic', async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    const id = await book(spot, '23.11.2026 11:30');
    let since = '';
    let mine: Record<string, unknown> | undefined;
    for (;;) {
      const page = (await feed(key, `?limit=500${since ? `&since=${since}` : ''}`)).json();
      mine = page.appointments.find((a: { id: number }) => a.id === id) ?? mine;
      since = page.next_cursor;
      if (!page.has_more) break;
    }
    expect(mine).toMatchObject({ visit_type: 'clinic', home_address: null, home_window_minutes: null });
  });

  it('refuses a cursor it did not give, and a limit out of range', async () => {
    const key = await keyOf((await t.doctor()).lpu_id);
    for (const query of ['?since=abc', '?since=1.2.3', '?limit=0', '?limit=501', '?limit=x']) {
      const res = await feed(key, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'does not pass a slow transaction that commits after a later one (PostgreSQL: two connections)',
    async () => {
      const spot = await t.doctor();
      const key = await keyOf(spot.lpu_id);
      const visit = await book(spot, '23.11.2026 09:00');
      const cursor = (await feed(key, '?limit=500')).json();
      let end = cursor.next_cursor;
      for (let page = cursor; page.has_more; ) {
        page = (await feed(key, `?since=${end}&limit=500`)).json();
        end = page.next_cursor;
      }

      // A slow writer confirms the visit and holds its transaction open …
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slow = t.db.transaction(async (tx) => {
        await tx.update(appointments).set({ confirmedAt: new Date() }).where(eq(appointments.id, visit));
        started();
        await gate;
      });
      await begun;
      // … while a later booking commits.
      const later = await book(spot, '23.11.2026 10:00');
      const during = (await feed(key, `?since=${end}`)).json();
      expect(during.appointments.map((a: { id: number }) => a.id)).not.toContain(later);
      release();
      await slow;
      const after = (await feed(key, `?since=${during.next_cursor}`)).json();
      expect(after.appointments.map((a: { id: number }) => a.id)).toEqual([visit, later]);
    },
  );
});
