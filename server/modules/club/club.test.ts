import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { clubCardRequests, clubCards, clubPayments, clubReceipts } from '../../db/schema/club';
import { createDevPaymentsProvider, type DevPaymentsProvider } from '../../providers/payments/dev-payments';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { CLUB_NOTIFICATION_PATH } from './routes';

const ORIGIN = 'http://localhost:3000';
let database: Database;
let app: FastifyInstance;
let provider: DevPaymentsProvider;
let now = Date.parse('2026-11-25T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const DAY = 86_400_000;

beforeAll(async () => {
  database = await openTestDatabase();
  provider = createDevPaymentsProvider({ db: database.db, publicUrl: ORIGIN });
  app = await buildApp({ db: database.db, clock, publicUrl: ORIGIN, club: { payments: provider } });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const patient = () => signedInAs(app, database.db, { role: 'patient' });
const userData = (s: TestSession) => s.inject({ method: 'GET', url: '/club/ajax/user_data/' });
const join = (s: TestSession) => s.inject({ url: '/club/ajax/card/' });
const requestCard = (s: TestSession, body: unknown) =>
  s.inject({ url: '/club/ajax/card/request/', payload: body as object });
const status = (s: TestSession, id: number | string) =>
  s.inject({ method: 'GET', url: `/club/ajax/card/request/${id}/status/` });
const notify = (id: string, remoteAddress = '127.0.0.1', event = 'payment.succeeded') =>
  app.inject({
    method: 'POST',
    url: CLUB_NOTIFICATION_PATH,
    remoteAddress,
    payload: { event, object: { id } },
  });
const paymentIdOf = (url: string) => url.split('/dev/pay/')[1];
const count_ = async (table: typeof clubCards | typeof clubPayments | typeof clubReceipts, where: unknown) =>
  (
    await database.db
      .select({ n: count() })
      .from(table)
      .where(where as never)
  )[0].n;

/** A patient whose free card has ended: the next card is paid. */
async function formerMember(): Promise<TestSession> {
  const s = await patient();
  expect((await join(s)).statusCode).toBe(201);
  await database.db
    .update(clubCards)
    .set({ dtStart: new Date(now - 200 * DAY), dtEnd: new Date(now - DAY) })
    .where(eq(clubCards.userId, s.userId));
  return s;
}

const goodBody = {
  return_url: `${ORIGIN}/moskva/vrach/1/?slot=2026-11-26T10:00`,
  receipt_email: 'p@example.ru',
};

describe('who may use the club', () => {
  it('an anonymous visitor is not in the club and must sign in to join', async () => {
    const res = await app.inject({ url: '/club/ajax/user_data/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      is_in_club: false,
      club_card: null,
      next_club_card_price: null,
      email: null,
      last_card_end: null,
    });
    const csrf = await csrfToken(app);
    const anonymousJoin = await app.inject({
      method: 'POST',
      url: '/club/ajax/card/',
      cookies: { csrftoken: csrf },
      headers: { 'x-csrftoken': csrf },
    });
    expect(anonymousJoin.statusCode).toBe(401);
  });

  it.each(['doctor', 'staff', 'clinic'] as const)('a %s account is refused with the hint', async (role) => {
    const s = await signedInAs(app, database.db, { role });
    for (const res of [await userData(s), await join(s), await requestCard(s, goodBody)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        detail: 'Недоступно для рабочих аккаунтов',
        hint: 'Чтобы пользоваться клубом, войдите как пациент',
      });
    }
  });
});

describe('the free first card', () => {
  it('two joins at once make one card for 6 months; the next card then costs 99 ₽', async () => {
    const s = await patient();
    expect((await userData(s)).json()).toMatchObject({ is_in_club: false, next_club_card_price: null });
    const [a, b] = await Promise.all([join(s), join(s)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().dt_end).toBe('2027-05-25T09:00:00.000Z');
    expect(await count_(clubCards, eq(clubCards.userId, s.userId))).toBe(1);
    const data = (await userData(s)).json();
    expect(data).toMatchObject({
      is_in_club: true,
      club_card: a.json(),
      next_club_card_price: 99,
      last_card_end: null,
    });
    const page = await app.inject({ url: new URL(a.json().mt_link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Действует до 25 мая 2027');
  });

  it('once it has ended: not in the club, told when it ended, and joining again is refused (the next card is paid)', async () => {
    const s = await formerMember();
    expect((await userData(s)).json()).toMatchObject({
      is_in_club: false,
      club_card: null,
      next_club_card_price: 99,
      last_card_end: new Date(now - DAY).toISOString(),
    });
    const again = await join(s);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'paid_card_next', next_club_card_price: 99 });
  });

  it('an unknown card link is a 404', async () => {
    expect((await app.inject({ url: '/club/card/unknown-token-123/' })).statusCode).toBe(404);
  });
});

describe('paying for a card', () => {
  it('refuses a return URL off our site, a bad e-mail and garbage bodies with 4xx', async () => {
    const s = await formerMember();
    const foreign = await requestCard(s, { ...goodBody, return_url: 'https://evil.example/' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe('Адрес возврата должен вести на наш сайт');
    const email = await requestCard(s, { ...goodBody, receipt_email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().detail).toBe('Введите корректный адрес электронной почты.');
    for (const body of [{}, { return_url: 5 }, [], 'x']) {
      const res = await requestCard(s, body);
      // A bare string is not JSON at all: 415; the rest 400.
      expect(res.statusCode).toBe(body === 'x' ? 415 : 400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await status(s, 'abc')).statusCode).toBe(404);
    expect((await status(s, 999_999)).statusCode).toBe(404);
  });

  it('the free card comes first: a newcomer cannot pay for one', async () => {
    const res = await requestCard(await patient(), goodBody);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('free_card_available');
  });

  it('a notification replayed 3× while the status poll races makes one card, one payment, one receipt', async () => {
    const s = await formerMember();
    const created = await requestCard(s, goodBody);
    expect(created.statusCode).toBe(201);
    const { id, status: st, provider_payment_data, payment_credentials } = created.json();
    expect(st).toBe('in_process');
    expect(payment_credentials.url).toBe(provider_payment_data.url);
    expect(provider_payment_data.url).toMatch(/^http:\/\/localhost:3000\/dev\/pay\/[0-9a-f-]{36}$/);
    const paymentId = paymentIdOf(provider_payment_data.url);
    expect((await status(s, id)).json()).toMatchObject({ status: 'in_process', mt_link: null });
    // A second click continues the same payment.
    expect((await requestCard(s, goodBody)).json()).toMatchObject({ id, provider_payment_data });

    expect(await provider.decide(paymentId, 'succeeded')).toBe(true);
    const replies = await Promise.all([
      notify(paymentId),
      status(s, id),
      notify(paymentId),
      status(s, id),
      notify(paymentId),
    ]);
    for (const r of replies) expect(r.statusCode).toBe(200);

    expect(await count_(clubCards, eq(clubCards.userId, s.userId))).toBe(2);
    expect(await count_(clubPayments, eq(clubPayments.userId, s.userId))).toBe(1);
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('paid');
    expect(request.returnUrl).toBe(`${ORIGIN}/moskva/vrach/1/?card_request_id=${id}`);
    expect(await count_(clubReceipts, eq(clubReceipts.paymentId, request.paymentId ?? 0))).toBe(1);
    const final = (await status(s, id)).json();
    expect(final).toMatchObject({ id, status: 'paid', dt_end: '2027-05-25T09:00:00.000Z' });
    expect((await userData(s)).json()).toMatchObject({ is_in_club: true, email: 'p@example.ru' });
  });

  it("the dev checkout's 'Оплатить' pays, returns the browser and sends the receipt by e-mail", async () => {
    const s = await formerMember();
    const { id, provider_payment_data } = (await requestCard(s, goodBody)).json();
    const path = new URL(provider_payment_data.url).pathname;
    const page = await s.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('99 ₽');
    const pay = await s.inject({ url: `${path}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${ORIGIN}/moskva/vrach/1/?card_request_id=${id}`);
    // A second press changes nothing.
    expect((await s.inject({ url: `${path}/decline` })).statusCode).toBe(303);
    expect((await status(s, id)).json().status).toBe('paid');

    await app.jobs.runDue(clock.now());
    const outbox = (await app.inject({ url: '/dev/outbox.json' })).json();
    const letters = outbox.emails.filter((e: { to: string }) => e.to === 'p@example.ru');
    expect(letters.length).toBeGreaterThanOrEqual(1);
    expect(letters[0].text).toContain('Итого: 99 ₽');
    await app.jobs.runDue(clock.now());
    const again = (await app.inject({ url: '/dev/outbox.json' })).json();
    expect(again.emails.length).toBe(outbox.emails.length);
  });

  it("a declined payment ('Отклонить') makes no card and reads payment_failed", async () => {
    const s = await formerMember();
    const { id, provider_payment_data } = (await requestCard(s, goodBody)).json();
    const path = new URL(provider_payment_data.url).pathname;
    expect((await s.inject({ url: `${path}/decline` })).statusCode).toBe(303);
    expect((await status(s, id)).json()).toMatchObject({ status: 'payment_failed', mt_link: null });
    expect(await count_(clubCards, eq(clubCards.userId, s.userId))).toBe(1);
    expect((await userData(s)).json().is_in_club).toBe(false);
  });

  it('a notification from an address not allowed changes nothing', async () => {
    const s = await formerMember();
    const { id, provider_payment_data } = (await requestCard(s, goodBody)).json();
    const paymentId = paymentIdOf(provider_payment_data.url);
    await provider.decide(paymentId, 'succeeded');
    const res = await notify(paymentId, '203.0.113.9');
    expect(res.statusCode).toBe(403);
    const [request] = await database.db.select().from(clubCardRequests).where(eq(clubCardRequests.id, id));
    expect(request.status).toBe('in_process');
    expect(await count_(clubCards, eq(clubCards.userId, s.userId))).toBe(1);
  });

  it('garbage notifications are 4xx; an unknown payment is acknowledged and ignored', async () => {
    for (const payload of ['x', '{', '[]', '{"event":"payment.succeeded"}', '{"object":{"id":1}}']) {
      const res = await app.inject({
        method: 'POST',
        url: CLUB_NOTIFICATION_PATH,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await notify('00000000-0000-4000-8000-000000000000')).statusCode).toBe(200);
  });

  it('an unpaid request expires after 20 minutes; another patient cannot read it', async () => {
    const s = await formerMember();
    const { id } = (await requestCard(s, goodBody)).json();
    expect((await status(await patient(), id)).statusCode).toBe(404);
    now += 21 * 60_000;
    try {
      expect((await status(s, id)).json().status).toBe('expired');
    } finally {
      now -= 21 * 60_000;
    }
  });
});

describe('the status websocket', () => {
  it('tells the return page when its request is paid', async () => {
    const { default: WebSocket } = await import('ws');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const s = await formerMember();
    const { id, provider_payment_data } = (await requestCard(s, goodBody)).json();
    const cookie = Object.entries(s.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/club_card_request?subscribe-user`, {
      headers: { cookie },
    });
    const messages: { id: number; status: string }[] = [];
    const paid = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        if (messages.at(-1)?.status === 'paid') resolve();
      });
      socket.once('error', reject);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    await provider.decide(paymentIdOf(provider_payment_data.url), 'succeeded');
    await notify(paymentIdOf(provider_payment_data.url));
    await paid;
    expect(messages.at(-1)).toMatchObject({ id, status: 'paid' });
    socket.close();

    const anonymous = new WebSocket(`${address.replace('http', 'ws')}/ws/club_card_request?subscribe-user`);
    const refused = await new Promise<number>((resolve) =>
      anonymous.once('unexpected-response', (_q, r) => resolve(r.statusCode ?? 0)),
    );
    expect(refused).toBe(401);
  });
});
