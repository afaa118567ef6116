import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { YooKassaEvent } from '../payments/yookassa-notifications';

type Money = { value: string; currency: string };

/** A payment as the fake keeps it: YooKassa's own JSON shape, plus the refunded sum in kopecks. */
export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Money;
  description?: string;
  metadata: Record<string, string>;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  receipt?: unknown;
  refundable: boolean;
  refunded_amount?: Money;
  created_at: string;
  test: true;
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Money;
  description?: string;
  created_at: string;
}

export interface YooKassaNotification {
  type: 'notification';
  event: YooKassaEvent;
  object: FakePayment | FakeRefund;
}

/** Request bodies as the fake reads them: every field may be missing or wrong. */
interface PaymentBody {
  amount?: Money;
  confirmation?: { type?: unknown; return_url?: unknown };
  description?: unknown;
  metadata?: Record<string, string>;
  receipt?: ReceiptBody;
}
interface ReceiptBody {
  customer?: { email?: unknown; phone?: unknown };
  items?: Partial<
    Record<'description' | 'quantity' | 'amount' | 'vat_code' | 'payment_mode' | 'payment_subject', unknown>
  >[];
}
interface RefundBody {
  payment_id?: unknown;
  amount?: Money;
  description?: unknown;
}

interface Reply {
  status: number;
  json: unknown;
}

const error = (status: number, code: string, description: string, parameter?: string): Reply => ({
  status,
  json: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
});

/**
 * A local stand-in for YooKassa's v3 API on a free port: `POST /payments`, `GET /payments/{id}`
 * and `POST /refunds` with Basic auth and idempotence keys as YooKassa applies them (same key and
 * body → the first answer again; same key, other body → 400). Payments stay pending until the
 * test pays or cancels them. It can also play YooKassa's side of notifications: send one,
 * duplicates, a late one, events out of order, or (by not calling notify) none at all.
 */
export async function startFakeYooKassa({ shopId, secretKey }: { shopId: string; secretKey: string }) {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const answered = new Map<string, { body: string; reply: Reply }>();
  /** Every request as received, for assertions on headers and bodies. */
  const requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  let delayNextMs = 0;
  let failNext = false;
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void answer(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function answer(req: IncomingMessage, text: string, res: ServerResponse) {
    const path = new URL(req.url ?? '/', baseUrl).pathname;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    // The delay applies after the work is done: the payment exists though its answer never
    // arrives in time, which is what makes a retry with the same key matter.
    const delay = delayNextMs;
    delayNextMs = 0;
    let reply: Reply;
    if (failNext) {
      failNext = false;
      reply = error(500, 'internal_server_error', 'Internal server error');
    } else {
      reply = route(req, path, text, body);
    }
    if (delay) await sleep(delay);
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(reply.json));
  }

  function route(req: IncomingMessage, path: string, text: string, body: unknown): Reply {
    if (req.headers.authorization !== expectedAuth) {
      return error(401, 'invalid_credentials', 'Error in shopId or secret key. Check their validity.');
    }
    if (req.method === 'GET' && path.startsWith('/payments/')) {
      const payment = payments.get(decodeURIComponent(path.slice('/payments/'.length)));
      return payment ? { status: 200, json: payment } : error(404, 'not_found', 'Payment not found');
    }
    if (req.method !== 'POST' || (path !== '/payments' && path !== '/refunds')) {
      return error(404, 'not_found', 'Unknown resource');
    }
    const key = req.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return error(400, 'invalid_request', 'Idempotence key is missing or too long', 'Idempotence-Key');
    }
    const scope = `${path} ${key}`;
    const earlier = answered.get(scope);
    if (earlier) {
      return earlier.body === text
        ? earlier.reply
        : error(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
    }
    const reply = path === '/payments' ? createPayment(body) : createRefund(body);
    // YooKassa remembers an answered key, errors included, for 24 hours.
    answered.set(scope, { body: text, reply });
    return reply;
  }

  function createPayment(body: unknown): Reply {
    const input = (body ?? {}) as PaymentBody;
    const amount = toKopecks(input.amount);
    if (amount === null) return error(400, 'invalid_request', 'Invalid amount', 'amount');
    const returnUrl = input.confirmation?.return_url;
    if (input.confirmation?.type !== 'redirect' || typeof returnUrl !== 'string') {
      return error(400, 'invalid_request', 'Confirmation is required', 'confirmation');
    }
    if (typeof input.description === 'string' && input.description.length > 128) {
      return error(400, 'invalid_request', 'Description is too long', 'description');
    }
    if (input.receipt !== undefined) {
      const problem = receiptProblem(input.receipt, amount);
      if (problem) return error(400, 'invalid_request', problem, 'receipt');
    }
    const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().slice(-12)}`;
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: input.amount as Money,
      description: typeof input.description === 'string' ? input.description : undefined,
      metadata: input.metadata ?? {},
      confirmation: {
        type: 'redirect',
        confirmation_url: `${baseUrl}/checkout/payments/v2/contract?orderId=${id}`,
        return_url: returnUrl,
      },
      receipt: input.receipt,
      refundable: false,
      created_at: new Date().toISOString(),
      test: true,
    };
    payments.set(id, payment);
    return { status: 200, json: structuredClone(payment) };
  }

  function createRefund(body: unknown): Reply {
    const input = (body ?? {}) as RefundBody;
    const payment = typeof input.payment_id === 'string' ? payments.get(input.payment_id) : undefined;
    if (!payment) return error(404, 'not_found', 'Payment not found', 'payment_id');
    if (payment.status !== 'succeeded') {
      return error(400, 'invalid_request', 'Refund is available only for succeeded payments', 'payment_id');
    }
    const amount = toKopecks(input.amount);
    const refunded = toKopecks(payment.refunded_amount) ?? 0;
    if (amount === null || amount + refunded > (toKopecks(payment.amount) ?? 0)) {
      return error(400, 'invalid_request', 'Refund amount exceeds the payment amount', 'amount');
    }
    payment.refunded_amount = { value: toValue(refunded + amount), currency: 'RUB' };
    const refund: FakeRefund = {
      id: `${randomUUID().slice(0, 8)}-0015-5000-8000-${randomUUID().slice(-12)}`,
      payment_id: payment.id,
      status: 'succeeded',
      amount: input.amount as Money,
      description: typeof input.description === 'string' ? input.description : undefined,
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, json: refund };
  }

  function requirePayment(id: string): FakePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake YooKassa has no payment ${id}`);
    return payment;
  }

  /**
   * The body YooKassa would post for `event`: for payment events the payment with the event's
   * status (whatever the fake holds now, so an out-of-order or forged sequence can be played),
   * for refund.succeeded the refund whose id is given.
   */
  function notificationBody(event: YooKassaEvent, id: string): YooKassaNotification {
    if (event === 'refund.succeeded') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake YooKassa has no refund ${id}`);
      return { type: 'notification', event, object: structuredClone(refund) };
    }
    const status = event.slice('payment.'.length) as FakePayment['status'];
    return {
      type: 'notification',
      event,
      object: { ...structuredClone(requirePayment(id)), status, paid: status !== 'canceled' },
    };
  }

  return {
    apiUrl: baseUrl,
    requests,
    payments,
    refunds,
    /** The patient paid: the payment succeeds and becomes refundable. */
    pay(id: string) {
      const payment = requirePayment(id);
      Object.assign(payment, { status: 'succeeded', paid: true, refundable: true });
      delete payment.confirmation;
    },
    /** The payment failed, e.g. 'expired_on_confirmation', 'insufficient_funds', 'card_expired'. */
    cancel(id: string, reason = 'expired_on_confirmation') {
      const payment = requirePayment(id);
      Object.assign(payment, { status: 'canceled', paid: false, refundable: false });
      payment.cancellation_details = { party: 'yoo_money', reason };
      delete payment.confirmation;
    },
    /** The next request is processed but answered only after `ms` (an adapter's timeout fires first). */
    delayNextReply(ms: number) {
      delayNextMs = ms;
    },
    /** The next request is answered 500 without being processed. */
    failNextWith500() {
      failNext = true;
    },
    notificationBody,
    /**
     * Posts the notification for `event` to `url` `copies` times (YooKassa repeats until it gets
     * a 200), after `delayMs`. Resolves with the status of each delivery.
     */
    async notify(
      url: string,
      event: YooKassaEvent,
      id: string,
      { copies = 1, delayMs = 0 }: { copies?: number; delayMs?: number } = {},
    ): Promise<number[]> {
      const body = JSON.stringify(notificationBody(event, id));
      if (delayMs) await sleep(delayMs);
      const statuses: number[] = [];
      for (let copy = 0; copy < copies; copy++) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeYooKassa = Awaited<ReturnType<typeof startFakeYooKassa>>;

function toKopecks(amount: unknown): number | null {
  const value = (amount as { value?: unknown } | undefined)?.value;
  const currency = (amount as { currency?: unknown } | undefined)?.currency;
  const match = typeof value === 'string' ? /^(\d+)\.(\d{2})$/.exec(value) : null;
  if (!match || currency !== 'RUB') return null;
  const kopecks = Number(match[1]) * 100 + Number(match[2]);
  return kopecks > 0 ? kopecks : null;
}

function toValue(kopecks: number): string {
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** What YooKassa checks in a receipt before it takes the payment, in its words. */
function receiptProblem(receipt: ReceiptBody, paymentKopecks: number): string | null {
  if (typeof receipt?.customer?.email !== 'string' && typeof receipt?.customer?.phone !== 'string') {
    return 'Receipt customer contact is missing';
  }
  if (!Array.isArray(receipt.items) || receipt.items.length === 0 || receipt.items.length > 100) {
    return 'Receipt items are missing';
  }
  let total = 0;
  for (const item of receipt.items) {
    const price = toKopecks(item.amount);
    const valid =
      typeof item.description === 'string' &&
      item.description.length > 0 &&
      item.description.length <= 128 &&
      typeof item.quantity === 'number' &&
      item.quantity > 0 &&
      price !== null &&
      Number.isInteger(item.vat_code) &&
      typeof item.payment_mode === 'string' &&
      typeof item.payment_subject === 'string';
    if (!valid) return 'Receipt item is invalid';
    total += price * (item.quantity as number);
  }
  return total === paymentKopecks ? null : 'Receipt items amount does not match the payment amount';
}
