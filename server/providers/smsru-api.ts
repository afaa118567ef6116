import { isRecord, type ProviderRequest, requestProviderJson } from './http';
import { ProviderError } from './provider-error';

/** SMS.ru HTTP API (https://sms.ru/api): every method takes api_id and answers JSON with json=1. */
export const SMSRU_BASE_URL = 'https://sms.ru';

export interface SmsRuOptions {
  apiId: string;
  /** Overridden by tests pointing at a local fake server. */
  baseUrl?: string;
  timeoutMs?: number;
}

// 220 "service temporarily unavailable" and 500 "server error, repeat the request" (https://sms.ru/api/send).
const TRANSIENT_CODES = new Set([220, 500]);

/**
 * POSTs to an SMS.ru method (the docs accept GET or POST; POST keeps api_id out of URLs) and
 * returns the body once its top-level status is OK.
 */
export async function callSmsRu(
  provider: string,
  method: string,
  params: Record<string, string>,
  options: SmsRuOptions,
): Promise<Record<string, unknown>> {
  const request: ProviderRequest = {
    provider,
    method: 'POST',
    url: `${(options.baseUrl ?? SMSRU_BASE_URL).replace(/\/$/, '')}/${method}`,
    form: { api_id: options.apiId, ...params, json: '1' },
    secrets: [options.apiId],
    timeoutMs: options.timeoutMs,
  };
  const body = await requestProviderJson(request);
  if (!isRecord(body)) throw new ProviderError(provider, 'unexpected reply shape', { retryable: false });
  if (body.status !== 'OK') throw smsRuError(provider, body, [options.apiId]);
  return body;
}

/** A ProviderError from an SMS.ru {status:'ERROR', status_code, status_text} object. */
export function smsRuError(
  provider: string,
  body: Record<string, unknown>,
  secrets: string[],
): ProviderError {
  const code = Number(body.status_code);
  const text = typeof body.status_text === 'string' ? body.status_text.slice(0, 200) : 'no description';
  let message = `status ${String(body.status ?? 'missing')} ${Number.isFinite(code) ? code : '?'}: ${text}`;
  for (const secret of secrets) if (secret) message = message.split(secret).join('***');
  return new ProviderError(provider, message, { retryable: TRANSIENT_CODES.has(code) });
}

export function requireString(provider: string, value: unknown, field: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new ProviderError(provider, `reply lacks ${field}`, { retryable: false });
}
