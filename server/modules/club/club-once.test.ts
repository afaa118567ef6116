import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { clubCardRequests, clubCards, clubPayments, clubRefunds, devPayments } from '../../db/schema/club';
import { loggerOptions } from '../../http/logger';
import { createDevPaymentsProvider, type DevPaymentsProvider } from '../../providers/payments/dev-payments';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { CLUB_NOTIFICATION_PATH } from './routes';

/**
 * Money once (docs/decisions/015-club-payment-exactly-once.md): one open card request per
 * patient, held by the database, so parallel clicks land on one checkout; a success that cannot
 * buy a card (the patient holds one already) or that is for another sum goes back to the card
 * through the provider's refund, with a row staff can read.
 */

const ORIGIN = 'http://localhost:3000';
const DAY = 86_400_000;
let database: Database;
let app: FastifyInstance;
let provider: DevPaymentsProvider;
let now = Date.parse('2026-11-25T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };
/** The app's log lines: a refund is logged for staff when decided and when made. */
const lines: { level: number; msg: string; clubRefund?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  provider = createDevPaymentsProvider({ db: database.db, publicUrl: ORIGIN });
  app = await buildApp({
    db: database.db,
    clock,
    publicUrl: ORIGIN,
    club: { payments: provider },
    logger: loggerOptions({ level: 'info', stream: { write: (line) => lines.push(JSON.parse(line)) } }),
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const goodBody = { return_url: `${ORIGIN}/moskva/vrach/1/`, receipt_email: 'p@example.ru' };
const requestCard = (s: TestSession) => s.inject({ url: '/club/ajax/card/request/', payload: goodBody });
const status = (s: TestSession, id: number) =>
  s.inject({ method: 'GET', url: `/club/ajax/card/request/${id}/status/` });
const notify = (id: string) =>
  app.inject({
    method: 'POST',
    url: CLUB_NOTIFICATION_PATH,
    remoteAddress: '127.0.0.1',
    payload: { event: 'payment.succeeded', object: { id } },
  });
const paymentIdOf = (url: string) => url.split('/dev/pay/')[1];

async function formerMember(): Promise<TestSession> {
  const s = await signedInAs(app, database.db, { role: 'patient' });
  expect((await s.inject({ url: '/club/ajax/card/' })).statusCode).toBe(201);
  await database.db
    .update(clubCards)
    .set({ dtStart: new Date(now - 200 * DAY), dtEnd: new Date(now - DAY) })
    .where(eq(clubCards.userId, s.userId));
  return s;
}

const countOf = async (
  table: typeof clubCards | typeof clubPayments | typeof clubCardRequests,
  userId: number,
) => (await database.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0].n;
const refundsOf = (userId: number) =>
  database.db.select().from(clubRefunds).where(eq(clubRefunds.userId, userId));
const devPayment = async (id: string) =>
  (await database.db.select().from(devPayments).where(eq(devPayments.id, id)))[0];

describe('one open card request per patient', () => {
  it('20 parallel requests by one patient make one request and one payment, all on the same checkout', async () => {
    const s = await formerMember();
    const replies = await Promise.all(Array.from({ length: 20 }, () => requestCard(s)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const bodies = replies.map((r) => r.json() as { id: number; provider_payment_data: { url: string } });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.provider_payment_data.url)).size).toBe(1);
    expect(await countOf(clubCardRequests, s.userId)).toBe(1);
    expect(await countOf(clubPayments, s.userId)).toBe(1);
    const keys = await database.db
      .select({ key: clubPayments.idempotenceKey })
      .from(clubPayments)
      .where(eq(clubPayments.userId, s.userId));
    const atProvider = await database.db
      .select({ n: count() })
      .from(devPayments)
      .where(
        inArray(
          devPayments.idempotenceKey,
          keys.map((k) => k.key),
        ),
      );
    expect(atProvider[0].n).toBe(1);
  }, 60_000);

  it('a double click by each of 10 patients opens one payment each, both clicks on one checkout', async () => {
    const patients = await Promise.all(Array.from({ length: 10 }, () => formerMember()));
    const pairs = await Promise.all(patients.map((s) => Promise.all([requestCard(s), requestCard(s)])));
    for (const [a, b] of pairs) {
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json()).toEqual(a.json());
    }
    for (const s of patients) expect(await countOf(clubPayments, s.userId)).toBe(1);
  }, 60_000);

  it('the database refuses a second open request for a patient', async () => {
    const s = await formerMember();
    const row = {
      userId: s.userId,
      price: 99_00,
      email: 'p@example.ru',
      returnUrl: ORIGIN,
      expiresAt: new Date(now + 20 * 60_000),
    };
    await database.db.insert(clubCardRequests).values(row);
    await expect(database.db.insert(clubCardRequests).values(row)).rejects.toThrow();
    // A closed one beside it is fine.
    await database.db.insert(clubCardRequests).values({ ...row, status: 'expired' });
  });

  it('after the open request expired, a new click opens a new one', async () => {
    const s = await formerMember();
    const first = (await requestCard(s)).json();
    now += 21 * 60_000;
    try {
      const second = await requestCard(s);
      expect(second.statusCode).toBe(201);
      expect(second.json().id).not.toBe(first.id);
      expect((await status(s, first.id)).json().status).toBe('expired');
    } finally {
      now -= 21 * 60_000;
    }
  });
});

describe('money that cannot buy a card goes back', () => {
  it('paying an expired request after a newer one was paid refunds it, logged for staff, one card', async () => {
    const s = await formerMember();
    const old = (await requestCard(s)).json();
    now += 21 * 60_000;
    try {
      expect((await status(s, old.id)).json().status).toBe('expired');
      const fresh = (await requestCard(s)).json();
      expect(fresh.id).not.toBe(old.id);
      const freshPayment = paymentIdOf(fresh.provider_payment_data.url);
      await provider.decide(freshPayment, 'succeeded');
      expect((await notify(freshPayment)).statusCode).toBe(200);
      expect((await status(s, fresh.id)).json().status).toBe('paid');

      // The old checkout was still open in another tab: the patient pays it too.
      const oldPayment = paymentIdOf(old.provider_payment_data.url);
      expect(await provider.decide(oldPayment, 'succeeded')).toBe(true);
      expect((await notify(oldPayment)).statusCode).toBe(200);
      expect((await notify(oldPayment)).statusCode).toBe(200);
      await app.jobs.runDue(clock.now());
      await app.jobs.runDue(clock.now());

      expect(await countOf(clubCards, s.userId)).toBe(2); // the free one, ended, and one paid
      expect((await status(s, old.id)).json()).toMatchObject({ status: 'expired', mt_link: null });
      expect((await devPayment(oldPayment)).refunds).toEqual([expect.objectContaining({ amount: 99_00 })]);
      expect((await devPayment(freshPayment)).refunds).toEqual([]);
      const refunds = await refundsOf(s.userId);
      expect(refunds).toEqual([
        expect.objectContaining({ reason: 'duplicate', amount: 99_00, status: 'succeeded' }),
      ]);
      expect(refunds[0].providerRefundId).toEqual(expect.any(String));
      const logged = lines.filter((l) => l.clubRefund?.paymentId === refunds[0].paymentId);
      expect(logged).toEqual([
        expect.objectContaining({ level: 40, msg: expect.stringContaining('99.00 ₽ goes back (duplicate') }),
        expect.objectContaining({ level: 30, msg: expect.stringContaining('99.00 ₽ refunded') }),
      ]);
      const [paid] = await database.db
        .select()
        .from(clubPayments)
        .where(and(eq(clubPayments.userId, s.userId), eq(clubPayments.providerPaymentId, oldPayment)));
      expect(paid).toMatchObject({ status: 'succeeded', refundedAmount: 99_00 });
    } finally {
      now -= 21 * 60_000;
    }
  });

  it('a late success with no card since still buys the card (the money was taken)', async () => {
    const s = await formerMember();
    const old = (await requestCard(s)).json();
    now += 21 * 60_000;
    try {
      expect((await status(s, old.id)).json().status).toBe('expired');
      const oldPayment = paymentIdOf(old.provider_payment_data.url);
      await provider.decide(oldPayment, 'succeeded');
      expect((await notify(oldPayment)).statusCode).toBe(200);
      expect((await status(s, old.id)).json().status).toBe('paid');
      expect(await refundsOf(s.userId)).toEqual([]);
    } finally {
      now -= 21 * 60_000;
    }
  });

  it('a payment reported for another sum makes no card and is refunded in full, logged for staff', async () => {
    const s = await formerMember();
    const { id, provider_payment_data } = (await requestCard(s)).json();
    const paymentId = paymentIdOf(provider_payment_data.url);
    // The provider took 1 ₽ instead of 99 ₽.
    await database.db.update(devPayments).set({ amount: 100 }).where(eq(devPayments.id, paymentId));
    await provider.decide(paymentId, 'succeeded');
    expect((await notify(paymentId)).statusCode).toBe(200);
    await app.jobs.runDue(clock.now());
    expect((await status(s, id)).json()).toMatchObject({ status: 'payment_failed', mt_link: null });
    expect(await countOf(clubCards, s.userId)).toBe(1);
    expect((await devPayment(paymentId)).refunds).toEqual([expect.objectContaining({ amount: 100 })]);
    expect(await refundsOf(s.userId)).toEqual([
      expect.objectContaining({ reason: 'wrong_amount', amount: 100, status: 'succeeded' }),
    ]);
  });
});
