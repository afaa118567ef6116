import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createTown } from '../../db/seed/factories';
import { csrfToken as csrf, injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  for (const [slug, name] of [
    ['kazan', 'Казань'],
    ['krasnodar', 'Краснодар'],
    ['krasnoyarsk', 'Красноярск'],
    ['ekaterinburg', 'Екатеринбург'],
    ['kaliningrad', 'Калининград'],
    ['kaluga', 'Калуга'],
    ['kamensk', 'Каменск-Уральский'],
    ['novograd', 'Новоград'],
    ['starograd', 'Староград'],
    ['zelenograd', 'Зеленоград'],
    ['belograd', 'Белоград'],
    ['krasnograd', 'Красноград'],
  ]) {
    await createTown(database.db, { slug, name });
  }
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A visitor's first response gives them a CSRF cookie (SameSite=Lax); the site's clients echo it back. */
async function csrfToken(): Promise<string> {
  const res = await app.inject({ url: '/healthz' });
  expect(res.cookies.find((c) => c.name === 'csrftoken')?.sameSite).toBe('Lax');
  return csrf(app);
}

describe('town list fragment', () => {
  it('answers every town as an escaped HTML list with where choosing posts', async () => {
    await createTown(database.db, { slug: 'xss', name: '<b>Город</b>' });
    const res = await app.inject({ url: '/ajax/towns/list/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(
      '<a href="/kazan/vrach/" data-translit="kazan" data-url="/ajax/towns/kazan/choose/">Казань</a>',
    );
    expect(res.body).toContain('&lt;b&gt;Город&lt;/b&gt;');
    expect(res.body).not.toContain('<b>');
    expect(res.body.match(/<li>/g)).toHaveLength(13);
  });
});

describe('town search', () => {
  it('suggests from 3 characters, at most 5, names starting with the query first', async () => {
    const res = await app.inject({ url: `/ajax/towns/search/?q=${encodeURIComponent('Кра')}` });
    expect(res.json().map((t: { name: string }) => t.name)).toEqual([
      'Краснодар',
      'Красноярск',
      'Красноград',
    ]);
    const five = (await app.inject({ url: `/ajax/towns/search/?q=${encodeURIComponent('ань')}` })).json();
    expect(five.map((t: { translit: string }) => t.translit)).toEqual(['kazan']);
    expect(five[0]).toEqual({
      name: 'Казань',
      translit: 'kazan',
      url: '/ajax/towns/kazan/choose/',
      value: 'Казань',
    });
  });

  it('caps suggestions at five', async () => {
    // Six towns contain 'град' (Калининград, Новоград, Староград, Зеленоград, Белоград, Красноград).
    const res = await app.inject({ url: `/ajax/towns/search/?q=${encodeURIComponent('град')}` });
    expect(res.json()).toHaveLength(5);
  });

  it('answers nothing below 3 characters, and treats ё as е', async () => {
    expect((await app.inject({ url: `/ajax/towns/search/?q=${encodeURIComponent('Ка')}` })).json()).toEqual(
      [],
    );
    expect((await app.inject({ url: '/ajax/towns/search/' })).json()).toEqual([]);
    const yo = (await app.inject({ url: `/ajax/towns/search/?q=${encodeURIComponent('Ёкатер')}` })).json();
    expect(yo.map((t: { translit: string }) => t.translit)).toEqual(['ekaterinburg']);
  });
});

describe('choosing a town', () => {
  it('remembers the town in a cookie and answers the URL to go to', async () => {
    const token = await csrfToken();
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/towns/kazan/choose/',
      cookies: { csrftoken: token },
      payload: `csrfmiddlewaretoken=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/kazan/vrach/' });
    const town = res.cookies.find((c) => c.name === 'town');
    expect(town).toMatchObject({ value: 'kazan', httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('accepts the token in the X-CSRFToken header too', async () => {
    const res = await injectWithCsrf(app, { url: '/ajax/towns/krasnodar/choose/' });
    expect(res.json()).toEqual({ url: '/krasnodar/vrach/' });
  });

  it('refuses a post without the echoed CSRF token, or with a wrong one', async () => {
    const token = await csrfToken();
    const missing = await app.inject({
      method: 'POST',
      url: '/ajax/towns/kazan/choose/',
      cookies: { csrftoken: token },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toMatch(/Обновите страницу/);
    const wrong = await app.inject({
      method: 'POST',
      url: '/ajax/towns/kazan/choose/',
      cookies: { csrftoken: token },
      // One character changed (never to itself: a token ending in 'x' once made this pass as 200).
      headers: { 'x-csrftoken': `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.cookies.find((c) => c.name === 'town')).toBeUndefined();
  });

  it('answers 404 for an unknown town', async () => {
    const res = await injectWithCsrf(app, { url: '/ajax/towns/atlantida/choose/' });
    expect(res.statusCode).toBe(404);
  });
});
