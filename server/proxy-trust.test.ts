/**
 * Whose X-Forwarded-For is believed: nobody's by default, so a client cannot pick its own
 * address to slip past the per-address limits or pass for the office; with `trustProxy`
 * (TRUST_PROXY) the named proxy's forwarded client address is used.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../core/auth/limits';
import { buildApp } from './app';
import { setUpAuthApp } from './modules/auth/testing';
import { csrfToken } from './testing/csrf';

const t = setUpAuthApp();
const PROXY = '10.0.0.7';
const OFFICE = '203.0.113.40';

/** One request for a code for a fresh phone, from `remoteAddress`, naming `forwardedFor`. */
async function requestCodeVia(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const csrf = await csrfToken(app);
  return app.inject({
    method: 'POST',
    url: '/services/sso/confirmation/request/',
    payload: { phone: t.newPhone() },
    cookies: { csrftoken: csrf },
    headers: { 'x-csrftoken': csrf, 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
}

function tally(statuses: number[]) {
  return {
    admitted: statuses.filter((s) => s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

/** The app as deployed with the document site's sign-in and an office, optionally behind a proxy. */
async function appWithOffice(trustProxy?: string[]) {
  return buildApp({
    db: t.database.db,
    clock: t.clock,
    trustProxy,
    auth: {
      providers: t.providers,
      documentSiteUrl: 'https://docs.example.ru/login/',
      officeIps: '203.0.113.0/24',
    },
  });
}

describe('without a trusted proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithOffice();
  });
  afterAll(() => app?.close());

  it('a spoofed X-Forwarded-For does not escape the per-address cap on codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await requestCodeVia(app, '198.51.100.20', `100.64.${i >> 8}.${i & 255}`);
      statuses.push(res.statusCode);
    }
    expect(tally(statuses)).toEqual({
      admitted: AUTH_LIMITS.requestsPerIpPerHour,
      refused: 100 - AUTH_LIMITS.requestsPerIpPerHour,
    });
  });

  it('naming an office address in X-Forwarded-For does not skip the document-site redirect', async () => {
    const spoofed = await app.inject({
      url: '/login/doctor/',
      headers: { 'x-forwarded-for': OFFICE },
      remoteAddress: '198.51.100.9',
    });
    expect(spoofed.statusCode).toBe(302);
    expect(spoofed.headers.location).toBe('https://docs.example.ru/login/');
    const office = await app.inject({ url: '/login/doctor/', remoteAddress: OFFICE });
    expect(office.headers.location).toBe('/login/?kind=work');
  });
});

describe('behind a trusted proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithOffice([PROXY]);
  });
  afterAll(() => app?.close());

  it('counts codes by the client address the proxy forwards', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.requestsPerIpPerHour; i++) {
      statuses.push((await requestCodeVia(app, PROXY, '198.51.100.30')).statusCode);
    }
    expect(tally(statuses)).toEqual({ admitted: AUTH_LIMITS.requestsPerIpPerHour, refused: 1 });
    // Another client behind the same proxy has a count of its own.
    expect((await requestCodeVia(app, PROXY, '198.51.100.31')).statusCode).toBe(200);
  });

  it('knows the office by the forwarded address, and only from the proxy', async () => {
    const viaProxy = await app.inject({
      url: '/login/doctor/',
      headers: { 'x-forwarded-for': OFFICE },
      remoteAddress: PROXY,
    });
    expect(viaProxy.headers.location).toBe('/login/?kind=work');
    const direct = await app.inject({
      url: '/login/doctor/',
      headers: { 'x-forwarded-for': OFFICE },
      remoteAddress: '198.51.100.9',
    });
    expect(direct.headers.location).toBe('https://docs.example.ru/login/');
  });
});
