import { describe, expect, it } from 'vitest';
import { createDevCallInProvider, createDevFlashCallProvider } from './calls/dev-calls';
import { codeInText, DevOutbox } from './dev-outbox';
import { createDevVkProvider } from './messenger/dev-vk';
import { createDevSmsProvider } from './sms/dev-sms';

function setup({ ttlMs = 15 * 60_000 } = {}) {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const logs: { obj: Record<string, unknown>; msg: string }[] = [];
  const outbox = new DevOutbox({
    clock: { now: () => new Date(now) },
    logger: { info: (obj, msg) => logs.push({ obj: obj as Record<string, unknown>, msg }) },
    callCheckTtlMs: ttlMs,
  });
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  return { outbox, logs, advance };
}

describe('dev adapters and the dev outbox', () => {
  it('records an SMS with the code found in its text and logs the code', async () => {
    const { outbox, logs } = setup();
    const sent = await createDevSmsProvider(outbox).send(
      '79001234567',
      'Код для входа: 4821. Никому не сообщайте',
    );
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(outbox.listMessages()).toEqual([
      {
        phone: '79001234567',
        method: 'sms',
        code: '4821',
        text: 'Код для входа: 4821. Никому не сообщайте',
        at: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(logs).toHaveLength(1);
    expect(logs[0].obj).toMatchObject({ phone: '79001234567', method: 'sms', code: '4821' });
    expect(logs[0].msg).toContain('4821');
  });

  it('makes up a caller number for a flash call whose last 4 digits are the code', async () => {
    const { outbox } = setup();
    const { code } = await createDevFlashCallProvider(outbox).call('79001234567');
    const [entry] = outbox.listMessages();
    expect(entry.method).toBe('call');
    expect(entry.caller).toMatch(/^7495\d{7}$/);
    expect(code).toBe(entry.caller?.slice(-4));
    expect(entry.code).toBe(code);
    expect(outbox.lastCode('79001234567', 'call')).toBe(code);
  });

  it('records VK codes under their own method', async () => {
    const { outbox } = setup();
    await createDevVkProvider(outbox).sendCode('79001234567', 'Код 9001');
    expect(outbox.listMessages()[0]).toMatchObject({ method: 'vk', code: '9001' });
    expect(outbox.lastCode('79001234567', 'sms')).toBeNull();
  });

  it('keeps the last 50 messages, newest first', async () => {
    const { outbox, advance } = setup();
    const sms = createDevSmsProvider(outbox);
    for (let i = 0; i < 55; i++) {
      await sms.send('79001234567', `Код ${String(1000 + i)}`);
      advance(1000);
    }
    const messages = outbox.listMessages();
    expect(messages).toHaveLength(50);
    expect(messages[0].code).toBe('1054');
    expect(messages[49].code).toBe('1005');
  });

  it('turns a call-in check confirmed when the call is simulated, once', async () => {
    const { outbox } = setup();
    const callIn = createDevCallInProvider(outbox, { callPhone: '88005553535' });
    const { checkId, callPhone } = await callIn.createCheck('79001234567');
    expect(callPhone).toBe('88005553535');
    await expect(callIn.status(checkId)).resolves.toBe('waiting');
    expect(outbox.listChecks()).toMatchObject([{ checkId, phone: '79001234567', status: 'waiting' }]);
    expect(outbox.ring(checkId)).toBe(true);
    await expect(callIn.status(checkId)).resolves.toBe('confirmed');
    expect(outbox.ring(checkId)).toBe(false);
  });

  it('expires a check nobody called in time and reads checks it never opened as waiting', async () => {
    const { outbox, advance } = setup({ ttlMs: 60_000 });
    const callIn = createDevCallInProvider(outbox, { callPhone: '88005553535' });
    const { checkId } = await callIn.createCheck('79001234567');
    advance(59_999);
    await expect(callIn.status(checkId)).resolves.toBe('waiting');
    advance(1);
    await expect(callIn.status(checkId)).resolves.toBe('expired');
    expect(outbox.ring(checkId)).toBe(false);
    // Another app process may have opened it; the call request's own expiry ends it.
    await expect(callIn.status('no-such-check')).resolves.toBe('waiting');
  });

  it('finds the code as the first run of 4 to 8 digits', () => {
    expect(codeInText('Ваш код 123456')).toBe('123456');
    expect(codeInText('Код 12 и 3456')).toBe('3456');
    expect(codeInText('Без кода')).toBeNull();
  });
});
