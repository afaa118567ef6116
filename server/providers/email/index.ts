import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox';
import { createDevEmailProvider } from './dev-email';
import type { EmailProvider } from './email-provider';

export type EmailConfig = Pick<Config, 'APP_ENV' | 'EMAIL_PROVIDER'>;

export const DEV_EMAIL_CONFIG: EmailConfig = { APP_ENV: 'development', EMAIL_PROVIDER: 'dev' };

/** The configured e-mail adapter; the dev one needs the dev outbox to keep its letters in. */
export function createEmailProvider(
  config: EmailConfig,
  { outbox }: { outbox: () => DevOutbox },
): EmailProvider {
  const problems = emailConfigProblems(config);
  if (problems.length) throw new Error(`Invalid e-mail configuration:\n  ${problems.join('\n  ')}`);
  return createDevEmailProvider(outbox());
}

/** Receipts must reach the patient: a dev adapter (letters only on /dev/outbox) cannot run production. */
export function emailConfigProblems(config: EmailConfig): string[] {
  if (config.EMAIL_PROVIDER === 'dev' && config.APP_ENV === 'production')
    return ['EMAIL_PROVIDER=dev is refused in APP_ENV=production (receipts would reach no inbox)'];
  return [];
}
