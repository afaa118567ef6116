/**
 * Webhooks of a clinic's visits (docs/product/mis-api.md, 'Вебхуки'; ADR 040): a receiver on the
 * loopback (a node http server on port 0) registered in the cabinet gets each visit event signed,
 * in order per visit, again after a failure with the same X-Webhook-Id; internal addresses are
 * refused.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress, urlProblem, WEBHOOK_TEXTS } from '../../../core/mis/webhooks';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, HOME_ADDRESS, HOME_ADDRESS_SENT, START } from '../booking/booking-fixture';
import { cabinetHelpers } from '../cabinet/cabinet-fixture';
import { misHelpers } from './mis-fixture';
import { checkHost, postWebhook } from './webhooks';

const t = bookingFixture({ environment: 'development' });
const { clinicAccount } = cabinetHelpers(t);
const { homeDoctor } = misHelpers(t);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; appointment: { id: number; status: string; patient: { name: string } } };
}

/** The receiver: every request kept; a visit in `failing` answers 500 that many times more. */
const received: Received[] = [];
const failing = new Map<number, number>();
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = JSON.parse(body);
      received.push({ path: req.url ?? '', headers: req.headers, body, json });
      const left = failing.get(json.appointment.id) ?? 0;
      if (left > 0) {
        failing.set(json.appointment.id, left - 1);
        res.writeHead(500).end('x'.repeat(5000));
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let admin: TestSession;
let secret = '';

async function registered(): Promise<TestSession> {
  if (admin) return admin;
  const spot = await t.doctor();
  admin = await clinicAccount(spot.lpu_id);
  const res = await admin.inject({ url: '/cabinet/ajax/webhooks/', payload: { url } });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().webhook.events).toBeNull();
  secret = res.json().secret;
  expect(secret).toMatch(/^whsec_/);
  return admin;
}

const of = (id: number, path = '/hook') =>
  received.filter((r) => r.json.appointment.id === id && r.path === path);
const later = (seconds: number) => new Date(START.getTime() + seconds * 1000);

function expectSigned(r: Received) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-webhook-signature']));
  expect(match, String(r.headers['x-webhook-signature'])).not.toBeNull();
  const [, ts, v1] = match as RegExpExecArray;
  expect(Number(ts)).toBe(Math.floor(START.getTime() / 1000));
  expect(v1).toBe(createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex'));
  expect(r.headers['x-webhook-id']).toBe(r.json.id);
}

describe('webhooks', () => {
  it('deliver a web booking, signed, with the visit as the change feed shows it', async () => {
    await registered();
    const spot = await t.doctor();
    const res = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 09:00', last_name: 'Веб' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id;
    await t.app.jobs.runDue();
    const [got, ...more] = of(id);
    expect(more).toEqual([]);
    expect(got.json).toMatchObject({
      event: 'appointment.booked',
      appointment: { id, status: 'booked', doctor_id: spot.doctor_id, starts_at: '2026-11-23T02:00:00.000Z' },
    });
    expect(got.json.appointment.patient.name).toContain('Веб');
    expectSigned(got);
  });

  it('deliver a desk booking', async () => {
    const clinic = await registered();
    const spot = await t.doctor();
    const res = await clinic.inject({
      url: '/cabinet/ajax/appointments/',
      payload: {
        ...spot,
        slot: '23.11.2026 10:00',
        type: 'clinic',
        patient_phone: '9153330001',
        last_name: 'Регистратурная',
        first_name: 'Ольга',
        patronymic: 'Ивановна',
        birth_date: '1985-02-03',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id ?? res.json().appointment?.id ?? res.json().visit?.id;
    expect(id, res.body).toEqual(expect.any(Number));
    await t.app.jobs.runDue();
    const [got, ...more] = of(id);
    expect(more).toEqual([]);
    expect(got.json).toMatchObject({ event: 'appointment.booked', appointment: { id, status: 'booked' } });
    expectSigned(got);
  });

  it('deliver a home visit with where the doctor goes, and its move with the same address', async () => {
    const spot = await homeDoctor();
    // The home-visit clinic's own endpoint: a path of its own on the receiver.
    const clinic = await clinicAccount(spot.lpu_id);
    const hook = await clinic.inject({ url: '/cabinet/ajax/webhooks/', payload: { url: `${url}-home` } });
    expect(hook.statusCode, hook.body).toBe(201);
    const res = await t.book(
      await t.patient(),
      t.form(spot, {
        type: 'home',
        slot: '23.11.2026 09:00',
        home_address: { ...HOME_ADDRESS, district_id: spot.districtId },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id;
    await t.app.jobs.runDue();
    const [got, ...more] = of(id, '/hook-home');
    expect(more).toEqual([]);
    expect(got.json).toMatchObject({
      event: 'appointment.booked',
      appointment: { id, visit_type: 'home', home_address: HOME_ADDRESS_SENT, home_window_minutes: null },
    });

    // The desk moves it an hour later: the address goes along.
    const moved = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 10:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.jobs.runDue(later(1));
    expect(of(id, '/hook-home').map((r) => r.json.event)).toEqual([
      'appointment.booked',
      'appointment.moved',
    ]);
    expect(of(id, '/hook-home')[1].json.appointment).toMatchObject({
      starts_at: '2026-11-23T03:00:00.000Z',
      home_address: HOME_ADDRESS_SENT,
    });
  });

  it('retry after a 500 with the same X-Webhook-Id and body, keep 1 KB of the answer, and send again on «Повторить»', async () => {
    const clinic = await registered();
    const spot = await t.doctor();
    const booked = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 11:00' }));
    const id = booked.json().appointment.id;
    failing.set(id, 1);
    await t.app.jobs.runDue();
    expect(of(id)).toHaveLength(1);
    const log = (await clinic.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/deliveries/' })).json();
    const entry = log.deliveries.find((d: { appointment_id: number }) => d.appointment_id === id);
    expect(entry).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_status: 500,
      event: 'appointment.booked',
    });
    expect(entry.last_response).toHaveLength(1024);

    await t.app.jobs.runDue(later(60));
    const [first, second] = of(id);
    expect(of(id)).toHaveLength(2);
    expect(second.headers['x-webhook-id']).toBe(first.headers['x-webhook-id']);
    expect(second.body).toBe(first.body);
    const after = (await clinic.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/deliveries/' })).json();
    expect(after.deliveries.find((d: { id: number }) => d.id === entry.id)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      last_status: 200,
    });

    const again = await clinic.inject({ url: `/cabinet/ajax/webhooks/deliveries/${entry.id}/redeliver/` });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.jobs.runDue(later(120));
    expect(of(id)).toHaveLength(3);
    expect(of(id)[2].headers['x-webhook-id']).toBe(first.headers['x-webhook-id']);
    expect(of(id)[2].body).toBe(first.body);
  });

  it('deliver a visit’s events in order: a cancel waits while its booking is being retried', async () => {
    const clinic = await registered();
    const spot = await t.doctor();
    const booked = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 09:30' }));
    const id = booked.json().appointment.id;
    failing.set(id, 2);
    await t.app.jobs.runDue();
    const canceled = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/status/`,
      payload: { status: 'canceled', reason: 'Врач заболел' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await t.app.jobs.runDue(later(2));
    // The booking's retry is not due yet: nothing else of the visit went out.
    expect(of(id).map((r) => r.json.event)).toEqual(['appointment.booked']);
    await t.app.jobs.runDue(later(60));
    await t.app.jobs.runDue(later(600));
    expect(of(id).map((r) => r.json.event)).toEqual([
      'appointment.booked',
      'appointment.booked',
      'appointment.booked',
      'appointment.canceled',
    ]);
    expect(of(id)[3].json.appointment.status).toBe('canceled');
  });

  it('give an event up after a day of attempts, and then deliver the visit’s next one', async () => {
    const clinic = await registered();
    const spot = await t.doctor();
    const booked = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 11:00' }));
    const id = booked.json().appointment.id;
    failing.set(id, 1_000);
    await t.app.jobs.runDue();
    const canceled = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/status/`,
      payload: { status: 'canceled', reason: 'Врач заболел' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Retries 5 s, 10 s, … an hour apart: every two hours for three days and a half.
    for (let hour = 2; hour <= 84 && of(id).every((r) => r.json.event === 'appointment.booked'); hour += 2)
      await t.app.jobs.runDue(later(hour * 3600));
    const attempts = of(id).filter((r) => r.json.event === 'appointment.booked');
    expect(attempts).toHaveLength(34);
    expect(of(id).at(-1)?.json.event).toBe('appointment.canceled');
    const log = (await clinic.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/deliveries/' })).json();
    expect(log.deliveries.filter((d: { appointment_id: number }) => d.appointment_id === id)).toMatchObject([
      { event: 'appointment.canceled', state: 'queued', attempts: 1, last_status: 500 },
      { event: 'appointment.booked', state: 'failed', attempts: 34, last_status: 500 },
    ]);
    failing.delete(id);
  });

  it('tell a confirm, a move and a mark at the desk, each to the endpoints that take it', async () => {
    const clinic = await registered();
    const only = await clinic.inject({
      url: '/cabinet/ajax/webhooks/',
      payload: { url: url.replace('/hook', '/moved'), events: ['appointment.moved'] },
    });
    expect(only.statusCode, only.body).toBe(201);
    const spot = await t.doctor();
    const booked = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 10:00' }));
    const id = booked.json().appointment.id;
    const confirmed = await clinic.inject({ url: `/cabinet/ajax/appointments/${id}/confirm/` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const moved = await clinic.inject({
      url: `/cabinet/ajax/appointments/${id}/move/`,
      payload: { slot: '23.11.2026 11:30' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.at(new Date('2026-11-23T05:00:00Z'), async () => {
      const marked = await clinic.inject({
        url: `/cabinet/ajax/appointments/${id}/status/`,
        payload: { status: 'no_show' },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    });
    await t.app.jobs.runDue();
    expect(of(id).map((r) => r.json.event)).toEqual([
      'appointment.booked',
      'appointment.confirmed',
      'appointment.moved',
      'appointment.marked',
    ]);
    // The body is read at the first attempt: the visit as it is then.
    expect(of(id)[3].json.appointment).toMatchObject({
      status: 'no_show',
      starts_at: '2026-11-23T04:30:00.000Z',
    });
    expect(of(id, '/moved').map((r) => r.json.event)).toEqual(['appointment.moved']);
    const removed = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/webhooks/${only.json().id}/`,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('refuse internal addresses and plain http (SSRF)', async () => {
    const clinic = await registered();
    const bad = async (target: string, detail: string) => {
      const res = await clinic.inject({ url: '/cabinet/ajax/webhooks/', payload: { url: target } });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().detail).toBe(detail);
    };
    await bad('http://example.com/hook', WEBHOOK_TEXTS.badUrl);
    await bad('https://10.0.0.7/hook', WEBHOOK_TEXTS.privateAddress);
    await bad('https://169.254.169.254/latest/meta-data/', WEBHOOK_TEXTS.privateAddress);
    await bad('https://[::ffff:192.168.1.1]/hook', WEBHOOK_TEXTS.privateAddress);
    await bad('https://user:pw@example.com/hook', WEBHOOK_TEXTS.credentials);
    const events = await clinic.inject({
      url: '/cabinet/ajax/webhooks/',
      payload: { url: 'https://127.0.0.1/x', events: ['appointment.sold'] },
    });
    expect(events.statusCode).toBe(400);

    // In production the loopback is internal too: on registering, and on every attempt.
    expect(urlProblem('http://127.0.0.1:8080/hook', true)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(await checkHost('localhost', true)).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(await checkHost('127.0.0.1', true)).toBe(WEBHOOK_TEXTS.privateAddress);
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::1',
    ])
      expect(isAllowedAddress(a, true), a).toBe(false);
    expect(isAllowedAddress('93.184.216.34', true)).toBe(true);
    const port = (server.address() as AddressInfo).port;
    const before = received.length;
    const refused = await postWebhook(`https://localhost:${port}/hook`, '{}', {}, true);
    expect(refused).toEqual({ status: null, response: WEBHOOK_TEXTS.privateAddress });
    expect(received.length).toBe(before);
  });

  it('are the administrator’s: the list shows no secret, a deleted one gets nothing more', async () => {
    const clinic = await registered();
    const list = (await clinic.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/' })).json();
    expect(list.webhooks).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(secret);
    const stranger = await t.patient();
    expect((await stranger.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/' })).statusCode).toBe(403);
    const receptionist = await signedInAs(t.app, t.db, {
      role: 'clinic',
      clinicId: (await t.doctor()).lpu_id,
      clinicRole: 'receptionist',
    });
    const refused = await receptionist.inject({ url: '/cabinet/ajax/webhooks/', payload: { url } });
    expect(refused.statusCode).toBe(403);
    expect(
      (await receptionist.inject({ method: 'GET', url: '/cabinet/ajax/webhooks/deliveries/' })).statusCode,
    ).toBe(403);
    const removed = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/webhooks/${list.webhooks[0].id}/`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const spot = await t.doctor();
    const booked = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 09:00' }));
    await t.app.jobs.runDue();
    expect(of(booked.json().appointment.id)).toEqual([]);
  });
});
