import { describe, expect, it } from 'vitest';
import { officeMatcher } from './office-ips';

describe('officeMatcher', () => {
  it('matches single addresses and subnets, IPv4-mapped too', () => {
    const inOffice = officeMatcher('203.0.113.7, 198.51.100.0/24');
    expect(inOffice('203.0.113.7')).toBe(true);
    expect(inOffice('::ffff:198.51.100.42')).toBe(true);
    expect(inOffice('198.51.101.1')).toBe(false);
    expect(inOffice('not an ip')).toBe(false);
  });

  it('matches nothing when empty, and refuses malformed entries', () => {
    expect(officeMatcher('')('127.0.0.1')).toBe(false);
    expect(() => officeMatcher('10.0.0.0/40')).toThrow(/prefix/);
    expect(() => officeMatcher('office')).toThrow(/not an IP/);
  });
});
