import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { issueCsrfCookie, requireCsrf } from '../security/csrf';
import { DevOutbox } from './dev-outbox';
import { devOutboxRoutes } from './dev-outbox-routes';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function build() {
  const outbox = new DevOutbox({
    clock: { now: () => new Date('2026-11-22T10:00:00.000Z') },
    logger: { info: () => {} },
  });
  const app = Fastify();
  apps.push(app);
  await app.register(cookie);
  issueCsrfCookie(app, { secure: false });
  await devOutboxRoutes(app, { outbox });
  await app.ready();
  return { app, outbox };
}

async function csrfToken(app: FastifyInstance) {
  const res = await app.inject({ url: '/dev/outbox.json' });
  const token = res.cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!token) throw new Error('no csrftoken cookie');
  return token;
}

describe('dev outbox routes', () => {
  it('lists the codes newest first and the open checks as JSON', async () => {
    const { app, outbox } = await build();
    outbox.record({ phone: '79001234567', method: 'sms', code: '1111', text: 'Код 1111' });
    outbox.record({
      phone: '79007654321',
      method: 'call',
      code: '2222',
      caller: '74950002222',
      text: 'Звонок',
    });
    const check = outbox.openCheck('79001112233', '88005553535');
    outbox.recordEmail({ to: 'patient@example.ru', subject: 'Чек', text: 'Карта: 99 ₽' });
    const res = await app.inject({ url: '/dev/outbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      messages: [
        {
          phone: '79007654321',
          method: 'call',
          code: '2222',
          caller: '74950002222',
          text: 'Звонок',
          at: '2026-11-22T10:00:00.000Z',
        },
        {
          phone: '79001234567',
          method: 'sms',
          code: '1111',
          text: 'Код 1111',
          at: '2026-11-22T10:00:00.000Z',
        },
      ],
      calls: [
        {
          uuid: check.checkId,
          phone: '79001112233',
          call_phone: '88005553535',
          status: 'waiting',
          created_at: '2026-11-22T10:00:00.000Z',
        },
      ],
      emails: [
        { to: 'patient@example.ru', subject: 'Чек', text: 'Карта: 99 ₽', at: '2026-11-22T10:00:00.000Z' },
      ],
    });
  });

  it('renders an escaped Russian page with a ring button carrying the CSRF token', async () => {
    const { app, outbox } = await build();
    outbox.record({
      phone: '79001234567',
      method: 'vk',
      code: '3333',
      text: 'Код 3333 <script>alert(1)</script>',
    });
    const check = outbox.openCheck('79001112233', '88005553535');
    const token = await csrfToken(app);
    const res = await app.inject({ url: '/dev/outbox', cookies: { csrftoken: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Исходящие коды</title>');
    expect(res.body).toContain('ВКонтакте');
    expect(res.body).toContain('<b>3333</b>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain(`action="/dev/outbox/calls/${check.checkId}/ring"`);
    expect(res.body).toContain(`name="csrfmiddlewaretoken" value="${token}"`);
    expect(res.body).toContain('>Позвонить</button>');
  });

  it('simulates the call on a form post with the CSRF field and redirects back', async () => {
    const { app, outbox } = await build();
    const { checkId } = outbox.openCheck('79001112233', '88005553535');
    const token = await csrfToken(app);
    const res = await app.inject({
      method: 'POST',
      url: `/dev/outbox/calls/${checkId}/ring`,
      cookies: { csrftoken: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrfmiddlewaretoken=${token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dev/outbox');
    expect(outbox.checkStatus(checkId)).toBe('confirmed');
    const page = await app.inject({ url: '/dev/outbox', cookies: { csrftoken: token } });
    expect(page.body).not.toContain('Позвонить');
  });

  it('refuses the ring without the CSRF token and leaves the check waiting', async () => {
    const { app, outbox } = await build();
    const { checkId } = outbox.openCheck('79001112233', '88005553535');
    const token = await csrfToken(app);
    const res = await app.inject({
      method: 'POST',
      url: `/dev/outbox/calls/${checkId}/ring`,
      cookies: { csrftoken: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'csrfmiddlewaretoken=wrong',
    });
    expect(res.statusCode).toBe(403);
    expect(outbox.checkStatus(checkId)).toBe('waiting');
  });

  it('answers 404 for an unknown check', async () => {
    const { app } = await build();
    const token = await csrfToken(app);
    const res = await app.inject({
      method: 'POST',
      url: '/dev/outbox/calls/nope/ring',
      cookies: { csrftoken: token },
      headers: { 'x-csrftoken': token },
    });
    expect(res.statusCode).toBe(404);
  });

  it('works inside a scope that already parses forms and checks CSRF, as the app mounts it', async () => {
    const outbox = new DevOutbox({ clock: { now: () => new Date() }, logger: { info: () => {} } });
    const app = Fastify();
    apps.push(app);
    await app.register(cookie);
    issueCsrfCookie(app, { secure: false });
    await app.register(async (api) => {
      await api.register(formbody);
      api.addHook('preValidation', requireCsrf);
      await devOutboxRoutes(api, { outbox });
    });
    await app.ready();
    const { checkId } = outbox.openCheck('79001112233', '88005553535');
    const token = await csrfToken(app);
    const res = await app.inject({
      method: 'POST',
      url: `/dev/outbox/calls/${checkId}/ring`,
      cookies: { csrftoken: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrfmiddlewaretoken=${token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(outbox.checkStatus(checkId)).toBe('confirmed');
  });
});
