/** Call-in sign-in: the request, its finish, and the websocket that announces the call. */
import { describe, expect, it } from 'vitest';
import { expectError, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, post, newPhone } = t;

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

    const check = t.providers.outbox?.listChecks().find((c) => c.phone === phone);
    expect(t.providers.outbox?.ring(check?.checkId ?? '')).toBe(true);
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

describe('call-in websocket', () => {
  it('tells the waiting page when the call came', async () => {
    const { default: WebSocket } = await import('ws');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
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
    const check = t.providers.outbox?.listChecks().find((c) => c.phone === phone);
    t.providers.outbox?.ring(check?.checkId ?? '');
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
