import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox';
import { createDevEmailProvider } from './dev-email';
import type { EmailProvider } from './email-provider';
import { createSmtpEmailProvider } from './smtp';

export type EmailConfig = Pick<Config, 'APP_ENV' | 'EMAIL_PROVIDER'> &
  Partial<Pick<Config, 'SMTP_URL' | 'EMAIL_FROM'>>;

export const DEV_EMAIL_CONFIG: EmailConfig = { APP_ENV: 'development', EMAIL_PROVIDER: 'dev' };

/** The configured e-mail adapter; the dev one needs the dev outbox to keep its letters in. */
export function createEmailProvider(
  config: EmailConfig,
  { outbox }: { outbox: () => DevOutbox },
): EmailProvider {
  const problems = emailConfigProblems(config);
  if (problems.length) throw new Error(`Invalid e-mail configuration:\n  ${problems.join('\n  ')}`);
  if (config.EMAIL_PROVIDER === 'smtp') {
    return createSmtpEmailProvider({ url: config.SMTP_URL ?? '', from: config.EMAIL_FROM ?? '' });
  }
  return createDevEmailProvider(outbox());
}

/** Receipts must reach the patient: a dev adapter (letters only on /dev/outbox) cannot run production. */
export function emailConfigProblems(config: EmailConfig): string[] {
  if (config.EMAIL_PROVIDER === 'dev' && config.APP_ENV === 'production')
    return [
      'EMAIL_PROVIDER=dev is refused in APP_ENV=production (receipts would reach no inbox): set EMAIL_PROVIDER=smtp',
    ];
  if (config.EMAIL_PROVIDER === 'smtp') {
    const problems: string[] = [];
    const url = URL.canParse(config.SMTP_URL ?? '') ? new URL(config.SMTP_URL ?? '') : null;
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:'))
      problems.push('EMAIL_PROVIDER=smtp needs SMTP_URL (smtp://user:password@host:587 or smtps://…)');
    if (!config.EMAIL_FROM?.trim()) problems.push('EMAIL_PROVIDER=smtp needs EMAIL_FROM');
    return problems;
  }
  return [];
}
