import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_SESSION_PATH } from '../../core/http/set-session';
import { issueCsrfCookie } from './csrf';

const app = Fastify();

beforeAll(async () => {
  await app.register(cookie);
  issueCsrfCookie(app, { secure: true });
  await app.ready();
});
afterAll(() => app.close());

describe('the set-session call', () => {
  it('gives a browser without a csrftoken cookie its cookie, with no body and no caching', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: SET_SESSION_PATH });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.cookies.find((c) => c.name === 'csrftoken');
    expect(token?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).toMatchObject({ path: '/', sameSite: 'Lax', secure: true });
  });

  it('keeps a valid cookie and replaces a forged one', async () => {
    const valid = 'a'.repeat(32);
    const kept = await app.inject({
      method: 'OPTIONS',
      url: SET_SESSION_PATH,
      cookies: { csrftoken: valid },
    });
    expect(kept.statusCode).toBe(204);
    expect(kept.cookies).toHaveLength(0);
    const forged = await app.inject({
      method: 'OPTIONS',
      url: SET_SESSION_PATH,
      cookies: { csrftoken: '<script>' },
    });
    expect(forged.statusCode).toBe(204);
    expect(forged.cookies.find((c) => c.name === 'csrftoken')?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a garbage body as a client error, never a 500', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: SET_SESSION_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{garbage',
    });
    expect(res.statusCode).toBe(400);
  });

  it('is OPTIONS only', async () => {
    expect((await app.inject({ method: 'GET', url: SET_SESSION_PATH })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: SET_SESSION_PATH })).statusCode).toBe(404);
  });
});
