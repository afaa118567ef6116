/**
 * State-changing calls check where the browser says they come from, besides the CSRF token
 * (issue 48): `Sec-Fetch-Site: cross-site`, or an `Origin` other than PUBLIC_URL's, is a 403;
 * a request without either (no browser) is judged by the token alone. Server-to-server routes
 * (the MIS API with its key, the payment provider's notifications) are exempt by name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIS_API } from '../../core/mis/calls';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { CLUB_NOTIFICATION_PATH } from '../modules/club/routes';
import { openTestDatabase } from '../testing/database';
import { CSRF_ERROR, ownOrigins } from './csrf';

const PUBLIC_URL = 'https://portal.example.ru';
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z'), publicUrl: PUBLIC_URL });
  const first = await app.inject({ url: '/healthz' });
  token = first.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A call with a valid CSRF token and the given browser headers. */
const call = (url: string, headers: Record<string, string>, method: 'POST' | 'PUT' | 'DELETE' = 'POST') =>
  app.inject({
    method,
    url,
    payload: {},
    cookies: { csrftoken: token },
    headers: { 'x-csrftoken': token, ...headers },
  });

const REFUSED: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site', origin: PUBLIC_URL },
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: 'http://portal.example.ru' },
  { origin: 'https://portal.example.ru.evil.example' },
  { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
];
const ALLOWED: Record<string, string>[] = [
  {},
  { origin: PUBLIC_URL },
  { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
  { 'sec-fetch-site': 'same-origin' },
  { 'sec-fetch-site': 'none' },
];

describe('a state-changing call from another site', () => {
  it('is refused with 403 {detail} on the API, the review form and a DELETE', async () => {
    for (const url of ['/api/auth/logout/', '/api/reviews/', '/ajax/mistake_reports/'])
      for (const headers of REFUSED) {
        const res = await call(url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ detail: CSRF_ERROR, code: 'csrf_failed' });
      }
    const deleted = await call(
      '/api/patient/favourites/doctor/1/',
      { origin: 'https://evil.example' },
      'DELETE',
    );
    expect(deleted.statusCode).toBe(403);
  });

  it('passes from our own origin, or from no browser at all', async () => {
    for (const headers of ALLOWED) {
      const res = await call('/api/auth/logout/', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('a read is never refused for its origin', async () => {
    const res = await app.inject({ url: '/api/towns/', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });

  it('server-to-server routes are exempt: the MIS API and the payment notifications', async () => {
    const mis = await app.inject({
      method: 'PUT',
      url: `${MIS_API}doctors/1/`,
      payload: {},
      headers: {
        authorization: 'Bearer nope',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(mis.statusCode).toBe(401);
    const notice = await app.inject({
      method: 'POST',
      url: CLUB_NOTIFICATION_PATH,
      payload: { event: 'payment.succeeded', object: { id: 'x' } },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(notice.json().code).not.toBe('csrf_failed');
  });
});

describe('ownOrigins', () => {
  it('is PUBLIC_URL’s origin alone for a public host', () => {
    expect([...ownOrigins('https://portal.example.ru')]).toEqual(['https://portal.example.ru']);
  });

  it('takes every loopback name of the same port when PUBLIC_URL names this machine', () => {
    const own = ownOrigins('http://localhost:3000');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(own.has(origin), origin).toBe(true);
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://localhost.evil.example:3000',
    ])
      expect(own.has(origin), origin).toBe(false);
  });
});
