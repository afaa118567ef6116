import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';

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
});
