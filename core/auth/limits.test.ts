import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, codeGuard, parsePrefixCaps, prefixCap, requesterPrefixCap } from './limits';

describe('codeGuard', () => {
  it('five tries per code until the phone has drawn 15 wrong guesses today, then one and the code must be named', () => {
    expect(codeGuard(0)).toEqual({ guarded: false, triesPerCode: 5 });
    expect(codeGuard(AUTH_LIMITS.wrongChecksPerPhonePerDay - 1)).toEqual({ guarded: false, triesPerCode: 5 });
    expect(codeGuard(AUTH_LIMITS.wrongChecksPerPhonePerDay)).toEqual({ guarded: true, triesPerCode: 1 });
    expect(codeGuard(10_000)).toEqual({ guarded: true, triesPerCode: 1 });
  });
});

describe('prefix caps', () => {
  const caps = parsePrefixCaps('7=100000,994=20,default=300');

  it('reads a country cap and the default', () => {
    expect(prefixCap('994', caps)).toBe(20);
    expect(prefixCap('374', caps)).toBe(300);
    expect(prefixCap('7', caps)).toBe(100_000);
  });

  it('gives one requester a twentieth of a country cap, at least one code', () => {
    expect(requesterPrefixCap(300)).toBe(15);
    expect(requesterPrefixCap(100_000)).toBe(5000);
    expect(requesterPrefixCap(20)).toBe(1);
    expect(requesterPrefixCap(5)).toBe(1);
    expect(requesterPrefixCap(0)).toBe(0);
  });

  it('refuses a malformed spec', () => {
    expect(() => parsePrefixCaps('7=lots')).toThrow();
    expect(() => parsePrefixCaps('abc=5')).toThrow();
  });
});
