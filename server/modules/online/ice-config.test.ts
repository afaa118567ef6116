/** The online rooms' ICE settings (server/config.ts): STUN and TURN URLs, and the TURN shared secret. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, productionProblems } from '../../config';

afterEach(() => vi.restoreAllMocks());

const SECRET = 'Zr8vN2qL5xT1wK9mB4cY7hJ3pF6sD0gA';

/** The problems loadConfig prints before it exits. */
function refused(env: Record<string, string>): string {
  vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => loadConfig(env)).toThrow('exit');
  return String(error.mock.calls.at(-1)?.[0]);
}

describe('ICE settings', () => {
  it('has none by default: browsers then connect directly only', () => {
    const config = loadConfig({});
    expect([config.ICE_STUN_URLS, config.TURN_URLS, config.TURN_SECRET]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads comma-separated STUN and TURN URLs with the TURN secret', () => {
    const config = loadConfig({
      ICE_STUN_URLS: 'stun:turn.example.ru:3478',
      TURN_URLS: 'turn:turn.example.ru:3478?transport=udp, turns:turn.example.ru:5349?transport=tcp',
      TURN_SECRET: SECRET,
    });
    expect(config.ICE_STUN_URLS).toEqual(['stun:turn.example.ru:3478']);
    expect(config.TURN_URLS).toEqual([
      'turn:turn.example.ru:3478?transport=udp',
      'turns:turn.example.ru:5349?transport=tcp',
    ]);
  });

  it('refuses URLs of another scheme, TURN without its secret and a short secret', () => {
    expect(refused({ ICE_STUN_URLS: 'https://stun.example.ru' })).toContain('ICE_STUN_URLS');
    expect(refused({ TURN_URLS: 'stun:turn.example.ru:3478', TURN_SECRET: SECRET })).toContain('TURN_URLS');
    expect(refused({ TURN_URLS: 'turn:turn.example.ru:3478' })).toContain('TURN_SECRET');
    expect(refused({ TURN_SECRET: SECRET })).toContain('TURN_URLS');
    expect(refused({ TURN_URLS: 'turn:turn.example.ru:3478', TURN_SECRET: 'short' })).toContain(
      'TURN_SECRET',
    );
  });

  it('refuses a guessable TURN secret in production', () => {
    const env = { APP_ENV: 'production', TURN_URLS: 'turn:turn.example.ru:3478' } as const;
    const weak = productionProblems(
      loadConfig({ ...env, TURN_SECRET: 'changeme-changeme-changeme-changeme' }),
    );
    expect(weak.some((p) => p.startsWith('TURN_SECRET: too weak'))).toBe(true);
    const strong = productionProblems(loadConfig({ ...env, TURN_SECRET: SECRET }));
    expect(strong.some((p) => p.startsWith('TURN_SECRET'))).toBe(false);
  });
});
