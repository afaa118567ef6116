import { describe, expect, it } from 'vitest';
import { bookingFixture } from '../booking/booking-fixture';
import { misHelpers, monday, week } from './mis-fixture';

/**
 * Honest replies (docs/product/mis-api.md): what a push will not offer and why, times in the
 * clinic's zone, an OpenAPI description with an example and a meaning for everything — and a
 * client written from the doc alone.
 */
const t = bookingFixture();
const { keyOf, push } = misHelpers(t);

describe('a push says what it will not offer', () => {
  it('names slots already begun and slots past the booking horizon, on the clinic clock', async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    // Now is Sunday 22 November, 12:00 in Novosibirsk; the clinic's horizon is 14 days (to 5 December).
    const res = await push(key, {
      from: '2026-11-22',
      to: '2026-12-07',
      doctors: [
        {
          doctor_id: spot.doctor_id,
          slots: [
            { starts_at: '2026-11-22T11:00:00+07:00', duration_minutes: 30 },
            { starts_at: monday('10:00'), duration_minutes: 30 },
            { starts_at: '2026-12-05T17:00:00+07:00', duration_minutes: 30 },
            { starts_at: '2026-12-07T10:00:00+07:00', duration_minutes: 30 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      offered_until: '2026-12-05',
      doctors: [
        {
          added: 4,
          not_offered: [
            { starts_at: '2026-11-22T11:00+07:00', reason: 'past' },
            { starts_at: '2026-12-07T10:00+07:00', reason: 'beyond_horizon' },
          ],
          not_offered_count: 2,
        },
      ],
    });
  });

  it("quotes a refused slot's time in the clinic's zone, not UTC", async () => {
    const spot = await t.doctor();
    const key = await keyOf(spot.lpu_id);
    const slot = { starts_at: monday('10:00'), duration_minutes: 30 };
    const res = await push(key, {
      ...week,
      doctors: [{ doctor_id: spot.doctor_id, slots: [slot, { ...slot, starts_at: monday('10:15') }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(`Слоты врача ${spot.doctor_id} пересекаются: 2026-11-23T10:15+07:00`);
  });
});

type Json = Record<string, unknown>;

describe('the OpenAPI description', () => {
  it('has an example for every call, a description for every field and every refusal listed', async () => {
    const res = await t.app.inject({ url: '/api/mis/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Json>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.map((o) => o.at).sort()).toEqual([
      'GET /api/mis/v1/appointments/',
      'GET /api/mis/v1/doctors/',
      'POST /api/mis/v1/appointments/',
      'POST /api/mis/v1/appointments/{id}/cancel/',
      'POST /api/mis/v1/appointments/{id}/mark/',
      'POST /api/mis/v1/appointments/{id}/move/',
      'PUT /api/mis/v1/doctors/{id}/',
      'PUT /api/mis/v1/slots/',
    ]);
    const undescribed: string[] = [];
    let fields = 0;
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${where}[${i}]`);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const props = (node as Json).properties as Record<string, Json> | undefined;
      for (const [name, p] of Object.entries(props ?? {})) {
        fields++;
        if (typeof p.description !== 'string' || p.description === '') undescribed.push(`${where}.${name}`);
      }
      for (const [k, v] of Object.entries(node as Json)) if (k !== 'example') walk(v, `${where}.${k}`);
    };
    for (const { at, op } of operations) {
      const responses = op.responses as Record<string, { content: { 'application/json': Json } }>;
      const ok = responses['200'] ?? responses['201'];
      expect(ok.content['application/json'].example, at).toBeDefined();
      const body = (op.requestBody as { content: { 'application/json': Json } } | undefined)?.content[
        'application/json'
      ];
      if (body) expect(body.example, at).toBeDefined();
      for (const p of (op.parameters as Json[] | undefined) ?? []) expect(p.description, at).toBeTruthy();
      for (const code of ['401', '429']) expect(responses[code], `${at} ${code}`).toBeDefined();
      if (op['x-scope']) expect(responses['403'], at).toBeDefined();
      if (at.includes('{id}')) expect(responses['404'], at).toBeDefined();
      if (body) expect(responses['400'], at).toBeDefined();
      walk(op, at);
    }
    expect(undescribed).toEqual([]);
    expect(fields).toBeGreaterThan(100);
  });
});

describe('a client written from docs/product/mis-api.md alone', () => {
  // Only what the doc says: the base path, the bearer header, the bodies and the replies' fields.
  const BASE = '/api/mis/v1';
  function client(key: string) {
    const send = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => {
      const res = await t.app.inject({
        method,
        url: `${BASE}${path}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.json() };
    };
    return {
      doctors: () => send('GET', '/doctors/'),
      link: (id: number, misId: string) => send('PUT', `/doctors/${id}/`, { mis_id: misId }),
      push: (body: unknown) => send('PUT', '/slots/', body),
      changes: (since?: string) =>
        send('GET', `/appointments/${since ? `?since=${encodeURIComponent(since)}` : ''}`),
      book: (body: unknown) => send('POST', '/appointments/', body),
      cancel: (id: number, reason: string, idem: string) =>
        send('POST', `/appointments/${id}/cancel/`, { reason, idempotency_key: idem }),
      move: (id: number, startsAt: string, idem: string) =>
        send('POST', `/appointments/${id}/move/`, { starts_at: startsAt, idempotency_key: idem }),
      mark: (id: number, status: 'arrived' | 'no_show', idem: string) =>
        send('POST', `/appointments/${id}/mark/`, { status, idempotency_key: idem }),
    };
  }

  it('links a doctor, pushes his week, books, moves and cancels a visit and reads them in the feed', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const mis = client(await keyOf(spot.lpu_id));

    const listed = await mis.doctors();
    expect(listed.status).toBe(200);
    const tz = listed.body.clinic.tz;
    expect(tz).toBe('Asia/Novosibirsk');
    const doctor = listed.body.doctors.find((d: { doctor_id: number }) => d.doctor_id === spot.doctor_id);
    expect((await mis.link(doctor.doctor_id, 'doc-777')).status).toBe(200);

    const pushed = await mis.push({
      from: '2026-11-23',
      to: '2026-11-23',
      doctors: [
        {
          doctor_mis_id: 'doc-777',
          slots: ['10:00', '10:30', '11:00'].map((time, i) => ({
            mis_id: `s-${i}`,
            starts_at: `2026-11-23T${time}:00+07:00`,
            duration_minutes: 30,
          })),
        },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.doctors[0]).toMatchObject({ added: 3, not_offered: [], not_offered_count: 0 });

    const booked = await mis.book({
      doctor_id: doctor.doctor_id,
      starts_at: '2026-11-23T10:00:00+07:00',
      patient: { phone: '79135550101', last_name: 'Орлова', first_name: 'Вера', birth_date: '1975-09-09' },
      idempotency_key: 'doc-book-1',
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'booked', slot_mis_id: 's-0' });
    const moved = await mis.move(booked.body.id, '2026-11-23T11:00:00+07:00', 'doc-move-1');
    expect(moved.body).toMatchObject({ status: 'booked', slot_mis_id: 's-2' });
    const canceled = await mis.cancel(booked.body.id, 'Пациент перезвонил', 'doc-cancel-1');
    expect(canceled.body).toMatchObject({ status: 'canceled', canceled_by: 'clinic' });
    const again = await mis.cancel(booked.body.id, 'Пациент перезвонил', 'doc-cancel-1');
    expect(again).toEqual(canceled);
    const early = await mis.mark(booked.body.id, 'no_show', 'doc-mark-1');
    expect(early.status).toBe(409);
    expect(typeof early.body.detail).toBe('string');

    let since: string | undefined;
    const seen: { id: number; status: string }[] = [];
    for (;;) {
      const page = await mis.changes(since);
      expect(page.status).toBe(200);
      seen.push(...page.body.appointments);
      since = page.body.next_cursor;
      if (!page.body.has_more) break;
    }
    expect(seen.filter((a) => a.id === booked.body.id).at(-1)).toMatchObject({ status: 'canceled' });
  });
});
