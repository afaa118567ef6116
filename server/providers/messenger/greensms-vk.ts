import { isRecord, requestProviderJson, requirePhoneDigits } from '../http';
import { ProviderError } from '../provider-error';
import type { MessengerProvider } from './messenger-provider';

export const GREENSMS_BASE_URL = 'https://api3.greensms.ru';

/**
 * VK messages through GREENSMS, `vk/send` (docs: https://api.greensms.ru/ ; the official client
 * github.com/greensms-io/greensms-node sends `to` (11-14 digits) and `txt`, Bearer token auth)
 * → {request_id}; failures come as {error, code}, sometimes with HTTP 200.
 */
export function createGreenSmsVkProvider(options: {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
}): MessengerProvider {
  const name = 'greensms-vk';
  return {
    name,
    async sendCode(phone, text) {
      requirePhoneDigits(name, phone);
      const body = await requestProviderJson({
        provider: name,
        method: 'POST',
        url: `${(options.baseUrl ?? GREENSMS_BASE_URL).replace(/\/$/, '')}/vk/send`,
        headers: { authorization: `Bearer ${options.token}` },
        form: { to: phone, txt: text },
        secrets: [options.token],
        timeoutMs: options.timeoutMs,
      });
      if (!isRecord(body)) throw new ProviderError(name, 'unexpected reply shape', { retryable: false });
      if (body.error !== undefined) {
        const detail = String(body.error).split(options.token).join('***').slice(0, 200);
        throw new ProviderError(name, `error ${String(body.code ?? '?')}: ${detail}`, { retryable: false });
      }
      if (typeof body.request_id !== 'string' || body.request_id === '') {
        throw new ProviderError(name, 'reply lacks request_id', { retryable: false });
      }
      return { id: body.request_id };
    },
  };
}
