/**
 * Per-address limits count a client by its address key (server/security/client-address.ts,
 * issue 48): an IPv6 host by its /64 (LIMIT_IPV6_PREFIX), an IPv4-mapped address as its IPv4
 * address. One host holds a whole /64 and may send each request from another address of it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../core/auth/limits';
import { buildApp } from '../app';
import { setUpAuthApp } from '../modules/auth/testing';
import { csrfToken } from '../testing/csrf';

const t = setUpAuthApp();
const CAP = AUTH_LIMITS.requestsPerIpPerHour;

async function requestCodeFrom(app: FastifyInstance, remoteAddress: string) {
  const csrf = await csrfToken(app);
  return app.inject({
    method: 'POST',
    url: '/services/sso/confirmation/request/',
    payload: { phone: t.newPhone() },
    cookies: { csrftoken: csrf },
    headers: { 'x-csrftoken': csrf },
    remoteAddress,
  });
}

async function tally(app: FastifyInstance, addresses: string[]) {
  const statuses: number[] = [];
  for (const address of addresses) statuses.push((await requestCodeFrom(app, address)).statusCode);
  return {
    admitted: statuses.filter((s) => s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

const hex = (i: number) => i.toString(16);

describe('code requests by address key', () => {
  it('60 requests from 60 addresses of one /64 are admitted 30 times', async () => {
    const addresses = Array.from(
      { length: 60 },
      (_, i) => `2001:db8:aa:1:${hex(i)}:${hex(i * 7)}::${hex(i + 1)}`,
    );
    expect(await tally(t.app, addresses)).toEqual({ admitted: CAP, refused: 60 - CAP });
    // Another /64 is another client.
    expect((await requestCodeFrom(t.app, '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? '198.51.100.61' : '::ffff:198.51.100.61',
    );
    expect(await tally(t.app, addresses)).toEqual({ admitted: CAP, refused: 40 - CAP });
  });

  it('IPv4 addresses are counted one by one', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `198.51.101.${i + 1}`);
    expect(await tally(t.app, addresses)).toEqual({ admitted: 40, refused: 0 });
  });

  describe('with LIMIT_IPV6_PREFIX=48', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        db: t.database.db,
        clock: t.clock,
        ipv6LimitPrefix: 48,
        auth: { providers: t.providers },
      });
    });
    afterAll(() => app?.close());

    it('40 requests from 40 /64s of one /48 are admitted 30 times', async () => {
      const addresses = Array.from({ length: 40 }, (_, i) => `2001:db8:bb:${hex(i)}::1`);
      expect(await tally(app, addresses)).toEqual({ admitted: CAP, refused: 40 - CAP });
    });
  });
});
