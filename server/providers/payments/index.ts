import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDevPaymentsProvider } from './dev-payments';
import type { PaymentsProvider } from './payments-provider';

export type PaymentsConfig = Pick<Config, 'APP_ENV' | 'PAYMENTS_PROVIDER'>;

export const DEV_PAYMENTS_CONFIG: PaymentsConfig = { APP_ENV: 'development', PAYMENTS_PROVIDER: 'dev' };

/** The configured payments adapter: the offline dev checkout by default. */
export function createPaymentsProvider(
  config: PaymentsConfig,
  { db, publicUrl }: { db: Db; publicUrl: string },
): PaymentsProvider {
  const problems = paymentsConfigProblems(config);
  if (problems.length) throw new Error(`Invalid payments configuration:\n  ${problems.join('\n  ')}`);
  return createDevPaymentsProvider({ db, publicUrl });
}

/** The dev checkout takes no money: production refuses it as it refuses the dev SMS adapters. */
export function paymentsConfigProblems(config: PaymentsConfig): string[] {
  if (config.PAYMENTS_PROVIDER === 'dev' && config.APP_ENV === 'production')
    return ['PAYMENTS_PROVIDER=dev is refused in APP_ENV=production (its checkout takes no money)'];
  return [];
}
