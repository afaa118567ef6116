import { describe, expect, it } from 'vitest';
import { isAllowedAddress, urlProblem, WEBHOOK_EVENTS, WEBHOOK_TEXTS, WebhookBodySchema } from './webhooks';

describe('a webhook address', () => {
  it('is https, or http to the loopback outside production, without a user or password', () => {
    expect(urlProblem('https://mis.example.ru/hook', true)).toBeNull();
    expect(urlProblem('http://mis.example.ru/hook', false)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(urlProblem('http://127.0.0.1:8080/hook', false)).toBeNull();
    expect(urlProblem('http://localhost/hook', false)).toBeNull();
    expect(urlProblem('http://[::1]/hook', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1/hook', true)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(urlProblem('ftp://mis.example.ru/', false)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(urlProblem('not a url', false)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(urlProblem('https://a:b@mis.example.ru/', true)).toBe(WEBHOOK_TEXTS.credentials);
  });

  it('connects only to ordinary internet addresses (the loopback too outside production)', () => {
    for (const internal of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'nonsense',
    ])
      expect(isAllowedAddress(internal, true), internal).toBe(false);
    for (const outside of ['93.184.216.34', '77.88.55.242', '2a02:6b8::2:242', '::ffff:93.184.216.34'])
      expect(isAllowedAddress(outside, true), outside).toBe(true);
    expect(isAllowedAddress('127.0.0.1', false)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', false)).toBe(false);
  });
});

describe('registering a webhook', () => {
  it('takes the named events in their order, none named meaning every event', () => {
    const parse = (body: unknown) => WebhookBodySchema.parse(body);
    expect(parse({ url: ' https://x.ru/h ' })).toEqual({ url: 'https://x.ru/h', events: null });
    expect(parse({ url: 'https://x.ru/h', events: [] }).events).toBeNull();
    expect(
      parse({
        url: 'https://x.ru/h',
        events: ['appointment.marked', 'appointment.booked', 'appointment.booked'],
      }).events,
    ).toEqual(['appointment.booked', 'appointment.marked']);
    const bad = WebhookBodySchema.safeParse({ url: 'https://x.ru/h', events: ['appointment.sold'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(WEBHOOK_TEXTS.badEvent);
    expect(WEBHOOK_EVENTS).toHaveLength(5);
  });
});
