import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { authEvents, sessions, users } from '../../db/schema/auth';
import { createProviders, type Providers } from '../../providers';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { multipartForm } from '../../testing/multipart';
import { signedInAs } from '../../testing/session';

let database: Database;
let app: FastifyInstance;
let providers: Providers;
let csrf: string;
let now = Date.parse('2026-11-22T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const advance = (ms: number) => {
  now += ms;
};

let phoneSeq = 0;
/** A fresh valid Russian mobile number per test, so limits never leak between tests. */
const newPhone = () => `7916${String(1_000_000 + phoneSeq++).padStart(7, '0')}`;
let ipSeq = 0;
const newIp = () => `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  database = await openTestDatabase();
  providers = createProviders(
    {
      APP_ENV: 'development',
      SMS_PROVIDER: 'dev',
      FLASHCALL_PROVIDER: 'dev',
      CALLIN_PROVIDER: 'dev',
      VK_PROVIDER: 'dev',
      CALLIN_PHONE: '88005553535',
      ENABLE_PHONE_CONFIRMATION_VK: true,
    },
    { logger: { info() {} }, clock },
  );
  app = await buildApp({
    db: database.db,
    clock,
    auth: { providers, prefixCaps: '7=100000,994=20,default=300' },
  });
  csrf = await csrfToken(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(() => {
  // Each test starts in a fresh hour so hourly windows of earlier tests are over.
  advance(2 * 3600_000);
});

interface CallOptions {
  ip?: string;
  cookies?: Record<string, string>;
  query?: string;
}

function post(url: string, payload: unknown, options: CallOptions = {}) {
  return app.inject({
    method: 'POST',
    url: options.query ? `${url}?${options.query}` : url,
    payload: payload as Record<string, unknown>,
    cookies: { ...options.cookies, csrftoken: csrf },
    headers: { 'x-csrftoken': csrf, 'x-forwarded-for': options.ip ?? newIp() },
  });
}

function postForm(url: string, fields: Record<string, string>, options: CallOptions = {}) {
  const form = multipartForm(fields);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    cookies: { ...options.cookies, csrftoken: csrf },
    headers: { ...form.headers, 'x-csrftoken': csrf, 'x-forwarded-for': options.ip ?? newIp() },
  });
}

const requestCode = (phone: string, extra: Record<string, unknown> = {}, options?: CallOptions) =>
  post('/services/sso/confirmation/request/', { phone, ...extra }, options);
const confirm = (phone: string, code: string, serviceId: string | null = null, options?: CallOptions) =>
  post(
    '/services/sso/confirmation/confirm/',
    { phone, code, service_id: serviceId, mobile_app: false },
    { query: 'client_id=portal', ...options },
  );
const lastCode = (phone: string) => {
  const code = providers.outbox?.lastCode(phone);
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
};
const wrongCode = (phone: string) => (lastCode(phone) === '0000' ? '1111' : '0000');

function expectError(res: LightMyRequestResponse, status: number, code: string, detail: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, detail });
}

async function signIn(phone: string, cookies: Record<string, string> = {}) {
  const requested = await requestCode(phone);
  expect(requested.statusCode).toBe(200);
  const confirmed = await confirm(phone, lastCode(phone), requested.json().service_id);
  expect(confirmed.statusCode).toBe(200);
  const login = await post(
    '/api/auth/login/',
    {
      authorization_code: confirmed.json().authorization_code,
      client_id: 'portal',
    },
    { cookies },
  );
  return login;
}

const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sessionid');

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
    expect(newCsrf).toBeTruthy();
    expect(newCsrf).not.toBe(csrf);

    const pulled = await app.inject({ url: '/api/auth/pull/', cookies: { sessionid: cookie?.value ?? '' } });
    expect(pulled.json().user).toMatchObject({ isAnonymous: false, userPhone: phone });
    expect(pulled.headers['cache-control']).toContain('no-store');

    // The session is stored hashed: the table never holds the cookie's token.
    const rows = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === cookie?.value)).toBe(false);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: { sessionid: cookie?.value ?? '', csrftoken: csrf },
      headers: { 'x-csrftoken': csrf },
    });
    expect(logout.json().user.isAnonymous).toBe(true);
    const after = await app.inject({ url: '/api/auth/pull/', cookies: { sessionid: cookie?.value ?? '' } });
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
    const old = await app.inject({ url: '/api/auth/pull/', cookies: { sessionid: first } });
    expect(old.json().user.isAnonymous).toBe(true);
  });

  it('a work account signs in with its role, never as a real patient', async () => {
    const phone = newPhone();
    await database.db.insert(users).values({ phone, role: 'staff' });
    const login = await signIn(phone);
    expect(login.json().user).toMatchObject({ isStaff: true, isRealPatient: false, isAnonymous: false });
  });

  it('answers a registered and an unknown phone alike', async () => {
    const known = newPhone();
    await database.db.insert(users).values({ phone: known, role: 'patient', isRealPatient: true });
    const a = await requestCode(known);
    const b = await requestCode(newPhone());
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect({ ...a.json(), service_id: 'x' }).toEqual({ ...b.json(), service_id: 'x' });
  });

  it('refuses calls without the CSRF header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/services/sso/confirmation/request/',
      payload: { phone: newPhone() },
      cookies: { csrftoken: csrf },
    });
    expect(res.statusCode).toBe(403);
  });
});

async function eventsOf(phone: string) {
  const rows = await database.db
    .select({ kind: authEvents.kind })
    .from(authEvents)
    .where(eq(authEvents.phone, phone))
    .orderBy(authEvents.id);
  return rows.map((e) => e.kind);
}

describe('code request errors (flow B)', () => {
  it.each([
    ['not a number', 'abc'],
    ['too short', '7916123'],
    ['a Russian landline (must begin with 9)', '74951234567'],
    ['no phone at all', undefined],
  ])('invalid: %s', async (_label, phone) => {
    expectError(await requestCode(phone as string), 400, 'invalid', 'Некорректный номер телефона');
  });

  it('error_fields for an unknown confirmation_flow', async () => {
    const res = await requestCode(newPhone(), { confirmation_flow: 'telegram' });
    expectError(res, 400, 'error_fields', 'Неверно заполненное поле');
  });

  it('error_limit with waiting_time when a code is asked again within 30 s', async () => {
    const phone = newPhone();
    await requestCode(phone);
    advance(10_000);
    const res = await requestCode(phone);
    expectError(res, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
    expect(res.json().waiting_time).toBe(20);
    advance(20_000);
    expect((await requestCode(phone)).statusCode).toBe(200);
  });

  it('the first two codes of an hour come by call, then by SMS; hourly and daily limits follow', async () => {
    const phone = newPhone();
    const methods: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestCode(phone);
      expect(res.statusCode).toBe(200);
      methods.push(res.json().code);
      advance(31_000);
    }
    expect(methods).toEqual(['call', 'call', 'sms', 'sms', 'sms']);
    const hourly = await requestCode(phone);
    expectError(hourly, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
    expect(hourly.json().waiting_time).toBeGreaterThan(3000);
    advance(3600_000);
    for (let i = 0; i < 4; i++) {
      expect((await requestCode(phone)).statusCode).toBe(200);
      advance(31_000);
    }
    // 10 a day: the eleventh is refused until tomorrow.
    advance(3600_000);
    const daily = await requestCode(phone);
    expectError(daily, 429, 'error_limit_total', 'Отправить новый код можно через сутки');
  });

  it('deleting_in_progress blocks a phone whose profile is being deleted', async () => {
    const phone = newPhone();
    await database.db.insert(users).values({ phone, role: 'patient', deletingSince: new Date(now) });
    const res = await requestCode(phone);
    expectError(
      res,
      403,
      'deleting_in_progress',
      'С этого номера пока нельзя записаться на приём или оставить отзыв',
    );
  });

  it('per IP: a burst from one address is stopped', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await requestCode(newPhone(), {}, { ip })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const res = await requestCode(newPhone(), {}, { ip });
    expectError(res, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
  });
});

describe('code confirm errors (flow B)', () => {
  it('error_code is worded by method: call, SMS, VK', async () => {
    const phone = newPhone();
    const call = await requestCode(phone);
    expect(call.json().code).toBe('call');
    expectError(await confirm(phone, wrongCode(phone)), 400, 'error_code', 'Неверные цифры');

    const sms = newPhone();
    await post('/services/sso/phone_login/', { phone: sms.slice(1) });
    expectError(await confirm(sms, wrongCode(sms)), 400, 'error_code', 'Неверный СМС код');

    const vk = newPhone();
    expect((await requestCode(vk, { confirmation_flow: 'vk' })).json().code).toBe('vk');
    expectError(await confirm(vk, wrongCode(vk)), 400, 'error_code', 'Неверный код');
  });

  it('obsolete after 5 minutes, worded for a call or an SMS', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    advance(5 * 60_000 + 1);
    expectError(await confirm(phone, code), 404, 'obsolete', 'Эти цифры устарели. Повторите запрос');

    const sms = newPhone();
    await post('/services/sso/phone_login/', { phone: sms.slice(1) });
    const smsCode = lastCode(sms);
    advance(5 * 60_000 + 1);
    expectError(await confirm(sms, smsCode), 404, 'obsolete', 'Этот код устарел, нужно получить новый');
  });

  it('attempts_out after 5 wrong tries, and then even the right code fails', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const right = lastCode(phone);
    for (let i = 0; i < 4; i++)
      expect((await confirm(phone, wrongCode(phone))).json().code).toBe('error_code');
    expectError(
      await confirm(phone, wrongCode(phone)),
      429,
      'attempts_out',
      'Слишком много попыток. Повторите запрос',
    );
    expectError(await confirm(phone, right), 429, 'attempts_out', 'Слишком много попыток. Повторите запрос');
  });

  it('parallel guesses never get more than 5 tries on one code', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const wrong = wrongCode(phone);
    const results = await Promise.all(Array.from({ length: 12 }, () => confirm(phone, wrong)));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'error_code').length).toBeLessThanOrEqual(4);
    expect(codes.every((c) => c === 'error_code' || c === 'attempts_out')).toBe(true);
  });

  it('error_fields for a code that is not 4 digits or a bad service_id', async () => {
    const phone = newPhone();
    await requestCode(phone);
    expectError(await confirm(phone, '12a4'), 400, 'error_fields', 'Неверно заполненное поле');
    expectError(
      await confirm(phone, lastCode(phone), 'not-a-uuid'),
      400,
      'error_fields',
      'Неверно заполненное поле',
    );
  });

  it('invalid phone at confirm', async () => {
    expectError(await confirm('7000', '1234'), 400, 'invalid', 'Некорректный номер телефона');
  });

  it('user_has_phone when the signed-in user confirms their own phone again', async () => {
    const phone = newPhone();
    const cookie = sessionCookie(await signIn(phone))?.value ?? '';
    advance(31_000);
    await requestCode(phone);
    const res = await confirm(phone, lastCode(phone), null, { cookies: { sessionid: cookie } });
    expectError(res, 409, 'user_has_phone', 'Вы уже авторизованы. Пожалуйста, обновите страницу');
  });

  it('VK attempts run out: attempts_exceeded, then the code goes by call or SMS', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      const res = await requestCode(phone, { confirmation_flow: 'vk' });
      expect(res.json()).toMatchObject({ code: 'vk', attempts_exceeded: false });
      advance(31_000);
    }
    const out = await requestCode(phone, { confirmation_flow: 'vk' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ code: 'vk', service_id: null, attempts_exceeded: true });
    const fallback = await requestCode(phone);
    expect(fallback.statusCode).toBe(200);
    expect(['call', 'sms']).toContain(fallback.json().code);
  });
});

describe('brute force and SMS pumping', () => {
  it('10,000 wrong codes from many IPs never sign in, and the phone locks for a day', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const right = lastCode(phone);
    const wrong = wrongCode(phone);
    const tally = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const res = await post(
        '/services/sso/confirmation/confirm/',
        { phone, code: wrong, service_id: null },
        { query: 'client_id=portal', ip: `100.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      );
      expect(res.statusCode).not.toBe(200);
      const code = res.json().code;
      tally.set(code, (tally.get(code) ?? 0) + 1);
    }
    // 4 wrong, then the code is spent; 15 failures a day lock the phone.
    expect(tally.get('error_code')).toBe(4);
    expect(tally.get('attempts_out')).toBe(11);
    expect(tally.get('too_many_requests')).toBe(10_000 - 15);
    const locked = await confirm(phone, right);
    expectError(
      locked,
      429,
      'too_many_requests',
      'Подтвердить этот номер можно через сутки. Было слишком много попыток',
    );
    expectError(
      await requestCode(phone),
      429,
      'too_many_requests',
      'Подтвердить этот номер можно через сутки. Было слишком много попыток',
    );
    expect(await eventsOf(phone)).toContain('phone_locked');
    // A day later the phone may try again.
    advance(24 * 3600_000);
    expect((await requestCode(phone)).statusCode).toBe(200);
  }, 120_000);

  it('codes to many numbers of one country prefix stop at its daily cap', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const azerbaijan = `99450${String(1_000_000 + i * 37).padStart(7, '0')}`;
      statuses.push((await requestCode(azerbaijan)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const capped = await requestCode('994501999999');
    expectError(capped, 429, 'error_limit_total', 'Отправить новый код можно через сутки');
    // Russian numbers have their own, far larger cap.
    expect((await requestCode(newPhone())).statusCode).toBe(200);
  });
});

describe('call-in confirmation', () => {
  const finish = (phone: string, uuid: string, source = 'timer') =>
    post(
      '/services/sso/calls/finish_request/',
      { phone, uuid },
      { query: `client_id=portal&source=${source}&time=5000` },
    );

  it('waits for the call, then gives an authorization code once', async () => {
    const phone = newPhone();
    const created = await post('/services/sso/calls/create_request/', { phone });
    expect(created.statusCode).toBe(200);
    const { uuid, call_phone } = created.json();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(call_phone).toBe('88005553535');

    const waiting = await finish(phone, uuid);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({ status: 'waiting' });

    const check = providers.outbox?.listChecks().find((c) => c.phone === phone);
    expect(providers.outbox?.ring(check?.checkId ?? '')).toBe(true);
    const done = await finish(phone, uuid, 'ws');
    expect(done.statusCode).toBe(200);
    const login = await post('/api/auth/login/', { authorization_code: done.json().authorization_code });
    expect(login.json().user.userPhone).toBe(phone);

    expectError(await finish(phone, uuid), 404, 'obsolete', 'Этот код устарел, нужно получить новый');
  });

  it('another phone cannot finish the request; after 15 minutes it is obsolete', async () => {
    const phone = newPhone();
    const { uuid } = (await post('/services/sso/calls/create_request/', { phone })).json();
    expect((await finish(newPhone(), uuid)).statusCode).toBe(404);
    advance(15 * 60_000 + 1);
    expectError(await finish(phone, uuid), 404, 'obsolete', 'Этот код устарел, нужно получить новый');
  });

  it('rejects an unknown source and a malformed uuid', async () => {
    const phone = newPhone();
    expect((await finish(phone, 'x', 'push')).statusCode).toBe(400);
    expect((await finish(phone, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('staff and profile confirmation (flow A)', () => {
  it('staff confirm a patient’s phone by SMS code', async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const phone = newPhone();
    const sent = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toBe('success');

    const wrong = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: wrongCode(phone), json_response: '1' },
      { cookies: staff.cookies },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Неверный код', secret_code: { code: 'error_code' } });

    const malformed = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: '12' },
      { cookies: staff.cookies },
    );
    expect(malformed.json()).toMatchObject({ detail: 'Некорректный код', secret_code: { code: 'invalid' } });

    const ok = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: lastCode(phone), json_response: '1' },
      { cookies: staff.cookies },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'OK' });
  });

  it('flow A request errors sit under phone.code with their texts', async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const invalid = await postForm(
      '/ajax/phone_confirmation/',
      { phone: '12345' },
      { cookies: staff.cookies },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      detail: 'Некорректный номер телефона',
      phone: { code: 'invalid' },
    });

    const phone = newPhone();
    await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: staff.cookies });
    const again = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(again.json()).toMatchObject({
      detail: 'Достигнут лимит сообщений на заданный номер',
      phone: { code: 'error_limit' },
    });

    for (let i = 0; i < 9; i++) {
      advance(3600_000);
      const sent = await postForm(
        '/ajax/phone_confirmation/',
        { phone: phone.slice(1) },
        { cookies: staff.cookies },
      );
      expect(sent.body).toBe('success');
    }
    advance(3600_000);
    const total = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(total.json()).toMatchObject({
      detail: 'Достигнут лимит отправки сообщений',
      phone: { code: 'error_limit_total' },
    });
  });

  it('an expired flow A code reads "Код устарел"', async () => {
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const phone = newPhone();
    await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: staff.cookies });
    const code = lastCode(phone);
    advance(5 * 60_000 + 1);
    const res = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code },
      { cookies: staff.cookies },
    );
    expect(res.json()).toMatchObject({ detail: 'Код устарел', secret_code: { code: 'code_expired' } });
  });

  it('roles: anonymous and patients cannot use the staff confirmation', async () => {
    const anonymous = await postForm('/ajax/phone_confirmation/', { phone: newPhone().slice(1) });
    expect(anonymous.statusCode).toBe(403);
    const patient = await signedInAs(app, database.db, { role: 'patient' });
    const res = await postForm(
      '/ajax/phone/confirm/',
      { phone: newPhone().slice(1), code: '1234' },
      { cookies: patient.cookies },
    );
    expect(res.statusCode).toBe(403);
    const doctor = await signedInAs(app, database.db, { role: 'doctor' });
    const work = await postForm(
      '/ajax/phone_confirmation/',
      { phone: newPhone().slice(1) },
      { cookies: doctor.cookies },
    );
    expect(work.statusCode).toBe(403);
    expect(work.json().detail).toBe('Недоступно для рабочих аккаунтов');
  });

  it('a patient confirms a new phone for the profile; their own phone is user_has_phone', async () => {
    const patient = await signedInAs(app, database.db, { role: 'patient' });
    const [me] = await database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, patient.userId));
    const same = await postForm(
      '/profile/ajax/confirm_sms_code/',
      { phone: (me.phone ?? '').slice(1), code: '1234' },
      { cookies: patient.cookies },
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      detail: 'Вы уже авторизованы. Пожалуйста, обновите страницу',
      secret_code: { code: 'user_has_phone' },
    });

    const phone = newPhone();
    expect(
      (await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: patient.cookies }))
        .body,
    ).toBe('success');
    const ok = await postForm(
      '/profile/ajax/confirm_sms_code/',
      { phone: phone.slice(1), code: lastCode(phone) },
      { cookies: patient.cookies },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('OK');
    const [after] = await database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, patient.userId));
    expect(after.phone).toBe(phone);
  });
});

describe('call-in websocket', () => {
  it('tells the waiting page when the call came', async () => {
    const { default: WebSocket } = await import('ws');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const phone = newPhone();
    const { uuid } = (await post('/services/sso/calls/create_request/', { phone })).json();
    const socket = new WebSocket(
      `${address.replace('http', 'ws')}/ws/phone_confirmation/call/${uuid}?subscribe-broadcast`,
    );
    const message = new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const check = providers.outbox?.listChecks().find((c) => c.phone === phone);
    providers.outbox?.ring(check?.checkId ?? '');
    expect(JSON.parse(await message)).toEqual({ status: 'confirmed' });
    socket.close();
    const done = await post(
      '/services/sso/calls/finish_request/',
      { phone, uuid },
      { query: 'client_id=portal&source=ws' },
    );
    expect(done.statusCode).toBe(200);
  });
});

describe('doctor login link (spec section 6)', () => {
  it('goes to the portal’s work form by default', async () => {
    const res = await app.inject({ url: '/login/doctor/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/?kind=work');
  });

  it('goes to the document site, except from an office address', async () => {
    const withDocs = await buildApp({
      db: database.db,
      clock,
      auth: { providers, documentSiteUrl: 'https://docs.example.ru/login/', officeIps: '203.0.113.0/24' },
    });
    try {
      const outside = await withDocs.inject({
        url: '/login/doctor/',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(outside.headers.location).toBe('https://docs.example.ru/login/');
      const office = await withDocs.inject({
        url: '/login/doctor/',
        headers: { 'x-forwarded-for': '203.0.113.40' },
      });
      expect(office.headers.location).toBe('/login/?kind=work');
    } finally {
      await withDocs.close();
    }
  });
});
