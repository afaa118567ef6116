import { ProviderError } from './provider-error';

/** Every provider call gives up after this long: a sign-in must not hang on a slow gateway. */
export const PROVIDER_TIMEOUT_MS = 5_000;

export interface ProviderRequest {
  provider: string;
  url: string;
  method: 'GET' | 'POST';
  /** Sent as application/x-www-form-urlencoded (keeps keys out of URLs and access logs). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Values that must never appear in an error message (api keys, tokens). */
  secrets: string[];
  timeoutMs?: number;
}

/**
 * One HTTP call to a provider, answered as parsed JSON. Failures become ProviderError:
 * timeouts, network errors and 5xx/429 are retryable; other 4xx are not; a body that is not
 * JSON is retryable too (in practice a proxy's HTML error page).
 */
export async function requestProviderJson(request: ProviderRequest): Promise<unknown> {
  const { provider, secrets } = request;
  const fail = (message: string, retryable: boolean) =>
    new ProviderError(provider, redact(message, secrets), { retryable });

  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...request.headers,
      },
      body: request.form ? new URLSearchParams(request.form).toString() : undefined,
      signal: AbortSignal.timeout(request.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    // The underlying error may quote the URL; only its kind is kept.
    throw fail(timedOut ? 'request timed out' : 'network error', true);
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw fail(timedOut ? 'request timed out' : 'response body could not be read', true);
  }
  if (!response.ok) {
    const detail = providerErrorText(text);
    throw fail(
      `HTTP ${response.status}${detail ? ` (${detail})` : ''}`,
      response.status >= 500 || response.status === 429,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw fail(`HTTP ${response.status} with a body that is not JSON`, true);
  }
}

/** The provider's own words about a failed call, when its error body is JSON that has them. */
function providerErrorText(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (!isRecord(body)) return undefined;
    const detail = body.error ?? body.status_text ?? body.message;
    return typeof detail === 'string' ? detail.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** Strips secrets from provider-supplied text that ends up in an error message. */
export function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret) result = result.split(secret).join('***');
  }
  return result;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Phones cross every provider boundary as digits with the country code, e.g. 79001234567. */
export function requirePhoneDigits(provider: string, phone: string): void {
  if (!/^\d{10,15}$/.test(phone)) {
    throw new ProviderError(provider, 'phone must be 10-15 digits with the country code', {
      retryable: false,
    });
  }
}
