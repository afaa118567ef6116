import { isRecord, PROVIDER_TIMEOUT_MS, redact } from '../http';
import { ProviderError } from '../provider-error';

export const YOOKASSA = 'yookassa';

export interface YooKassaCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** POSTs carry one: YooKassa answers a repeat with the same key with the first result. */
  idempotenceKey?: string;
}

export interface YooKassaConnection {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  timeoutMs?: number;
}

/**
 * One call to YooKassa's v3 API (https://yookassa.ru/developers/using-api/basics): JSON both ways,
 * HTTP Basic auth with shopId:secretKey. Timeouts, network errors, 5xx and 429 are retryable
 * (for a 500 YooKassa says the result is unknown and asks for a repeat with the same key);
 * other 4xx are not. The secret key never reaches an error message.
 */
export async function callYooKassa(
  call: YooKassaCall,
  connection: YooKassaConnection,
): Promise<Record<string, unknown>> {
  const secrets = [connection.secretKey, basicAuth(connection)];
  const fail = (message: string, retryable: boolean) =>
    new ProviderError(YOOKASSA, redact(message, secrets), { retryable });

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${connection.apiUrl.replace(/\/$/, '')}${call.path}`, {
      method: call.method,
      headers: {
        accept: 'application/json',
        authorization: `Basic ${basicAuth(connection)}`,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.idempotenceKey ? { 'idempotence-key': call.idempotenceKey } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(connection.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    // The underlying error may quote the URL; only its kind is kept.
    throw fail(timedOut ? 'request timed out' : 'network error', true);
  }

  const body = parseJson(text);
  if (!response.ok) {
    throw fail(
      `HTTP ${response.status}${errorDetail(body)}`,
      response.status >= 500 || response.status === 429,
    );
  }
  // In practice a proxy's HTML page: worth another try.
  if (body === undefined) throw fail(`HTTP ${response.status} with a body that is not JSON`, true);
  if (!isRecord(body)) throw fail('unexpected reply shape', false);
  return body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function basicAuth({ shopId, secretKey }: YooKassaConnection): string {
  return Buffer.from(`${shopId}:${secretKey}`, 'utf8').toString('base64');
}

/** YooKassa's error object: {type: "error", id, code, description, parameter}. */
function errorDetail(body: unknown): string {
  if (!isRecord(body) || body.type !== 'error') return '';
  const words = [body.code, body.parameter && `parameter ${body.parameter}`, body.description]
    .filter((word): word is string => typeof word === 'string' && word !== '')
    .join(': ');
  return words ? ` (${words.slice(0, 300)})` : '';
}

/**
 * Kopecks to YooKassa's decimal string, by integer arithmetic only: 12345 → "123.45", 5 → "0.05".
 * Refuses anything but a positive whole number of kopecks before a request is made.
 */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) {
    throw new ProviderError(YOOKASSA, 'amount must be a positive whole number of kopecks', {
      retryable: false,
    });
  }
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** YooKassa's {value: "123.45", currency: "RUB"} back to kopecks, without floating point. */
export function amountToKopecks(amount: unknown): number {
  const match =
    isRecord(amount) && typeof amount.value === 'string'
      ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value)
      : null;
  if (!match || !isRecord(amount) || amount.currency !== 'RUB') {
    throw new ProviderError(YOOKASSA, 'reply has no amount in roubles', { retryable: false });
  }
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(kopecks)) {
    throw new ProviderError(YOOKASSA, 'reply amount is out of range', { retryable: false });
  }
  return kopecks;
}

/** The API's length limits count characters; cutting by code points never splits a surrogate pair. */
export function cut(text: string, maxLength: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= maxLength ? chars.join('') : `${chars.slice(0, maxLength - 1).join('')}…`;
}

export function requireText(value: unknown, field: string): string {
  if (typeof value === 'string' && value !== '') return value;
  throw new ProviderError(YOOKASSA, `reply lacks ${field}`, { retryable: false });
}
