import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../testing/fake-yookassa';
import type { PaymentsProvider } from './payments-provider';
import { createYooKassaProvider } from './yookassa';
import {
  ipAllowList,
  YOOKASSA_NOTIFICATION_IPS,
  yooKassaNotificationPaymentId,
} from './yookassa-notifications';

const SHOP = { shopId: '506751', secretKey: 'test_secret-key-for-notifications' };
const PAYMENT_ID = '2f8b0c1e-000f-5000-8000-1a2b3c4d5e6f';

describe('YooKassa notification parsing', () => {
  const notification = (event: string, object: unknown) => ({ type: 'notification', event, object });

  it.each(['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture'])(
    'takes the payment id from a %s notification',
    (event) => {
      const body = notification(event, { id: PAYMENT_ID, status: 'succeeded' });
      expect(yooKassaNotificationPaymentId(body)).toBe(PAYMENT_ID);
    },
  );

  it('takes the payment id, not the refund id, from a refund.succeeded notification', () => {
    const body = notification('refund.succeeded', {
      id: '216749f7-0016-50be-b000-078d43a63ae4',
      payment_id: PAYMENT_ID,
    });
    expect(yooKassaNotificationPaymentId(body)).toBe(PAYMENT_ID);
  });

  it.each([
    ['null', null],
    ['a string', 'payment.succeeded'],
    ['another type', { type: 'event', event: 'payment.succeeded', object: { id: PAYMENT_ID } }],
    ['an unknown event', notification('payout.succeeded', { id: PAYMENT_ID })],
    ['no object', { type: 'notification', event: 'payment.succeeded' }],
    ['an object without id', notification('payment.succeeded', { status: 'succeeded' })],
    ['a numeric id', notification('payment.succeeded', { id: 42 })],
    ['an id that is a path', notification('payment.succeeded', { id: '../refunds' })],
    ['a refund without payment_id', notification('refund.succeeded', { id: PAYMENT_ID })],
  ])('answers null for %s', (_, body) => {
    expect(yooKassaNotificationPaymentId(body)).toBeNull();
  });
});

describe('YooKassa notification allow-list', () => {
  const accepts = ipAllowList(YOOKASSA_NOTIFICATION_IPS);

  it('accepts listed addresses, single ones and inside ranges, IPv4 and IPv6', () => {
    for (const ip of ['185.71.76.1', '77.75.156.11', '77.75.156.35', '77.75.154.200', '2a02:5180:0:1::25']) {
      expect(accepts(ip), ip).toBe(true);
    }
  });

  it('accepts an IPv4-mapped IPv6 address as its IPv4 one', () => {
    expect(accepts('::ffff:185.71.77.10')).toBe(true);
    expect(accepts('::ffff:8.8.8.8')).toBe(false);
  });

  it('draws the CIDR edges exactly', () => {
    // 185.71.76.0/27 is .0–.31; 77.75.153.0/25 is .0–.127.
    expect(accepts('185.71.76.31')).toBe(true);
    expect(accepts('185.71.76.32')).toBe(false);
    expect(accepts('77.75.153.127')).toBe(true);
    expect(accepts('77.75.153.128')).toBe(false);
    expect(accepts('77.75.156.12')).toBe(false);
  });

  it('refuses foreign addresses and anything that is not an address', () => {
    for (const ip of [
      '8.8.8.8',
      '127.0.0.1',
      '::1',
      '2a02:5181::1',
      '',
      'yookassa.ru',
      '185.71.76',
      '0xb9.71.76.1',
    ]) {
      expect(accepts(ip), ip).toBe(false);
    }
  });

  it('stops at boot on an entry that is neither an address nor a range', () => {
    expect(() => ipAllowList(['185.71.76.0/27', '185.71.76.0/33'])).toThrow('185.71.76.0/33');
    expect(() => ipAllowList(['yookassa.ru'])).toThrow('yookassa.ru');
  });

  it('is the configured list on the provider', () => {
    const payments = createYooKassaProvider({ ...SHOP, notificationIps: ['10.0.0.0/8'] });
    expect(payments.acceptsNotificationFrom('10.1.2.3')).toBe(true);
    expect(payments.acceptsNotificationFrom('185.71.76.1')).toBe(false);
    expect(createYooKassaProvider(SHOP).acceptsNotificationFrom('185.71.76.1')).toBe(true);
  });
});

/**
 * The trust rule played end to end against the fake: a notification from an allowed address
 * is only a hint to read the payment again; its own status is never believed.
 */
describe('YooKassa notifications against the fake', () => {
  let fake: FakeYooKassa | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await fake?.close();
    app = fake = undefined;
  });

  async function setUp(notificationIps?: string[]) {
    fake = await startFakeYooKassa(SHOP);
    const payments = createYooKassaProvider({ ...SHOP, apiUrl: fake.apiUrl, notificationIps });
    const statuses: string[] = [];
    app = hookApp(payments, statuses);
    const created = await payments.createPayment({
      idempotenceKey: 'k1',
      amount: 50_000,
      description: 'Карта клуба',
      returnUrl: 'https://prodoctorov.example/club',
      receipt: null,
      metadata: {},
    });
    return { fake, app, payments, statuses, id: created.id };
  }

  it('re-reads the payment instead of believing a status from the body', async () => {
    const { fake, app, statuses, id } = await setUp();
    fake.pay(id);
    // Out of order (or forged): "canceled" arrives for a payment that has succeeded.
    const body = fake.notificationBody('payment.canceled', id);
    const reply = await app.inject({
      method: 'POST',
      url: '/hook',
      payload: body,
      remoteAddress: '185.71.76.10',
    });
    expect(reply.statusCode).toBe(200);
    expect(statuses).toEqual(['succeeded']);
  });

  it('refuses a notification from an address off the list without reading anything', async () => {
    const { fake, app, statuses, id } = await setUp();
    const readsBefore = fake.requests.length;
    const body = fake.notificationBody('payment.succeeded', id);
    const reply = await app.inject({
      method: 'POST',
      url: '/hook',
      payload: body,
      remoteAddress: '203.0.113.5',
    });
    expect(reply.statusCode).toBe(403);
    expect(statuses).toEqual([]);
    expect(fake.requests).toHaveLength(readsBefore);
  });

  it('names the payment in a refund notification', async () => {
    const { fake, app, payments, statuses, id } = await setUp();
    fake.pay(id);
    const refund = await payments.createRefund({
      idempotenceKey: 'r1',
      paymentId: id,
      amount: 50_000,
      description: 'Возврат',
    });
    const body = fake.notificationBody('refund.succeeded', refund.id);
    const reply = await app.inject({
      method: 'POST',
      url: '/hook',
      payload: body,
      remoteAddress: '::ffff:77.75.156.11',
    });
    expect(reply.statusCode).toBe(200);
    expect(statuses).toEqual(['succeeded']);
  });

  it('delivers duplicates, late and out-of-order notifications over HTTP', async () => {
    const { fake, app, statuses, id } = await setUp(['127.0.0.1']);
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/hook`;
    expect(await fake.notify(url, 'payment.waiting_for_capture', id, { copies: 3 })).toEqual([200, 200, 200]);
    expect(statuses).toEqual(['pending', 'pending', 'pending']);
    fake.cancel(id, 'expired_on_confirmation');
    const started = Date.now();
    await fake.notify(url, 'payment.succeeded', id, { delayMs: 100 });
    // Timers may fire a millisecond early by the wall clock.
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(statuses.at(-1)).toBe('canceled');
  });
});

/** A notification endpoint reduced to the rule: allowed address, a known body, then re-read. */
function hookApp(payments: PaymentsProvider, statuses: string[]): FastifyInstance {
  const app = Fastify();
  app.post('/hook', async (request, reply) => {
    if (!payments.acceptsNotificationFrom(request.ip)) return reply.code(403).send();
    const id = payments.notificationPaymentId(request.body);
    if (id === null) return reply.code(400).send();
    statuses.push((await payments.getPayment(id)).status);
    return reply.code(200).send();
  });
  return app;
}
