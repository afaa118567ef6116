import type { DevOutbox } from '../dev-outbox';
import { ProviderError } from '../provider-error';
import type { EmailProvider } from './email-provider';

/** Offline e-mail: the message lands in the dev outbox (/dev/outbox) and the log instead of an inbox. */
export function createDevEmailProvider(outbox: DevOutbox): EmailProvider {
  return {
    name: 'dev',
    async send({ to, subject, text }) {
      if (!/^[^\s@]+@[^\s@]+$/.test(to))
        throw new ProviderError('dev', 'invalid recipient', { retryable: false });
      return { id: outbox.recordEmail({ to, subject, text }).id };
    },
  };
}
