import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSecretWeakness, DEV_AUTH_SECRET, loadConfig, productionProblems } from './config';

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
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_SIZE: 'huge' })).toThrow(
      'exit',
    );
    expect(exit).toHaveBeenCalledWith(1);
    const message = String(error.mock.calls[0][0]);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED_SIZE');
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
  };

  it('none for a real deployment with a strong secret but the dev checkout and e-mail, and none outside production', () => {
    // The real payments and e-mail adapters come with their own settings; until then the dev
    // ones are all there is, and production refuses them.
    expect(productionProblems(loadConfig({ ...real, AUTH_SECRET: STRONG }))).toEqual([
      expect.stringMatching(/^PAYMENTS_PROVIDER=dev is refused in APP_ENV=production/),
      expect.stringMatching(/^EMAIL_PROVIDER=dev is refused in APP_ENV=production/),
    ]);
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  it('a missing or weak AUTH_SECRET and dev providers, each on its line', () => {
    expect(productionProblems(loadConfig({ ...real }))[0]).toMatch(
      /^AUTH_SECRET: required in APP_ENV=production/,
    );
    const weak = productionProblems(loadConfig({ APP_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }));
    expect(weak[0]).toMatch(/^AUTH_SECRET: too weak \(one character repeated\)/);
    expect(weak.slice(1).map((p) => p.split('=')[0])).toEqual([
      'SMS_PROVIDER',
      'FLASHCALL_PROVIDER',
      'CALLIN_PROVIDER',
      'VK_PROVIDER',
      'PAYMENTS_PROVIDER',
      'EMAIL_PROVIDER',
    ]);
  });
});
