import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type FakeReply, startFakeProvider } from '../testing/fake-provider-server';
import { createSmsRuSmsProvider } from './smsru-sms';

const API_ID = 'A3CA597E-SECRET-API-ID';
let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function providerReplying(reply: FakeReply) {
  fake = await startFakeProvider(() => reply);
  return createSmsRuSmsProvider({ apiId: API_ID, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
}

const failure = (promise: Promise<unknown>) =>
  expectProviderError(promise, { provider: 'smsru', secret: API_ID });

describe('SMS.ru sms/send adapter', () => {
  it('posts api_id, to, msg and json=1 and returns the sms_id', async () => {
    const sms = await providerReplying({
      json: {
        status: 'OK',
        status_code: 100,
        sms: { '79001234567': { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
        balance: 10,
      },
    });
    await expect(sms.send('79001234567', 'Код 1234')).resolves.toEqual({ id: '000000-10000000' });
    expect(fake?.requests).toHaveLength(1);
    const request = fake!.requests[0];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/sms/send');
    expect(Object.fromEntries(request.form)).toEqual({
      api_id: API_ID,
      to: '79001234567',
      msg: 'Код 1234',
      json: '1',
    });
    // The key travels in the body, never in the URL where access logs would keep it.
    expect([...request.query.keys()]).toEqual([]);
  });

  it('reports a request-level error without the api key, not retryable', async () => {
    const sms = await providerReplying({
      json: { status: 'ERROR', status_code: 200, status_text: `Неправильный api_id ${API_ID}` },
    });
    const error = await failure(sms.send('79001234567', 'Код 1234'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('200');
    expect(error.message).toContain('Неправильный api_id ***');
  });

  it('reports a failure for the phone even when the request as a whole is OK', async () => {
    const sms = await providerReplying({
      json: {
        status: 'OK',
        status_code: 100,
        sms: {
          '79001234567': {
            status: 'ERROR',
            status_code: 207,
            status_text: 'На этот номер нельзя отправлять',
          },
        },
      },
    });
    const error = await failure(sms.send('79001234567', 'Код 1234'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('207');
  });

  it("treats the provider's 'temporarily unavailable' status as retryable", async () => {
    const sms = await providerReplying({
      json: { status: 'ERROR', status_code: 220, status_text: 'Сервис недоступен' },
    });
    expect((await failure(sms.send('79001234567', 'Код 1234'))).retryable).toBe(true);
  });

  it('treats HTTP 500 as retryable', async () => {
    const sms = await providerReplying({ status: 500, raw: 'Internal Server Error' });
    const error = await failure(sms.send('79001234567', 'Код 1234'));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('HTTP 500');
  });

  it('gives up after the timeout, retryable', async () => {
    const sms = await providerReplying('hang');
    const started = Date.now();
    const error = await failure(sms.send('79001234567', 'Код 1234'));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('timed out');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a body that is not JSON', async () => {
    const sms = await providerReplying({ raw: '<html>502 Bad Gateway</html>' });
    const error = await failure(sms.send('79001234567', 'Код 1234'));
    expect(error.message).toContain('not JSON');
    expect(error.retryable).toBe(true);
  });

  it('refuses a phone that is not digits with a country code without calling the provider', async () => {
    const sms = await providerReplying({ json: {} });
    await failure(sms.send('+7 900 123-45-67', 'Код 1234'));
    expect(fake?.requests).toHaveLength(0);
  });
});
