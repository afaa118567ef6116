/**
 * What the auth module's API tests share: an app with the dev providers and a clock the test
 * moves, fresh phones and addresses per test (so limits never leak between tests), and the
 * calls of the sign-in flow.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { authEvents } from '../../db/schema/auth';
import { createProviders, DEV_PROVIDERS_CONFIG, type Providers } from '../../providers';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { multipartForm } from '../../testing/multipart';

export interface CallOptions {
  ip?: string;
  cookies?: Record<string, string>;
  query?: string;
}

export function expectError(res: LightMyRequestResponse, status: number, code: string, detail: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, detail });
}

export const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sessionid');

/** Sets up the app for the calling test file (its own database) and answers its helpers. */
export function setUpAuthApp() {
  let database: Database;
  let app: FastifyInstance;
  let providers: Providers;
  let csrf: string;
  let now = Date.parse('2026-11-22T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  let phoneSeq = 0;
  let ipSeq = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    providers = createProviders(DEV_PROVIDERS_CONFIG, { logger: { info() {} }, clock });
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

  function advance(ms: number) {
    now += ms;
  }

  function post(url: string, payload: unknown, options: CallOptions = {}) {
    return app.inject({
      method: 'POST',
      url: options.query ? `${url}?${options.query}` : url,
      payload: payload as Record<string, unknown>,
      cookies: { ...options.cookies, csrftoken: csrf },
      headers: { 'x-csrftoken': csrf },
      remoteAddress: options.ip ?? newIp(),
    });
  }

  function postForm(url: string, fields: Record<string, string>, options: CallOptions = {}) {
    const form = multipartForm(fields);
    return app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      cookies: { ...options.cookies, csrftoken: csrf },
      headers: { ...form.headers, 'x-csrftoken': csrf },
      remoteAddress: options.ip ?? newIp(),
    });
  }

  /** A fresh valid Russian mobile number. */
  const newPhone = () => `7916${String(1_000_000 + phoneSeq++).padStart(7, '0')}`;
  const newIp = () => `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

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

  /** The whole sign-in: request, confirm, login; answers the login's reply. */
  async function signIn(phone: string, cookies: Record<string, string> = {}) {
    const requested = await requestCode(phone);
    expect(requested.statusCode).toBe(200);
    const confirmed = await confirm(phone, lastCode(phone), requested.json().service_id);
    expect(confirmed.statusCode).toBe(200);
    return post(
      '/api/auth/login/',
      { authorization_code: confirmed.json().authorization_code, client_id: 'portal' },
      { cookies },
    );
  }

  /** The audit trail of a phone, oldest first. */
  async function eventsOf(phone: string) {
    const rows = await database.db
      .select({ kind: authEvents.kind })
      .from(authEvents)
      .where(eq(authEvents.phone, phone))
      .orderBy(authEvents.id);
    return rows.map((e) => e.kind);
  }

  return {
    get app() {
      return app;
    },
    get database() {
      return database;
    },
    get providers() {
      return providers;
    },
    get csrf() {
      return csrf;
    },
    clock,
    advance,
    post,
    postForm,
    newPhone,
    newIp,
    requestCode,
    confirm,
    lastCode,
    wrongCode,
    signIn,
    eventsOf,
  };
}
