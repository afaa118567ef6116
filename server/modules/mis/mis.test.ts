import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIS_LIMITS } from '../../../core/mis/push';
import { appointments } from '../../db/schema/booking';
import { cabinetAudit } from '../../db/schema/cabinet';
import { workplacePrices, workplaces } from '../../db/schema/doctors';
import { explicitSlots } from '../../db/schema/schedule';
import { signedInAs } from '../../testing/session';
import { bookingFixture } from '../booking/booking-fixture';
import { FULL_KEY, misHelpers, monday, week } from './mis-fixture';

/** The MIS API's keys, its calls with a key and the slot push (docs/product/mis-api.md); the feed is in mis-feed.test.ts. */
const t = bookingFixture();
const { clinicAccount, keyOf, call, push, book } = misHelpers(t);

describe('keys', () => {
  it('are issued to a clinic account only, shown once, listed without the key, revoked at once', async () => {
    const spot = await t.doctor();
    expect((await t.app.inject({ method: 'GET', url: '/cabinet/ajax/mis-keys/' })).statusCode).toBe(401);
    const patient = await t.patient();
    expect((await patient.inject({ url: '/cabinet/ajax/mis-keys/', payload: FULL_KEY })).statusCode).toBe(
      403,
    );
    const doctor = await signedInAs(t.app, t.db, { role: 'doctor', doctorId: spot.doctor_id });
    const refused = await doctor.inject({ url: '/cabinet/ajax/mis-keys/', payload: FULL_KEY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Ключи API выдаются клинике: войдите как клиника');

    const clinic = await clinicAccount(spot.lpu_id);
    const made = await clinic.inject({ url: '/cabinet/ajax/mis-keys/', payload: FULL_KEY });
    expect(made.statusCode).toBe(201);
    const { key, secret } = made.json();
    expect(secret).toMatch(/^mis_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`mis_${key.prefix}_`)).toBe(true);
    const list = await clinic.inject({ method: 'GET', url: '/cabinet/ajax/mis-keys/' });
    expect(list.json().keys.map((k: { id: number }) => k.id)).toContain(key.id);
    expect(list.body).not.toContain(secret.slice(14));
    expect((await call(secret, 'GET', '/api/mis/v1/doctors/')).statusCode).toBe(200);

    // Another clinic cannot revoke it; the clinic can, and the key stops at once.
    const other = await clinicAccount((await t.closedDoctor()).lpu_id);
    expect((await other.inject({ url: `/cabinet/ajax/mis-keys/${key.id}/revoke/` })).statusCode).toBe(404);
    const revoked = await clinic.inject({ url: `/cabinet/ajax/mis-keys/${key.id}/revoke/` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await clinic.inject({ url: `/cabinet/ajax/mis-keys/${key.id}/revoke/` })).statusCode).toBe(409);
    const after = await call(secret, 'GET', '/api/mis/v1/doctors/');
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('Ключ API недействителен или отозван');

    const audit = await t.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, key.id));
    expect(audit.filter((a) => a.targetType === 'mis_api_keys').map((a) => a.action)).toEqual([
      'mis_key.created',
      'mis_key.revoked',
    ]);
  });

  it('are at most five live at once, even when asked for at the same moment', async () => {
    const { lpu_id } = await t.closedDoctor();
    const clinic = await clinicAccount(lpu_id);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => clinic.inject({ url: '/cabinet/ajax/mis-keys/', payload: FULL_KEY })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().detail)).toEqual([
      'Не больше 5 действующих ключей: отзовите ненужный',
      'Не больше 5 действующих ключей: отзовите ненужный',
    ]);
  });
});

describe('calls with a key', () => {
  it('refuse a missing, malformed or made-up key before reading the body', async () => {
    const none = await call(null, 'PUT', '/api/mis/v1/slots/', 'garbage');
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Нужен ключ API клиники: заголовок Authorization: Bearer <ключ>');
    expect((await call('nonsense', 'GET', '/api/mis/v1/doctors/')).statusCode).toBe(401);
    const madeUp = `mis_0000abcd_${'A'.repeat(43)}`;
    expect((await call(madeUp, 'GET', '/api/mis/v1/doctors/')).statusCode).toBe(401);
    // A session cookie is no key.
    const clinic = await clinicAccount((await t.doctor()).lpu_id);
    expect((await clinic.inject({ method: 'GET', url: '/api/mis/v1/doctors/' })).statusCode).toBe(401);
  });

  it("list the key's clinic's doctors only, and link a doctor to his MIS id (unique in the clinic)", async () => {
    const spot = await t.doctor();
    const second = await t.doctor();
    const stranger = await t.closedDoctor();
    const key = await keyOf(spot.lpu_id);
    const list = await call(key, 'GET', '/api/mis/v1/doctors/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['set-cookie']).toBeUndefined();
    const ids = list.json().doctors.map((d: { doctor_id: number }) => d.doctor_id);
    expect(ids).toEqual(expect.arrayContaining([spot.doctor_id, second.doctor_id]));
    expect(ids).not.toContain(stranger.doctor_id);
    expect(list.json().clinic).toMatchObject({ id: spot.lpu_id, tz: 'Asia/Novosibirsk' });

    const linked = await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, {
      mis_id: `D-${spot.doctor_id}`,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ doctor_id: spot.doctor_id, mis_id: `D-${spot.doctor_id}` });
    const taken = await call(key, 'PUT', `/api/mis/v1/doctors/${second.doctor_id}/`, {
      mis_id: `D-${spot.doctor_id}`,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Этот mis_id уже у другого врача клиники');
    const foreign = await call(key, 'PUT', `/api/mis/v1/doctors/${stranger.doctor_id}/`, { mis_id: 'X' });
    expect(foreign.statusCode).toBe(404);
    expect((await call(key, 'PUT', '/api/mis/v1/doctors/abc/', { mis_id: 'X' })).statusCode).toBe(404);
    expect(
      (await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_id: 'a b' })).statusCode,
    ).toBe(400);
  });

  it(`are limited to ${MIS_LIMITS.callsPerMinute} a minute per key, with Retry-After`, async () => {
    const key = await keyOf((await t.closedDoctor()).lpu_id);
    for (let i = 0; i < MIS_LIMITS.callsPerMinute; i++) {
      expect((await call(key, 'GET', '/api/mis/v1/appointments/?limit=1')).statusCode).toBe(200);
    }
    const limited = await call(key, 'GET', '/api/mis/v1/appointments/?limit=1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toContain('запросов в минуту');
    // Another key of another clinic is counted apart.
    const other = await keyOf((await t.closedDoctor()).lpu_id);
    expect((await call(other, 'GET', '/api/mis/v1/appointments/')).statusCode).toBe(200);
  });

  it('publish an OpenAPI description of themselves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mis/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/mis/v1/slots/',
        '/api/mis/v1/appointments/',
        '/api/mis/v1/doctors/{id}/',
      ]),
    );
    const body = doc.paths['/api/mis/v1/slots/'].put.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['from', 'to', 'doctors']);
    expect(
      doc.paths['/api/mis/v1/appointments/'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(['since', 'limit']);
  });
});

describe('pushing slots', () => {
  it("makes the doctor's free times exactly the pushed ones; the same push twice changes nothing", async () => {
    const spot = await t.doctor();
    // His weekly rule offers 09:00…11:30 on Mondays.
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
    const key = await keyOf(spot.lpu_id);
    const body = {
      ...week,
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [
            { mis_id: 's-1', starts_at: monday('14:00'), duration_minutes: 20 },
            { mis_id: 's-2', starts_at: monday('14:20'), duration_minutes: 20 },
          ],
        },
      ],
    };
    const first = await push(key, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().doctors).toEqual([
      {
        doctor_id: spot.doctor_id,
        added: 2,
        removed: 0,
        updated: 0,
        unchanged: 0,
        not_offered: [],
        not_offered_count: 0,
      },
    ]);
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual(['14:00', '14:20']);

    const again = await push(key, body);
    expect(again.json().doctors).toEqual([
      {
        doctor_id: spot.doctor_id,
        added: 0,
        removed: 0,
        updated: 0,
        unchanged: 2,
        not_offered: [],
        not_offered_count: 0,
      },
    ]);
    const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
    const rows = await t.db.select().from(explicitSlots).where(eq(explicitSlots.workplaceId, place.id));
    expect(rows.map((r) => r.misId).sort()).toEqual(['s-1', 's-2']);
    expect(place.misSchedule).toBe(true);

    // The grid moves by ten minutes and one slot goes: the rows are rewritten, one removed.
    const moved = await push(key, {
      ...week,
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [{ mis_id: 's-3', starts_at: monday('14:10'), duration_minutes: 30 }],
        },
      ],
    });
    expect(moved.json().doctors[0]).toMatchObject({ added: 1, removed: 2, updated: 0, unchanged: 0 });
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual(['14:10']);
    const kept = await t.db.select().from(explicitSlots).where(eq(explicitSlots.workplaceId, place.id));
    expect(kept.map((r) => [r.misId, r.durationMinutes, r.startsAt.toISOString()])).toEqual([
      ['s-3', 30, '2026-11-23T07:10:00.000Z'],
    ]);
    expect(rows.map((r) => r.id)).toContain(kept[0].id);
    await push(key, body);

    // A week pushed empty has no times at all: the weekly rule is not used again.
    const empty = await push(key, { ...week, doctors: [{ doctor_id: spot.doctor_id, slots: [] }] });
    expect(empty.json().doctors[0]).toMatchObject({ removed: 2, added: 0 });
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual([]);
    // Handed back, the cabinet's weekly hours apply again.
    await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_schedule: false });
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
  });

  it('handed back with its pushed slots still stored, the weekly hours apply, not those slots', async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    const pushed = await push(key, {
      ...week,
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [{ mis_id: 'h-1', starts_at: monday('14:10'), duration_minutes: 30 }],
        },
      ],
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual(['14:10']);
    await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_schedule: false });
    const free = await t.freeTimes(spot, '2026-11-23');
    expect(free).toContain('09:00');
    expect(free).not.toContain('14:10');
  });

  it('names doctors by their MIS id, and never touches a booked visit', async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_id: `M${spot.doctor_id}` });
    const slots = [
      { mis_id: 'a', starts_at: monday('15:00'), duration_minutes: 30 },
      { mis_id: 'b', starts_at: monday('15:30'), duration_minutes: 30 },
    ];
    expect(
      (await push(key, { ...week, doctors: [{ doctor_mis_id: `M${spot.doctor_id}`, slots }] })).statusCode,
    ).toBe(200);
    const visit = await book(spot, '23.11.2026 15:00');
    // The clinic's software drops both slots: the visit stays booked, and nothing is free.
    const res = await push(key, { ...week, doctors: [{ doctor_mis_id: `M${spot.doctor_id}`, slots: [] }] });
    expect(res.json().doctors[0]).toMatchObject({ removed: 2 });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, visit));
    expect(row.status).toBe('active');
    expect(await t.freeTimes(spot, '2026-11-23')).toEqual([]);
  });

  it('refuses what does not fit with a 400 naming the problem, and changes nothing', async () => {
    const spot = await t.doctor();
    const stranger = await t.closedDoctor();
    const key = await keyOf(spot.lpu_id);
    const slot = { starts_at: monday('10:00'), duration_minutes: 30 };
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/mis/v1/slots/',
      payload: '{"from": ',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json().detail).toBe('string');
    const cases: [unknown, string][] = [
      [[1, 2], ''],
      [{ ...week, doctors: [] }, 'Укажите хотя бы одного врача'],
      [
        { from: '2026-11-29', to: '2026-11-23', doctors: [{ doctor_id: spot.doctor_id, slots: [] }] },
        'Дата окончания раньше даты начала',
      ],
      [
        { from: '2026-11-23', to: '2027-02-23', doctors: [{ doctor_id: spot.doctor_id, slots: [] }] },
        'Не больше 62 дней за один запрос',
      ],
      [
        { from: '2025-11-23', to: '2025-11-24', doctors: [{ doctor_id: spot.doctor_id, slots: [] }] },
        'Даты вне допустимого окна',
      ],
      [
        { ...week, doctors: [{ doctor_id: stranger.doctor_id, slots: [slot] }] },
        `Врач ${stranger.doctor_id} не работает в клинике`,
      ],
      [
        { ...week, doctors: [{ doctor_id: spot.doctor_id, doctor_mis_id: 'x', slots: [slot] }] },
        'Укажите врача',
      ],
      [
        { ...week, doctors: [{ doctor_mis_id: 'nobody', slots: [slot] }] },
        'Врач mis_id nobody не работает в клинике',
      ],
      [
        {
          ...week,
          doctors: [{ doctor_id: spot.doctor_id, slots: [slot, { ...slot, starts_at: monday('10:15') }] }],
        },
        'пересекаются',
      ],
      [
        {
          ...week,
          doctors: [
            { doctor_id: spot.doctor_id, slots: [{ ...slot, starts_at: '2026-12-01T10:00:00+07:00' }] },
          ],
        },
        'вне дней from…to',
      ],
      [
        {
          ...week,
          doctors: [{ doctor_id: spot.doctor_id, slots: [{ ...slot, starts_at: '2026-11-23 10:00' }] }],
        },
        'starts_at',
      ],
      [
        { ...week, doctors: [{ doctor_id: spot.doctor_id, slots: [{ ...slot, duration_minutes: 0 }] }] },
        'duration_minutes',
      ],
      [
        { ...week, doctors: [{ doctor_id: spot.doctor_id, slots: [{ ...slot, visit_type: 'home' }] }] },
        'не ведёт приём вида home',
      ],
      [
        {
          ...week,
          doctors: [
            { doctor_id: spot.doctor_id, slots: [slot] },
            { doctor_id: spot.doctor_id, slots: [] },
          ],
        },
        'дважды',
      ],
    ];
    for (const [body, text] of cases) {
      const res = await push(key, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toContain(text);
    }
    const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
    expect(await t.db.select().from(explicitSlots).where(eq(explicitSlots.workplaceId, place.id))).toEqual(
      [],
    );
    expect(await t.freeTimes(spot, '2026-11-23')).toContain('09:00');
  });

  it('takes a home visit for a doctor who makes them', async () => {
    const spot = await t.doctor();
    const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
    await t.db.insert(workplacePrices).values({ workplaceId: place.id, visitType: 'home', price: 5000 });
    const key = await keyOf(spot.lpu_id);
    const res = await push(key, {
      ...week,
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [{ starts_at: monday('18:00'), duration_minutes: 60, visit_type: 'home' }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select()
      .from(explicitSlots)
      .where(and(eq(explicitSlots.workplaceId, place.id), eq(explicitSlots.visitType, 'home')));
    expect(rows).toHaveLength(1);
  });
});
