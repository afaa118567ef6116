import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { clubCardRequests, clubCards, clubPayments, clubRefunds } from '../../db/schema/club';
import { createPaymentsProvider } from '../../providers/payments';
import { type FakeYooKassa, startFakeYooKassa } from '../../providers/testing/fake-yookassa';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { CLUB_NOTIFICATION_PATH } from './routes';

/**
 * The club with the real YooKassa adapter, chosen by the settings as in production, against the
 * local fake YooKassa: the checkout URL is YooKassa's, a notification counts only from YooKassa's
 * addresses and only as a cue to read the payment back, and replays change nothing.
 */

const ORIGIN = 'http://localhost:3000';
const SHOP = { shopId: '506751', secretKey: 'test_secret_key' };
const YOOKASSA_ADDRESS = '185.71.76.5';
const DAY = 86_400_000;
let database: Database;
let app: FastifyInstance;
let yookassa: FakeYooKassa;
let now = Date.parse('2026-11-25T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };

beforeAll(async () => {
  database = await openTestDatabase();
  yookassa = await startFakeYooKassa(SHOP);
  const payments = createPaymentsProvider(
    {
      APP_ENV: 'production',
      PAYMENTS_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: SHOP.shopId,
      YOOKASSA_SECRET_KEY: SHOP.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
    },
    { db: database.db, publicUrl: ORIGIN },
  );
  app = await buildApp({ db: database.db, clock, publicUrl: ORIGIN, club: { payments } });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await yookassa?.close();
  await database?.close();
});

/** A patient whose free card has ended, so the next card is paid. */
async function formerMember(): Promise<TestSession> {
  const s = await signedInAs(app, database.db, { role: 'patient' });
  expect((await s.inject({ url: '/club/ajax/card/' })).statusCode).toBe(201);
  await database.db
    .update(clubCards)
    .set({ dtStart: new Date(now - 200 * DAY), dtEnd: new Date(now - DAY) })
    .where(eq(clubCards.userId, s.userId));
  return s;
}

async function startPayment(s: TestSession) {
  const created = await s.inject({
    url: '/club/ajax/card/request/',
    payload: { return_url: `${ORIGIN}/moskva/vrach/`, receipt_email: 'patient@example.ru' },
  });
  expect(created.statusCode).toBe(201);
  const { id, provider_payment_data } = created.json() as {
    id: number;
    provider_payment_data: { url: string };
  };
  const [payment] = [...yookassa.payments.values()].filter(
    (p) => p.metadata?.kind === 'club_card_request' && p.metadata.request_id === String(id),
  );
  return { id, checkoutUrl: provider_payment_data.url, paymentId: payment?.id ?? '' };
}

const notify = (paymentId: string, remoteAddress: string, event: 'payment.succeeded' | 'payment.canceled') =>
  app.inject({
    method: 'POST',
    url: CLUB_NOTIFICATION_PATH,
    remoteAddress,
    payload: yookassa.notificationBody(event, paymentId),
  });

const cardsOf = async (userId: number) =>
  (await database.db.select({ n: count() }).from(clubCards).where(eq(clubCards.userId, userId)))[0].n;

describe('the club on YooKassa', () => {
  it('sends the patient to YooKassa with a receipt, and issues one card for a payment notified three times', async () => {
    const s = await formerMember();
    const { id, checkoutUrl, paymentId } = await startPayment(s);
    expect(paymentId).not.toBe('');
    expect(checkoutUrl).toContain(paymentId);
    const sent = yookassa.requests.find((r) => r.method === 'POST' && r.path.endsWith('/payments'));
    expect(sent?.body).toMatchObject({
      capture: true,
      confirmation: { type: 'redirect' },
      receipt: { customer: { email: 'patient@example.ru' } },
    });

    // Told before the patient paid: read back as pending, nothing changes.
    expect((await notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
    expect(await cardsOf(s.userId)).toBe(1);

    yookassa.pay(paymentId);
    const replies = await Promise.all([
      notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded'),
      notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded'),
      notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded'),
      s.inject({ method: 'GET', url: `/club/ajax/card/request/${id}/status/` }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await cardsOf(s.userId)).toBe(2);
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('paid');
    const payments = await database.db
      .select()
      .from(clubPayments)
      .where(eq(clubPayments.providerPaymentId, paymentId));
    expect(payments).toHaveLength(1);
    expect(payments[0].provider).toBe('yookassa');
  });

  it('ignores a notification from an address YooKassa does not send from, even for a paid payment', async () => {
    const s = await formerMember();
    const { id, paymentId } = await startPayment(s);
    yookassa.pay(paymentId);
    const reads = yookassa.requests.length;
    const forged = await notify(paymentId, '203.0.113.7', 'payment.succeeded');
    expect(forged.statusCode).toBe(403);
    expect(yookassa.requests.length).toBe(reads);
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('in_process');
    expect(await cardsOf(s.userId)).toBe(1);
  });

  it('believes what YooKassa says, not the notification: a canceled payment gives no card', async () => {
    const s = await formerMember();
    const { id, paymentId } = await startPayment(s);
    yookassa.cancel(paymentId, 'insufficient_funds');
    // The notification lies: the payment read back is canceled.
    expect((await notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
    const status = await s.inject({ method: 'GET', url: `/club/ajax/card/request/${id}/status/` });
    expect(status.json()).toMatchObject({ id, status: 'payment_failed', dt_end: null });
    expect(await cardsOf(s.userId)).toBe(1);
  });
});

describe('money back through YooKassa', () => {
  const refundCalls = () =>
    yookassa.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refunds'));

  it('a second success (an expired request paid after a newer one) is refunded with POST /refunds and an Idempotence-Key', async () => {
    const s = await formerMember();
    const old = await startPayment(s);
    now += 21 * 60_000;
    try {
      const status = await s.inject({ method: 'GET', url: `/club/ajax/card/request/${old.id}/status/` });
      expect(status.json().status).toBe('expired');
      const fresh = await startPayment(s);
      expect(fresh.id).not.toBe(old.id);
      yookassa.pay(fresh.paymentId);
      expect((await notify(fresh.paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
      const before = refundCalls().length;
      yookassa.pay(old.paymentId);
      expect((await notify(old.paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
      // The first refund's answer is lost (a 500): the job's retry uses the same key.
      yookassa.failNextWith500();
      await app.jobs.runDue(clock.now());
      await app.jobs.runDue(new Date(now + 3_600_000));
      await app.jobs.runDue(new Date(now + 7_200_000));
      expect(await cardsOf(s.userId)).toBe(2);
      const calls = refundCalls().slice(before);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      const keys = new Set(calls.map((c) => c.headers['idempotence-key']));
      expect(keys.size).toBe(1);
      expect(calls.at(-1)?.body).toMatchObject({
        payment_id: old.paymentId,
        amount: { value: '99.00', currency: 'RUB' },
      });
      expect(yookassa.payments.get(old.paymentId)?.refunded_amount).toEqual({
        value: '99.00',
        currency: 'RUB',
      });
      expect(yookassa.payments.get(fresh.paymentId)?.refunded_amount).toBeUndefined();
      const [refund] = await database.db.select().from(clubRefunds).where(eq(clubRefunds.userId, s.userId));
      expect(refund).toMatchObject({ reason: 'duplicate', amount: 99_00, status: 'succeeded' });
      expect(yookassa.refunds.has(refund.providerRefundId ?? '')).toBe(true);
    } finally {
      now -= 21 * 60_000;
    }
  }, 60_000);

  it('a payment YooKassa reports for another sum is refunded for what was taken, and gives no card', async () => {
    const s = await formerMember();
    const { id, paymentId } = await startPayment(s);
    const payment = yookassa.payments.get(paymentId);
    if (!payment) throw new Error('no payment');
    payment.amount = { value: '1.00', currency: 'RUB' };
    yookassa.pay(paymentId);
    expect((await notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
    await app.jobs.runDue(clock.now());
    expect(yookassa.payments.get(paymentId)?.refunded_amount).toEqual({ value: '1.00', currency: 'RUB' });
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('payment_failed');
    expect(await cardsOf(s.userId)).toBe(1);
    const [refund] = await database.db.select().from(clubRefunds).where(eq(clubRefunds.userId, s.userId));
    expect(refund).toMatchObject({ reason: 'wrong_amount', amount: 100, status: 'succeeded' });
  }, 60_000);
});

describe('the notification while YooKassa is down', () => {
  it('answers 503 (YooKassa repeats it) when the re-read gets a 500, then applies the repeat', async () => {
    const s = await formerMember();
    const { id, paymentId } = await startPayment(s);
    yookassa.pay(paymentId);
    yookassa.failNextWith500();
    const down = await notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'service_unavailable' });
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('in_process');
    expect((await notify(paymentId, YOOKASSA_ADDRESS, 'payment.succeeded')).statusCode).toBe(200);
    expect(await cardsOf(s.userId)).toBe(2);
  });

  it('answers 503 when YooKassa cannot be reached at all', async () => {
    const gone = await startFakeYooKassa(SHOP);
    await gone.close();
    const unreachable = createPaymentsProvider(
      {
        APP_ENV: 'production',
        PAYMENTS_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: SHOP.shopId,
        YOOKASSA_SECRET_KEY: SHOP.secretKey,
        YOOKASSA_API_URL: gone.apiUrl,
      },
      { db: database.db, publicUrl: ORIGIN },
    );
    const offline = await buildApp({
      db: database.db,
      clock,
      publicUrl: ORIGIN,
      club: { payments: unreachable },
    });
    try {
      const res = await offline.inject({
        method: 'POST',
        url: CLUB_NOTIFICATION_PATH,
        remoteAddress: YOOKASSA_ADDRESS,
        payload: yookassa.notificationBody('payment.succeeded', [...yookassa.payments.keys()][0]),
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await offline.close();
    }
  }, 60_000);
});
