import { randomUUID } from 'node:crypto';
import { codeInText, type DevOutbox } from '../dev-outbox';
import { requirePhoneDigits } from '../http';
import type { MessengerProvider } from './messenger-provider';

/** Offline VK messages: recorded in the dev outbox and the server log. */
export function createDevVkProvider(outbox: DevOutbox): MessengerProvider {
  return {
    name: 'dev',
    async sendCode(phone, text) {
      requirePhoneDigits('dev', phone);
      outbox.record({ phone, method: 'vk', code: codeInText(text), text });
      return { id: randomUUID() };
    },
  };
}
