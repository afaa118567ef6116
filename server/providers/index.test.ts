import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createProviders, type ProvidersConfig } from './index';

const logger = { info: () => {} };
const defaults = (overrides: Record<string, string> = {}): ProvidersConfig => loadConfig(overrides);

describe('createProviders', () => {
  it('uses the dev adapters by default, outside production, with the outbox', () => {
    const config = defaults();
    expect(config.APP_ENV).toBe('development');
    expect(config.CALLIN_PHONE).toBe('88005553535');
    expect(config.ENABLE_PHONE_CONFIRMATION_VK).toBe(true);
    const providers = createProviders(config, { logger });
    expect([providers.sms.name, providers.flashCall.name, providers.callIn.name, providers.vk?.name]).toEqual(
      ['dev', 'dev', 'dev', 'dev'],
    );
    expect(providers.outbox).not.toBeNull();
  });

  it('keeps the dev adapters working on stage', () => {
    expect(createProviders(defaults({ APP_ENV: 'stage' }), { logger }).outbox).not.toBeNull();
  });

  it('refuses dev adapters in production, naming every variable to set', () => {
    expect(() => createProviders(defaults({ APP_ENV: 'production' }), { logger })).toThrow(
      /SMS_PROVIDER=dev is refused in APP_ENV=production[\s\S]*FLASHCALL_PROVIDER[\s\S]*CALLIN_PROVIDER[\s\S]*VK_PROVIDER/,
    );
  });

  it('refuses a real adapter without its key', () => {
    expect(() => createProviders(defaults({ SMS_PROVIDER: 'smsru' }), { logger })).toThrow(
      'SMS_PROVIDER=smsru needs SMSRU_API_ID',
    );
    expect(() =>
      createProviders(defaults({ VK_PROVIDER: 'greensms', SMSRU_API_ID: 'x' }), { logger }),
    ).toThrow('VK_PROVIDER=greensms needs GREENSMS_TOKEN');
  });

  it('builds the real adapters in production, without an outbox', () => {
    const providers = createProviders(
      defaults({
        APP_ENV: 'production',
        SMS_PROVIDER: 'smsru',
        FLASHCALL_PROVIDER: 'smsru',
        CALLIN_PROVIDER: 'smsru',
        VK_PROVIDER: 'greensms',
        SMSRU_API_ID: 'key',
        GREENSMS_TOKEN: 'token',
      }),
      { logger },
    );
    expect([providers.sms.name, providers.flashCall.name, providers.callIn.name, providers.vk?.name]).toEqual(
      ['smsru', 'smsru-call', 'smsru-callcheck', 'greensms-vk'],
    );
    expect(providers.outbox).toBeNull();
  });

  it('needs no VK adapter when VK confirmation is switched off', () => {
    const config = defaults({
      APP_ENV: 'production',
      SMS_PROVIDER: 'smsru',
      FLASHCALL_PROVIDER: 'smsru',
      CALLIN_PROVIDER: 'smsru',
      SMSRU_API_ID: 'key',
      ENABLE_PHONE_CONFIRMATION_VK: 'false',
    });
    expect(config.ENABLE_PHONE_CONFIRMATION_VK).toBe(false);
    const providers = createProviders(config, { logger });
    expect(providers.vk).toBeNull();
    expect(providers.outbox).toBeNull();
  });
});
