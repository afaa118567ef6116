import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDevPaymentsProvider } from './dev-payments';
import type { PaymentsProvider } from './payments-provider';
import { createYooKassaProvider } from './yookassa';

export type PaymentsConfig = Pick<Config, 'APP_ENV' | 'PAYMENTS_PROVIDER'> &
  Partial<
    Pick<
      Config,
      | 'YOOKASSA_SHOP_ID'
      | 'YOOKASSA_SECRET_KEY'
      | 'YOOKASSA_API_URL'
      | 'YOOKASSA_NOTIFICATION_IPS'
      | 'YOOKASSA_VAT_CODE'
    >
  >;

export const DEV_PAYMENTS_CONFIG: PaymentsConfig = { APP_ENV: 'development', PAYMENTS_PROVIDER: 'dev' };

/** The configured payments adapter: the offline dev checkout by default, or YooKassa. */
export function createPaymentsProvider(
  config: PaymentsConfig,
  { db, publicUrl }: { db: Db; publicUrl: string },
): PaymentsProvider {
  const problems = paymentsConfigProblems(config);
  if (problems.length) throw new Error(`Invalid payments configuration:\n  ${problems.join('\n  ')}`);
  if (config.PAYMENTS_PROVIDER === 'yookassa') {
    const ips = config.YOOKASSA_NOTIFICATION_IPS?.split(',')
      .map((ip) => ip.trim())
      .filter(Boolean);
    return createYooKassaProvider({
      shopId: config.YOOKASSA_SHOP_ID ?? '',
      secretKey: config.YOOKASSA_SECRET_KEY ?? '',
      apiUrl: config.YOOKASSA_API_URL,
      notificationIps: ips?.length ? ips : undefined,
      receiptVatCode: config.YOOKASSA_VAT_CODE,
    });
  }
  return createDevPaymentsProvider({ db, publicUrl });
}

/** The dev checkout takes no money: production refuses it as it refuses the dev SMS adapters. */
export function paymentsConfigProblems(config: PaymentsConfig): string[] {
  if (config.PAYMENTS_PROVIDER === 'dev' && config.APP_ENV === 'production')
    return [
      'PAYMENTS_PROVIDER=dev is refused in APP_ENV=production (its checkout takes no money): set PAYMENTS_PROVIDER=yookassa',
    ];
  if (config.PAYMENTS_PROVIDER === 'yookassa') {
    const missing = (['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as const).filter(
      (key) => !config[key]?.trim(),
    );
    if (missing.length) return [`PAYMENTS_PROVIDER=yookassa needs ${missing.join(' and ')}`];
  }
  return [];
}
