import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('counts an IPv4 address by itself, also when it comes IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
  });

  it('counts an IPv6 address by its /64', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const ip of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:abcd::9',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(ip), ip).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('takes another prefix length', () => {
    expect(addressKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:ff::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8::1', 128)).toBe('2001:db8::1/128');
    expect(addressKey('2001:db8::2', 128)).not.toBe(addressKey('2001:db8::1', 128));
  });

  it('keeps anything that is no address as it is', () => {
    expect(addressKey('test-client')).toBe('test-client');
    expect(addressKey('0x7f.1')).toBe('0x7f.1');
  });
});

describe('LIMIT_IPV6_PREFIX', () => {
  it('is 64 unless set', () => {
    expect(loadConfig({}).LIMIT_IPV6_PREFIX).toBe(64);
    expect(loadConfig({ LIMIT_IPV6_PREFIX: '48' }).LIMIT_IPV6_PREFIX).toBe(48);
  });
});
