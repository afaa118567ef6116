/** Signing in end to end: request, confirm, login, pullAuth, logout; sessions; the doctor login link. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema/auth';
import { expectError, sessionCookie, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, post, newPhone, requestCode, confirm, lastCode, signIn, eventsOf } = t;

describe('sign-in round trip (flow B)', () => {
  it('requests a code, confirms it, logs in with the authorization code, pulls and logs out', async () => {
    const phone = newPhone();
    const requested = await requestCode(phone);
    expect(requested.statusCode).toBe(200);
    const body = requested.json();
    expect(body).toEqual({ code: 'call', service_id: expect.any(String), attempts_exceeded: false });

    const confirmed = await confirm(phone, lastCode(phone), body.service_id);
    expect(confirmed.statusCode).toBe(200);
    const { authorization_code } = confirmed.json();
    expect(authorization_code).toMatch(/^[\w-]{20,}$/);

    const login = await post('/api/auth/login/', { authorization_code, client_id: 'portal' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      isAnonymous: false,
      isRealPatient: true,
      isStaff: false,
      userPhone: phone,
    });
    const cookie = sessionCookie(login);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The CSRF token is renewed with the session.
    const newCsrf = login.cookies.find((c) => c.name === 'csrftoken')?.value;
    expect(newCsrf).toMatch(/\S{16,}/);
    expect(newCsrf).not.toBe(t.csrf);

    const pulled = await t.app.inject({
      url: '/api/auth/pull/',
      cookies: { sessionid: cookie?.value ?? '' },
    });
    expect(pulled.json().user).toMatchObject({ isAnonymous: false, userPhone: phone });
    expect(pulled.headers['cache-control']).toContain('no-store');

    // The session is stored hashed: the table never holds the cookie's token.
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === cookie?.value)).toBe(false);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: { sessionid: cookie?.value ?? '', csrftoken: t.csrf },
      headers: { 'x-csrftoken': t.csrf },
    });
    expect(logout.json().user.isAnonymous).toBe(true);
    const after = await t.app.inject({ url: '/api/auth/pull/', cookies: { sessionid: cookie?.value ?? '' } });
    expect(after.json().user.isAnonymous).toBe(true);

    expect(await eventsOf(phone)).toEqual(['code_sent', 'code_confirmed', 'signed_in', 'signed_out']);
  });

  it('an authorization code works once and only for its client', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const { authorization_code } = (await confirm(phone, lastCode(phone))).json();
    const other = await post('/api/auth/login/', { authorization_code, client_id: 'elsewhere' });
    expectError(other, 400, 'error_fields', 'Неверно заполненное поле');
    expect((await post('/api/auth/login/', { authorization_code, client_id: 'portal' })).statusCode).toBe(
      200,
    );
    const again = await post('/api/auth/login/', { authorization_code, client_id: 'portal' });
    expectError(again, 400, 'obsolete', 'Этот код устарел, нужно получить новый');
  });

  it('rotates the session id at login: the browser’s old session ends', async () => {
    const first = sessionCookie(await signIn(newPhone()))?.value ?? '';
    advance(3600_000);
    const second = await signIn(newPhone(), { sessionid: first });
    expect(sessionCookie(second)?.value).not.toBe(first);
    const old = await t.app.inject({ url: '/api/auth/pull/', cookies: { sessionid: first } });
    expect(old.json().user.isAnonymous).toBe(true);
  });

  it('a work account signs in with its role, never as a real patient', async () => {
    const phone = newPhone();
    await t.database.db.insert(users).values({ phone, role: 'staff' });
    const login = await signIn(phone);
    expect(login.json().user).toMatchObject({ isStaff: true, isRealPatient: false, isAnonymous: false });
  });

  it('answers a registered and an unknown phone alike', async () => {
    const known = newPhone();
    await t.database.db.insert(users).values({ phone: known, role: 'patient', isRealPatient: true });
    const a = await requestCode(known);
    const b = await requestCode(newPhone());
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect({ ...a.json(), service_id: 'x' }).toEqual({ ...b.json(), service_id: 'x' });
  });

  it('refuses calls without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/services/sso/confirmation/request/',
      payload: { phone: newPhone() },
      cookies: { csrftoken: t.csrf },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('doctor login link', () => {
  it('goes to the portal’s work form by default', async () => {
    const res = await t.app.inject({ url: '/login/doctor/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/?kind=work');
  });

  it('goes to the document site, except from an office address', async () => {
    const withDocs = await buildApp({
      db: t.database.db,
      clock: t.clock,
      auth: {
        providers: t.providers,
        documentSiteUrl: 'https://docs.example.ru/login/',
        officeIps: '203.0.113.0/24',
      },
    });
    try {
      const outside = await withDocs.inject({
        url: '/login/doctor/',
        remoteAddress: '198.51.100.9',
      });
      expect(outside.headers.location).toBe('https://docs.example.ru/login/');
      const office = await withDocs.inject({
        url: '/login/doctor/',
        remoteAddress: '203.0.113.40',
      });
      expect(office.headers.location).toBe('/login/?kind=work');
    } finally {
      await withDocs.close();
    }
  });
});

describe('staff sign in by SMS only', () => {
  it("a staff phone's code request is sent by SMS, whether a call (default) or VK was asked; the code signs in", async () => {
    const phone = newPhone();
    await t.database.db.insert(users).values({ phone, role: 'staff' });
    for (const extra of [{}, { confirmation_flow: 'vk' }]) {
      advance(5 * 60_000);
      const res = await requestCode(phone, extra);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'sms', service_id: expect.any(String), attempts_exceeded: false });
    }
    advance(5 * 60_000);
    const { service_id } = (await requestCode(phone)).json();
    const confirmed = await confirm(phone, lastCode(phone), service_id);
    expect(confirmed.statusCode).toBe(200);
    const login = await post('/api/auth/login/', {
      authorization_code: confirmed.json().authorization_code,
      client_id: 'portal',
    });
    expect(login.json().user).toMatchObject({ isStaff: true, userPhone: phone });
    // A patient's phone still gets the call first.
    expect((await requestCode(newPhone())).json().code).toBe('call');
  });

  it("a staff phone is refused a call-in check (403 'sms_only')", async () => {
    const phone = newPhone();
    await t.database.db.insert(users).values({ phone, role: 'staff' });
    const res = await post('/services/sso/calls/create_request/', { phone });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sms_only', detail: 'Сотрудники входят только по коду из СМС' });
    expect((await post('/services/sso/calls/create_request/', { phone: newPhone() })).statusCode).toBe(200);
  });
});
