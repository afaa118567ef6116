import { requirePhoneDigits } from '../http';
import { ProviderError } from '../provider-error';
import { callSmsRu, requireString, type SmsRuOptions } from '../smsru-api';
import type { CallInProvider, CallInStatus, FlashCallProvider } from './call-providers';

/**
 * Flash call through SMS.ru, `code/call` (docs: https://sms.ru/api/code_call):
 * phone, ip, api_id → {status:'OK', code:'1435', call_id, cost, balance}; `code` is the last
 * 4 digits of the number that will call the patient.
 */
export function createSmsRuFlashCallProvider(options: SmsRuOptions): FlashCallProvider {
  const name = 'smsru-call';
  return {
    name,
    async call(phone, context) {
      requirePhoneDigits(name, phone);
      const body = await callSmsRu(
        name,
        'code/call',
        { phone, ...(context?.ip ? { ip: context.ip } : {}) },
        options,
      );
      const code = requireString(name, body.code, 'code');
      if (!/^\d{4}$/.test(code)) throw new ProviderError(name, 'code is not 4 digits', { retryable: false });
      return { id: requireString(name, body.call_id, 'call_id'), code };
    },
  };
}

// callcheck/status answers check_status 400 (no call yet), 401 (confirmed), 402 (expired or unknown).
const CHECK_STATUS: Record<string, CallInStatus> = { '400': 'waiting', '401': 'confirmed', '402': 'expired' };

/**
 * Call-in through SMS.ru callcheck (docs: https://sms.ru/api/callcheck):
 * `callcheck/add` phone → {status:'OK', check_id, call_phone, call_phone_pretty};
 * `callcheck/status` check_id → {status:'OK', check_status:'400'|'401'|'402', check_status_text}.
 */
export function createSmsRuCallInProvider(options: SmsRuOptions): CallInProvider {
  const name = 'smsru-callcheck';
  return {
    name,
    async createCheck(phone) {
      requirePhoneDigits(name, phone);
      const body = await callSmsRu(name, 'callcheck/add', { phone }, options);
      const callPhone = requireString(name, body.call_phone, 'call_phone').replace(/\D/g, '');
      return { checkId: requireString(name, body.check_id, 'check_id'), callPhone };
    },
    async status(checkId) {
      const body = await callSmsRu(name, 'callcheck/status', { check_id: checkId }, options);
      const status = CHECK_STATUS[String(body.check_status)];
      if (!status) {
        throw new ProviderError(name, `unknown check_status ${String(body.check_status).slice(0, 20)}`, {
          retryable: false,
        });
      }
      return status;
    },
  };
}
