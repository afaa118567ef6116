import { randomUUID } from 'node:crypto';
import { codeInText, type DevOutbox } from '../dev-outbox';
import { requirePhoneDigits } from '../http';
import type { SmsProvider } from './sms-provider';

/** Offline SMS: the message lands in the dev outbox and the server log instead of a phone. */
export function createDevSmsProvider(outbox: DevOutbox): SmsProvider {
  return {
    name: 'dev',
    async send(phone, text) {
      requirePhoneDigits('dev', phone);
      outbox.record({ phone, method: 'sms', code: codeInText(text), text });
      return { id: randomUUID() };
    },
  };
}
