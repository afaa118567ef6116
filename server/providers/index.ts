import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { Config } from '../config';
import type { CallInProvider, FlashCallProvider } from './calls/call-providers';
import { createDevCallInProvider, createDevFlashCallProvider } from './calls/dev-calls';
import { createSmsRuCallInProvider, createSmsRuFlashCallProvider } from './calls/smsru-calls';
import { type DevLogger, DevOutbox } from './dev-outbox';
import { createDevVkProvider } from './messenger/dev-vk';
import { createGreenSmsVkProvider } from './messenger/greensms-vk';
import type { MessengerProvider } from './messenger/messenger-provider';
import { createDevSmsProvider } from './sms/dev-sms';
import type { SmsProvider } from './sms/sms-provider';
import { createSmsRuSmsProvider } from './sms/smsru-sms';

export type ProvidersConfig = Pick<
  Config,
  | 'APP_ENV'
  | 'SMS_PROVIDER'
  | 'FLASHCALL_PROVIDER'
  | 'CALLIN_PROVIDER'
  | 'VK_PROVIDER'
  | 'SMSRU_API_ID'
  | 'GREENSMS_TOKEN'
  | 'CALLIN_PHONE'
  | 'ENABLE_PHONE_CONFIRMATION_VK'
> &
  Partial<Pick<Config, 'SMSRU_FROM' | 'SMSRU_API_URL'>>;

/** Development and tests: every adapter the dev one (codes in the log and the dev outbox), VK on. */
export const DEV_PROVIDERS_CONFIG: ProvidersConfig = {
  APP_ENV: 'development',
  SMS_PROVIDER: 'dev',
  FLASHCALL_PROVIDER: 'dev',
  CALLIN_PROVIDER: 'dev',
  VK_PROVIDER: 'dev',
  CALLIN_PHONE: '88005553535',
  ENABLE_PHONE_CONFIRMATION_VK: true,
};

export interface Providers {
  sms: SmsProvider;
  flashCall: FlashCallProvider;
  callIn: CallInProvider;
  /** Null when ENABLE_PHONE_CONFIRMATION_VK is off: no VK adapter is configured or needed. */
  vk: MessengerProvider | null;
  /** Set when any dev adapter is in use: then mount devOutboxRoutes with it. */
  outbox: DevOutbox | null;
}

/**
 * Chooses the phone confirmation adapters from the config. Throws at boot, listing every
 * problem, when production would use a dev adapter (codes only in a log nobody reads) or a real
 * adapter lacks its key.
 */
export function createProviders(
  config: ProvidersConfig,
  { logger, clock = systemClock }: { logger: DevLogger; clock?: Clock },
): Providers {
  const problems = providerConfigProblems(config);
  if (problems.length)
    throw new Error(`Invalid provider configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);

  const usesDev =
    config.SMS_PROVIDER === 'dev' ||
    config.FLASHCALL_PROVIDER === 'dev' ||
    config.CALLIN_PROVIDER === 'dev' ||
    (config.ENABLE_PHONE_CONFIRMATION_VK && config.VK_PROVIDER === 'dev');
  const outbox = usesDev ? new DevOutbox({ clock, logger }) : null;
  const dev = () => {
    if (!outbox) throw new Error('unreachable: a dev adapter without the dev outbox');
    return outbox;
  };
  const smsRu = () => ({ apiId: config.SMSRU_API_ID ?? '', baseUrl: config.SMSRU_API_URL });

  return {
    sms:
      config.SMS_PROVIDER === 'smsru'
        ? createSmsRuSmsProvider({ ...smsRu(), from: config.SMSRU_FROM })
        : createDevSmsProvider(dev()),
    flashCall:
      config.FLASHCALL_PROVIDER === 'smsru'
        ? createSmsRuFlashCallProvider(smsRu())
        : createDevFlashCallProvider(dev()),
    callIn:
      config.CALLIN_PROVIDER === 'smsru'
        ? createSmsRuCallInProvider(smsRu())
        : createDevCallInProvider(dev(), { callPhone: config.CALLIN_PHONE }),
    vk: !config.ENABLE_PHONE_CONFIRMATION_VK
      ? null
      : config.VK_PROVIDER === 'greensms'
        ? createGreenSmsVkProvider({ token: config.GREENSMS_TOKEN ?? '' })
        : createDevVkProvider(dev()),
    outbox,
  };
}

/** Every reason the config cannot start, one line each, naming the variable to set. */
export function providerConfigProblems(config: ProvidersConfig): string[] {
  const problems: string[] = [];
  const production = config.APP_ENV === 'production';
  const choices: { variable: string; value: string; real: string; key: string; keyValue?: string }[] = [
    {
      variable: 'SMS_PROVIDER',
      value: config.SMS_PROVIDER,
      real: 'smsru',
      key: 'SMSRU_API_ID',
      keyValue: config.SMSRU_API_ID,
    },
    {
      variable: 'FLASHCALL_PROVIDER',
      value: config.FLASHCALL_PROVIDER,
      real: 'smsru',
      key: 'SMSRU_API_ID',
      keyValue: config.SMSRU_API_ID,
    },
    {
      variable: 'CALLIN_PROVIDER',
      value: config.CALLIN_PROVIDER,
      real: 'smsru',
      key: 'SMSRU_API_ID',
      keyValue: config.SMSRU_API_ID,
    },
  ];
  if (config.ENABLE_PHONE_CONFIRMATION_VK) {
    choices.push({
      variable: 'VK_PROVIDER',
      value: config.VK_PROVIDER,
      real: 'greensms',
      key: 'GREENSMS_TOKEN',
      keyValue: config.GREENSMS_TOKEN,
    });
  }
  for (const c of choices) {
    if (c.value === 'dev' && production) {
      problems.push(
        `${c.variable}=dev is refused in APP_ENV=production (codes would reach no phone): set ${c.variable}=${c.real} and ${c.key}` +
          (c.variable === 'VK_PROVIDER' ? ', or ENABLE_PHONE_CONFIRMATION_VK=false' : ''),
      );
    } else if (c.value !== 'dev' && !c.keyValue?.trim()) {
      problems.push(`${c.variable}=${c.value} needs ${c.key}`);
    }
  }
  return problems;
}
