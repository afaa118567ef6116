import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_OPERATOR } from '../core/legal/document';
import {
  authSecretWeakness,
  DEV_AUTH_SECRET,
  legalOperatorOf,
  loadConfig,
  productionProblems,
} from './config';

afterEach(() => vi.restoreAllMocks());

describe('loadConfig', () => {
  it('applies defaults and treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '8080' });
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      SEED_SIZE: 'small',
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PAGE_CONCURRENCY).toBeUndefined();
    expect(loadConfig({ PAGE_CONCURRENCY: '8' }).PAGE_CONCURRENCY).toBe(8);
  });

  it('takes the public origin from PORT unless PUBLIC_URL names it, without a trailing slash', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://portal.example.ru/' }).PUBLIC_URL).toBe(
      'https://portal.example.ru',
    );
  });

  it('reads a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal' }).DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:5432/portal',
    );
  });

  it('lists every problem, then exits, instead of starting half-configured', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_SIZE: 'huge', PAGE_CONCURRENCY: '0' }),
    ).toThrow('exit');
    expect(exit).toHaveBeenCalledWith(1);
    const message = String(error.mock.calls[0][0]);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED_SIZE');
    expect(message).toContain('PAGE_CONCURRENCY');
    error.mockClear();
  });

  it('trusts no proxy unless TRUST_PROXY names them by address', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 10.1.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.7',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY that would trust everyone, a hop count or a bad address', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const value of ['true', '1', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow('exit');
      expect(String(error.mock.calls.at(-1)?.[0])).toContain('TRUST_PROXY');
    }
    expect(exit).toHaveBeenCalledTimes(6);
    error.mockClear();
  });

  it('reads DATABASE_REPLICA_URLS as a list beside a PostgreSQL DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@10.0.0.1:5432/portal',
      DATABASE_REPLICA_URLS: 'postgres://postgres@10.0.0.2:5432/portal, postgresql://r@10.0.0.3/portal',
    });
    expect(config.DATABASE_REPLICA_URLS).toEqual([
      'postgres://postgres@10.0.0.2:5432/portal',
      'postgresql://r@10.0.0.3/portal',
    ]);
    expect(config.DATABASE_REPLICA_STICKY_MS).toBe(10_000);
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toBeUndefined();
  });

  it('refuses replicas with PGlite and replica URLs that are not postgres URLs', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r@10.0.0.2/portal' })).toThrow('exit');
    expect(String(error.mock.calls.at(-1)?.[0])).toContain(
      'DATABASE_REPLICA_URLS: read replicas need PostgreSQL',
    );
    const primary = 'postgres://postgres@10.0.0.1/portal';
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://r@10.0.0.2/portal,mysql://x' }),
    ).toThrow('exit');
    expect(String(error.mock.calls.at(-1)?.[0])).toContain("not 'mysql://x'");
    expect(exit).toHaveBeenCalledTimes(2);
    error.mockClear();
  });
});

const STRONG = 'q8Xv2LmN0pR7sT4wZ1yB6cD9fG3hJ5kA';

/** A real operator's settings (the numbers' check digits are right; the entity is made up). */
const OPERATOR = {
  OPERATOR_NAME: 'ООО «Портал»',
  OPERATOR_INN: '7700000009',
  OPERATOR_OGRN: '1027700000008',
  OPERATOR_ADDRESS: '101000, г. Москва, ул. Тестовая, д. 1',
  OPERATOR_EMAIL: 'privacy@example.ru',
};

describe('the operator of the legal documents', () => {
  it('is the settings when all are given, the phone optional; spaces in the numbers are dropped', () => {
    const config = loadConfig({
      ...OPERATOR,
      OPERATOR_INN: '77 0000 0009',
      OPERATOR_PHONE: '+7 495 000-00-00',
    });
    expect(legalOperatorOf(config)).toEqual({
      name: 'ООО «Портал»',
      inn: '7700000009',
      ogrn: '1027700000008',
      address: '101000, г. Москва, ул. Тестовая, д. 1',
      email: 'privacy@example.ru',
      phone: '+7 495 000-00-00',
      demo: false,
    });
    expect(legalOperatorOf(loadConfig(OPERATOR)).phone).toBeNull();
  });

  it('is the marked demo operator of a start without them, which production refuses', () => {
    expect(legalOperatorOf(loadConfig({}))).toBe(DEMO_OPERATOR);
    expect(DEMO_OPERATOR).toMatchObject({ name: 'Демонстрационный оператор', demo: true });
    // `npm start` (NODE_ENV=production, APP_ENV unset) on the embedded demo database runs with it.
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
    const production = productionProblems(loadConfig({ APP_ENV: 'production', AUTH_SECRET: STRONG }));
    expect(production).toContainEqual(
      expect.stringMatching(/^OPERATOR_\*: .* required in APP_ENV=production/),
    );
  });

  it.each([
    [
      'an ИНН with a wrong check digit',
      { OPERATOR_INN: '7700000008' },
      'OPERATOR_INN: the check digit is wrong',
    ],
    ['an ИНН of 11 digits', { OPERATOR_INN: '77000000091' }, 'OPERATOR_INN: 10 digits'],
    [
      'an ОГРН with a wrong check digit',
      { OPERATOR_OGRN: '1027700000009' },
      'OPERATOR_OGRN: the check digit is wrong',
    ],
    [
      'an ОГРНИП beside an organisation’s ИНН',
      { OPERATOR_OGRN: '300000000000004' },
      'OPERATOR_OGRN: an organisation',
    ],
    ['an e-mail that is not one', { OPERATOR_EMAIL: 'privacy at example' }, 'OPERATOR_EMAIL'],
    [
      'some settings without the others',
      { OPERATOR_ADDRESS: '' },
      'OPERATOR_ADDRESS: required with the other',
    ],
    [
      'the phone alone',
      {
        ...Object.fromEntries(Object.keys(OPERATOR).map((k) => [k, ''])),
        OPERATOR_PHONE: '+7 495 000-00-00',
      },
      'OPERATOR_NAME: required with the other',
    ],
  ])('refuses %s at start, in any environment', (_name, change, message) => {
    vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => loadConfig({ ...OPERATOR, ...change })).toThrow('exit');
    expect(String(error.mock.calls.at(-1)?.[0])).toContain(message);
  });
});

describe('authSecretWeakness', () => {
  it('accepts generated secrets', () => {
    expect(authSecretWeakness(STRONG)).toBeNull();
    expect(authSecretWeakness('3f9a1c7e5b2d8046af13ce97b5d20864')).toBeNull();
    expect(authSecretWeakness('Vh3k+9Qz/xW2mP7rT0yLs8Nd4Bf6Gc1Je5AuKo==')).toBeNull();
  });

  it.each([
    ['the development default', DEV_AUTH_SECRET],
    ['one character repeated', 'a'.repeat(40)],
    ['few distinct characters', 'abcabcabcabcabcabbcaabcabcabcabcab'],
    ['a placeholder', 'please-changeme-before-deploying-x9'],
    ['a placeholder in another spelling', 'Your_Secret_Here_1234567890_ABCDEFG'],
    ['a short pattern repeated', '0123456789ab'.repeat(3)],
    ['a run of the alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789'],
  ])('refuses %s', (_name, secret) => {
    expect(authSecretWeakness(secret)).not.toBeNull();
  });
});

describe('productionProblems', () => {
  const real = {
    APP_ENV: 'production',
    SMS_PROVIDER: 'smsru',
    FLASHCALL_PROVIDER: 'smsru',
    CALLIN_PROVIDER: 'smsru',
    VK_PROVIDER: 'greensms',
    SMSRU_API_ID: 'id',
    GREENSMS_TOKEN: 'token',
    PAYMENTS_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '123456',
    YOOKASSA_SECRET_KEY: 'live_secret',
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtps://receipts:password@smtp.example.ru:465',
    EMAIL_FROM: 'ПроДокторов <noreply@example.ru>',
    ...OPERATOR,
  };

  it('none for a real deployment with a strong secret, YooKassa and SMTP, and none outside production', () => {
    expect(productionProblems(loadConfig({ ...real, AUTH_SECRET: STRONG }))).toEqual([]);
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  it('the real payments and e-mail adapters without their settings, each named', () => {
    const bare = {
      ...real,
      AUTH_SECRET: STRONG,
      YOOKASSA_SECRET_KEY: '',
      SMTP_URL: 'http://mail.example',
      EMAIL_FROM: '',
    };
    expect(productionProblems(loadConfig(bare))).toEqual([
      'PAYMENTS_PROVIDER=yookassa needs YOOKASSA_SECRET_KEY',
      'EMAIL_PROVIDER=smtp needs SMTP_URL (smtp://user:password@host:587 or smtps://…)',
      'EMAIL_PROVIDER=smtp needs EMAIL_FROM',
    ]);
  });

  it('a missing or weak AUTH_SECRET and dev providers, each on its line', () => {
    expect(productionProblems(loadConfig({ ...real }))[0]).toMatch(
      /^AUTH_SECRET: required in APP_ENV=production/,
    );
    const weak = productionProblems(loadConfig({ APP_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }));
    expect(weak[0]).toMatch(/^AUTH_SECRET: too weak \(one character repeated\)/);
    expect(weak.slice(2).map((p) => p.split('=')[0])).toEqual([
      'SMS_PROVIDER',
      'FLASHCALL_PROVIDER',
      'CALLIN_PROVIDER',
      'VK_PROVIDER',
      'PAYMENTS_PROVIDER',
      'EMAIL_PROVIDER',
    ]);
    expect(weak[1]).toMatch(/^OPERATOR_\*: the operator's details are required in APP_ENV=production/);
  });

  it("refuses the end-to-end tests' page clock in production only", () => {
    expect(productionProblems(loadConfig({ ...real, AUTH_SECRET: STRONG, CLOCK_OVERRIDE: 'true' }))).toEqual([
      expect.stringMatching(/^CLOCK_OVERRIDE: for end-to-end tests only/),
    ]);
    expect(productionProblems(loadConfig({ CLOCK_OVERRIDE: 'true' }))).toEqual([]);
    expect(loadConfig({}).CLOCK_OVERRIDE).toBe(false);
  });

  it('takes the app store links as https addresses', () => {
    const config = loadConfig({ APP_STORE_URL: 'https://apps.apple.com/ru/app/id1' });
    expect(config.APP_STORE_URL).toBe('https://apps.apple.com/ru/app/id1');
    expect(config.GOOGLE_PLAY_URL).toMatch(/^https:\/\/play\.google\.com\//);
  });
});
