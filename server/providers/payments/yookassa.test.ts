import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type FakeYooKassa, startFakeYooKassa } from '../testing/fake-yookassa';
import type { CreatePaymentInput } from './payments-provider';
import { createYooKassaProvider } from './yookassa';

const SHOP_ID = '506751';
const SECRET = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';
let fake: FakeYooKassa | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function yookassa({ secretKey = SECRET, timeoutMs = 2_000 } = {}) {
  fake = await startFakeYooKassa({ shopId: SHOP_ID, secretKey: SECRET });
  return createYooKassaProvider({ shopId: SHOP_ID, secretKey, apiUrl: fake.apiUrl, timeoutMs });
}

const failure = (promise: Promise<unknown>) =>
  expectProviderError(promise, { provider: 'yookassa', secret: SECRET });

const cardPayment = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  idempotenceKey: 'club-card-42-attempt-1',
  amount: 149_050,
  description: 'Дисконтная карта клуба на 12 месяцев',
  returnUrl: 'https://prodoctorov.example/club/return?request=42',
  receipt: {
    email: 'patient@example.ru',
    items: [{ description: 'Дисконтная карта клуба, 12 месяцев', amount: 149_050, quantity: 1 }],
  },
  metadata: { kind: 'club_card', requestId: '42' },
  ...overrides,
});

describe('YooKassa payments adapter', () => {
  it('creates a one-stage payment with its receipt and returns the checkout page to redirect to', async () => {
    const payments = await yookassa();
    const payment = await payments.createPayment(cardPayment());

    expect(payment).toMatchObject({ status: 'pending', amount: 149_050, cancellationReason: null });
    expect(payment.confirmationUrl).toBe(
      `${fake!.apiUrl}/checkout/payments/v2/contract?orderId=${payment.id}`,
    );
    expect(payment.metadata).toEqual({ kind: 'club_card', requestId: '42' });
    const [request] = fake!.requests;
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`,
    );
    expect(request.headers['idempotence-key']).toBe('club-card-42-attempt-1');
    expect(request.body).toEqual({
      amount: { value: '1490.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://prodoctorov.example/club/return?request=42' },
      description: 'Дисконтная карта клуба на 12 месяцев',
      metadata: { kind: 'club_card', requestId: '42' },
      receipt: {
        customer: { email: 'patient@example.ru' },
        items: [
          {
            description: 'Дисконтная карта клуба, 12 месяцев',
            quantity: 1,
            amount: { value: '1490.50', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    });
  });

  it('sends no receipt when none is needed and cuts descriptions to the API limits', async () => {
    const payments = await yookassa();
    await payments.createPayment(cardPayment({ receipt: null, description: 'Ж'.repeat(300) }));
    const body = fake!.requests[0].body as { description: string; receipt?: unknown };
    expect(body.receipt).toBeUndefined();
    expect(Array.from(body.description)).toHaveLength(128);
    expect(body.description.endsWith('…')).toBe(true);
  });

  it.each([
    [5, '0.05'],
    [100, '1.00'],
    [1_234_567_89, '1234567.89'],
  ])('converts %i kopecks to "%s" and back exactly', async (kopecks, value) => {
    const payments = await yookassa();
    const item = { description: 'Карта', amount: kopecks, quantity: 1 };
    const payment = await payments.createPayment(
      cardPayment({ amount: kopecks, receipt: { email: 'a@example.ru', items: [item] } }),
    );
    expect((fake!.requests[0].body as { amount: { value: string } }).amount.value).toBe(value);
    expect(payment.amount).toBe(kopecks);
  });

  it('refuses a fractional or non-positive amount without calling YooKassa', async () => {
    const payments = await yookassa();
    for (const amount of [10.5, 0, -100]) {
      expect((await failure(payments.createPayment(cardPayment({ amount })))).retryable).toBe(false);
    }
    expect(fake!.requests).toHaveLength(0);
  });

  it('retried with the same key after a timeout, returns the same payment and YooKassa holds only one', async () => {
    // A second is ample for the retry's answer on a busy machine; the late answer takes longer.
    const payments = await yookassa({ timeoutMs: 1_000 });
    fake!.delayNextReply(4_000);
    const timedOut = await failure(payments.createPayment(cardPayment()));
    expect(timedOut.retryable).toBe(true);
    expect(timedOut.message).toContain('timed out');

    const payment = await payments.createPayment(cardPayment());
    expect(fake!.payments.size).toBe(1);
    expect(payment.id).toBe([...fake!.payments.keys()][0]);
    const keys = fake!.requests.map((request) => request.headers['idempotence-key']);
    expect(keys).toEqual(['club-card-42-attempt-1', 'club-card-42-attempt-1']);
  });

  it('treats a 500 as retryable and the repeat with the same key succeeds', async () => {
    const payments = await yookassa();
    fake!.failNextWith500();
    const error = await failure(payments.createPayment(cardPayment()));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('internal_server_error');
    await expect(payments.createPayment(cardPayment())).resolves.toMatchObject({ status: 'pending' });
  });

  it('refuses a key reused for another payment, not retryable', async () => {
    const payments = await yookassa();
    await payments.createPayment(cardPayment());
    const error = await failure(payments.createPayment(cardPayment({ amount: 99_00 })));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('HTTP 400');
    expect(error.message).toContain('Idempotence key duplicated');
  });

  it('reports a receipt that does not add up as YooKassa words it, not retryable', async () => {
    const payments = await yookassa();
    const receipt = { email: 'a@example.ru', items: [{ description: 'Карта', amount: 100_00, quantity: 1 }] };
    const error = await failure(payments.createPayment(cardPayment({ receipt })));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('invalid_request: parameter receipt');
  });

  it('reads a pending payment back as succeeded once the patient paid', async () => {
    const payments = await yookassa();
    const created = await payments.createPayment(cardPayment());
    await expect(payments.getPayment(created.id)).resolves.toMatchObject({ status: 'pending' });
    fake!.pay(created.id);
    await expect(payments.getPayment(created.id)).resolves.toEqual({
      id: created.id,
      status: 'succeeded',
      amount: 149_050,
      confirmationUrl: null,
      metadata: { kind: 'club_card', requestId: '42' },
      cancellationReason: null,
    });
    expect(fake!.requests.at(-1)).toMatchObject({ method: 'GET', path: `/payments/${created.id}` });
  });

  it('reads a canceled payment with the reason YooKassa gives', async () => {
    const payments = await yookassa();
    const created = await payments.createPayment(cardPayment());
    fake!.cancel(created.id, 'insufficient_funds');
    await expect(payments.getPayment(created.id)).resolves.toMatchObject({
      status: 'canceled',
      confirmationUrl: null,
      cancellationReason: 'insufficient_funds',
    });
  });

  it('reports an unknown payment as not retryable and never puts a foreign id into the path', async () => {
    const payments = await yookassa();
    const error = await failure(payments.getPayment('2f8b0c1e-000f-5000-8000-1a2b3c4d5e6f'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('not_found');
    await failure(payments.getPayment('../refunds'));
    expect(fake!.requests).toHaveLength(1);
  });

  it('refunds a succeeded payment by key, once', async () => {
    const payments = await yookassa();
    const created = await payments.createPayment(cardPayment());
    fake!.pay(created.id);
    const input = {
      idempotenceKey: 'club-card-42-refund',
      paymentId: created.id,
      amount: 149_050,
      description: 'Возврат за карту клуба',
    };
    const refund = await payments.createRefund(input);
    expect(refund.status).toBe('succeeded');
    await expect(payments.createRefund(input)).resolves.toEqual(refund);
    expect(fake!.refunds.size).toBe(1);
    const request = fake!.requests.find((r) => r.path === '/refunds');
    expect(request?.headers['idempotence-key']).toBe('club-card-42-refund');
    expect(request?.body).toEqual({
      payment_id: created.id,
      amount: { value: '1490.50', currency: 'RUB' },
      description: 'Возврат за карту клуба',
    });
  });

  it('refuses to refund more than was paid, not retryable', async () => {
    const payments = await yookassa();
    const created = await payments.createPayment(cardPayment());
    fake!.pay(created.id);
    const error = await failure(
      payments.createRefund({
        idempotenceKey: 'r1',
        paymentId: created.id,
        amount: 150_000,
        description: 'Возврат',
      }),
    );
    expect(error.retryable).toBe(false);
  });

  it('reports a wrong secret key as not retryable, without the key in the message', async () => {
    const wrong = 'test_WRONG-key-0000000000000000000000000000000';
    const payments = await yookassa({ secretKey: wrong });
    const error = await expectProviderError(payments.createPayment(cardPayment()), {
      provider: 'yookassa',
      secret: wrong,
    });
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('invalid_credentials');
    expect(error.message).not.toContain(Buffer.from(`${SHOP_ID}:${wrong}`).toString('base64'));
  });

  it('reports an unreachable API as retryable', async () => {
    const payments = await yookassa();
    await fake!.close();
    fake = undefined;
    expect((await failure(payments.getPayment('2f8b0c1e-000f-5000-8000-1a2b3c4d5e6f'))).retryable).toBe(true);
  });
});
