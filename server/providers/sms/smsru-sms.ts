import { isRecord, requirePhoneDigits } from '../http';
import { ProviderError } from '../provider-error';
import { callSmsRu, requireString, type SmsRuOptions, smsRuError } from '../smsru-api';
import type { SmsProvider } from './sms-provider';

const NAME = 'smsru';

/**
 * SMS through SMS.ru, `sms/send` (docs: https://sms.ru/api/send):
 * api_id, to, msg, json=1 → {status:'OK', sms:{<phone>:{status, status_code, sms_id}}, balance}.
 * A message can fail for one phone while the request as a whole is OK, so both levels are checked.
 */
export function createSmsRuSmsProvider(options: SmsRuOptions & { from?: string }): SmsProvider {
  return {
    name: NAME,
    async send(phone, text) {
      requirePhoneDigits(NAME, phone);
      const body = await callSmsRu(
        NAME,
        'sms/send',
        { to: phone, msg: text, ...(options.from ? { from: options.from } : {}) },
        options,
      );
      const perPhone = isRecord(body.sms) ? body.sms[phone] : undefined;
      if (!isRecord(perPhone)) throw new ProviderError(NAME, 'reply lacks this phone', { retryable: false });
      if (perPhone.status !== 'OK') throw smsRuError(NAME, perPhone, [options.apiId]);
      return { id: requireString(NAME, perPhone.sms_id, 'sms_id') };
    },
  };
}
