import { randomInt } from 'node:crypto';
import type { DevOutbox } from '../dev-outbox';
import { requirePhoneDigits } from '../http';
import type { CallInProvider, FlashCallProvider } from './call-providers';

/**
 * Offline flash call: makes up a Moscow caller number, records it in the dev outbox with its
 * last 4 digits as the code, and "calls" nobody.
 */
export function createDevFlashCallProvider(outbox: DevOutbox): FlashCallProvider {
  return {
    name: 'dev',
    async call(phone) {
      requirePhoneDigits('dev', phone);
      const caller = `7495${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
      const code = caller.slice(-4);
      outbox.record({ phone, method: 'call', code, caller, text: `Входящий звонок с номера +${caller}` });
      return { id: `dev-call-${caller}`, code };
    },
  };
}

/**
 * Offline call-in: every check asks the patient to call `callPhone`; the call "comes" when someone
 * presses 'Позвонить' on /dev/outbox (DevOutbox.ring).
 */
export function createDevCallInProvider(
  outbox: DevOutbox,
  { callPhone }: { callPhone: string },
): CallInProvider {
  return {
    name: 'dev',
    async createCheck(phone) {
      requirePhoneDigits('dev', phone);
      const check = outbox.openCheck(phone, callPhone);
      return { checkId: check.checkId, callPhone: check.callPhone };
    },
    async status(checkId) {
      return outbox.checkStatus(checkId);
    },
  };
}
