import { isRecord } from '../http';
import { ProviderError } from '../provider-error';
import type {
  PaymentReceipt,
  PaymentsProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from './payments-provider';
import {
  amountToKopecks,
  callYooKassa,
  cut,
  kopecksToValue,
  requireText,
  YOOKASSA,
  type YooKassaConnection,
} from './yookassa-api';
import {
  ipAllowList,
  YOOKASSA_NOTIFICATION_IPS,
  yooKassaNotificationPaymentId,
} from './yookassa-notifications';

export interface YooKassaOptions {
  shopId: string;
  secretKey: string;
  /** Overridden by tests pointing at a local fake server. */
  apiUrl?: string;
  /** Addresses and CIDR ranges notifications may come from; YooKassa's published list by default. */
  notificationIps?: readonly string[];
  timeoutMs?: number;
  /**
   * VAT code of the receipt lines: 1 is "without VAT", what medical services and a clinic on the
   * simplified tax system use. Another rate is the accountant's call, hence a setting.
   */
  receiptVatCode?: number;
}

// The API's limits (https://yookassa.ru/developers/api): payment description 128 characters,
// receipt line 128, refund description 250, idempotence key 64; metadata at most 16 keys of
// at most 32 characters with values of at most 512.
const LIMITS = { payment: 128, receiptItem: 128, refund: 250, key: 64 } as const;
const METADATA = { keys: 16, keyLength: 32, valueLength: 512 } as const;
const STATUSES: readonly ProviderPaymentStatus[] = [
  'pending',
  'waiting_for_capture',
  'succeeded',
  'canceled',
];
const REFUND_STATUSES: readonly ProviderRefund['status'][] = ['pending', 'succeeded', 'canceled'];
const PAYMENT_ID = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * Payments through YooKassa's v3 API, written by hand on fetch: one-stage payments (`capture:
 * true`) paid on YooKassa's checkout page (`confirmation.type: redirect`), with the 54-FZ receipt
 * sent along; reads; refunds. Amounts cross this adapter as integer kopecks and the API as
 * "123.45" strings, converted without floating point.
 */
export function createYooKassaProvider(options: YooKassaOptions): PaymentsProvider {
  if (!options.shopId || !options.secretKey) {
    throw new Error('YooKassa needs a shop id and a secret key');
  }
  const connection: YooKassaConnection = {
    shopId: options.shopId,
    secretKey: options.secretKey,
    apiUrl: options.apiUrl ?? 'https://api.yookassa.ru/v3',
    timeoutMs: options.timeoutMs,
  };
  const vatCode = options.receiptVatCode ?? 1;
  const accepts = ipAllowList(options.notificationIps ?? YOOKASSA_NOTIFICATION_IPS);

  return {
    name: 'yookassa',
    async createPayment(input) {
      requireIdempotenceKey(input.idempotenceKey);
      const body = {
        amount: money(input.amount),
        capture: true,
        confirmation: { type: 'redirect', return_url: requireAbsoluteUrl(input.returnUrl) },
        description: cut(input.description, LIMITS.payment),
        metadata: checkMetadata(input.metadata),
        ...(input.receipt ? { receipt: receipt(input.receipt, vatCode) } : {}),
      };
      const reply = await callYooKassa(
        { method: 'POST', path: '/payments', body, idempotenceKey: input.idempotenceKey },
        connection,
      );
      return toPayment(reply);
    },

    async getPayment(paymentId) {
      if (!PAYMENT_ID.test(paymentId)) {
        throw new ProviderError(YOOKASSA, 'not a payment id', { retryable: false });
      }
      return toPayment(await callYooKassa({ method: 'GET', path: `/payments/${paymentId}` }, connection));
    },

    async createRefund(input) {
      requireIdempotenceKey(input.idempotenceKey);
      const body = {
        payment_id: input.paymentId,
        amount: money(input.amount),
        description: cut(input.description, LIMITS.refund),
      };
      const reply = await callYooKassa(
        { method: 'POST', path: '/refunds', body, idempotenceKey: input.idempotenceKey },
        connection,
      );
      const status = REFUND_STATUSES.find((known) => known === reply.status);
      if (!status)
        throw new ProviderError(YOOKASSA, 'refund reply has an unknown status', { retryable: false });
      return { id: requireText(reply.id, 'id'), status };
    },

    notificationPaymentId: yooKassaNotificationPaymentId,
    acceptsNotificationFrom: accepts,
  };
}

function money(kopecks: number) {
  return { value: kopecksToValue(kopecks), currency: 'RUB' };
}

/**
 * The 54-FZ receipt, "payment and receipt at the same time": YooKassa passes it to the online
 * register when the payment succeeds. A line's amount is the price of one unit, as in the API;
 * the lines must add up to the payment's amount or YooKassa refuses the payment.
 */
function receipt(input: PaymentReceipt, vatCode: number) {
  return {
    customer: { email: input.email },
    items: input.items.map((item) => {
      if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
        throw new ProviderError(YOOKASSA, 'receipt quantity must be a positive whole number', {
          retryable: false,
        });
      }
      return {
        description: cut(item.description, LIMITS.receiptItem),
        quantity: item.quantity,
        amount: money(item.amount),
        vat_code: vatCode,
        payment_mode: 'full_payment',
        payment_subject: 'service',
      };
    }),
  };
}

function requireIdempotenceKey(key: string): void {
  if (key.length === 0 || key.length > LIMITS.key) {
    throw new ProviderError(YOOKASSA, `idempotence key must be 1-${LIMITS.key} characters`, {
      retryable: false,
    });
  }
}

function requireAbsoluteUrl(url: string): string {
  if (!URL.canParse(url))
    throw new ProviderError(YOOKASSA, 'return url must be absolute', { retryable: false });
  return url;
}

// Cutting an id in metadata would break the link back to our records: too long is refused.
function checkMetadata(metadata: Record<string, string>): Record<string, string> {
  const entries = Object.entries(metadata);
  const fits =
    entries.length <= METADATA.keys &&
    entries.every(([key, value]) => key.length <= METADATA.keyLength && value.length <= METADATA.valueLength);
  if (!fits) throw new ProviderError(YOOKASSA, 'metadata exceeds the API limits', { retryable: false });
  return metadata;
}

function toPayment(reply: Record<string, unknown>): ProviderPayment {
  const status = STATUSES.find((known) => known === reply.status);
  if (!status) throw new ProviderError(YOOKASSA, 'payment reply has an unknown status', { retryable: false });
  const confirmationUrl = isRecord(reply.confirmation) ? reply.confirmation.confirmation_url : undefined;
  const reason = isRecord(reply.cancellation_details) ? reply.cancellation_details.reason : undefined;
  return {
    id: requireText(reply.id, 'id'),
    status,
    amount: amountToKopecks(reply.amount),
    // YooKassa may keep the confirmation object on a finished payment; only a pending one waits.
    confirmationUrl: status === 'pending' && typeof confirmationUrl === 'string' ? confirmationUrl : null,
    metadata: stringValues(reply.metadata),
    cancellationReason: status === 'canceled' && typeof reason === 'string' ? reason : null,
  };
}

function stringValues(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
