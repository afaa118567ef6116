import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type FakeReply, type ReceivedRequest, startFakeProvider } from '../testing/fake-provider-server';
import { createSmsRuCallInProvider, createSmsRuFlashCallProvider } from './smsru-calls';

const API_ID = 'SMSRU-SECRET-KEY-42';
let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function fakeReplying(reply: FakeReply | ((request: ReceivedRequest) => FakeReply)) {
  fake = await startFakeProvider(typeof reply === 'function' ? reply : () => reply);
  return { apiId: API_ID, baseUrl: fake.baseUrl, timeoutMs: 2_000 };
}

describe('SMS.ru code/call flash call adapter', () => {
  const failure = (p: Promise<unknown>) => expectProviderError(p, { provider: 'smsru-call', secret: API_ID });

  it('asks for a call to the phone, passing the ip, and returns the code and call id', async () => {
    const calls = createSmsRuFlashCallProvider(
      await fakeReplying({
        json: { status: 'OK', code: '1435', call_id: '000000-10000000', cost: 0.4, balance: 4122.56 },
      }),
    );
    await expect(calls.call('79255070602', { ip: '33.22.11.55' })).resolves.toEqual({
      id: '000000-10000000',
      code: '1435',
    });
    const request = fake!.requests[0];
    expect(request.path).toBe('/code/call');
    expect(Object.fromEntries(request.form)).toEqual({
      api_id: API_ID,
      phone: '79255070602',
      ip: '33.22.11.55',
      json: '1',
    });
  });

  it('reports a provider error status, not retryable', async () => {
    const calls = createSmsRuFlashCallProvider(
      await fakeReplying({
        json: { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' },
      }),
    );
    const error = await failure(calls.call('79255070602'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('202');
  });

  it('refuses a code that is not 4 digits', async () => {
    const calls = createSmsRuFlashCallProvider(
      await fakeReplying({ json: { status: 'OK', code: '14', call_id: '1' } }),
    );
    await failure(calls.call('79255070602'));
  });

  it('treats HTTP 500, a timeout and a non-JSON body as retryable failures', async () => {
    let mode: '500' | 'hang' | 'html' = '500';
    const calls = createSmsRuFlashCallProvider(
      await fakeReplying(() =>
        mode === 'hang' ? 'hang' : mode === '500' ? { status: 500, raw: 'oops' } : { raw: '<html>' },
      ),
    );
    expect((await failure(calls.call('79255070602'))).message).toContain('HTTP 500');
    mode = 'hang';
    expect((await failure(calls.call('79255070602'))).message).toContain('timed out');
    mode = 'html';
    const error = await failure(calls.call('79255070602'));
    expect(error.message).toContain('not JSON');
    expect(error.retryable).toBe(true);
  });
});

describe('SMS.ru callcheck call-in adapter', () => {
  const failure = (p: Promise<unknown>) =>
    expectProviderError(p, { provider: 'smsru-callcheck', secret: API_ID });

  it('opens a check and returns the number to call as digits', async () => {
    const callIn = createSmsRuCallInProvider(
      await fakeReplying({
        json: {
          status: 'OK',
          status_code: 100,
          check_id: '201737-542',
          call_phone: '78005008275',
          call_phone_pretty: '+7 (800) 500-8275',
          call_phone_html: '<a href="callto:78005008275">+7 (800) 500-8275</a>',
        },
      }),
    );
    await expect(callIn.createCheck('79255070602')).resolves.toEqual({
      checkId: '201737-542',
      callPhone: '78005008275',
    });
    const request = fake!.requests[0];
    expect(request.path).toBe('/callcheck/add');
    expect(Object.fromEntries(request.form)).toEqual({ api_id: API_ID, phone: '79255070602', json: '1' });
  });

  it('maps check_status 400, 401 and 402 to waiting, confirmed and expired', async () => {
    const byId: Record<string, string | number> = { a: '400', b: '401', c: 402 };
    const callIn = createSmsRuCallInProvider(
      await fakeReplying((request) => ({
        json: { status: 'OK', status_code: 100, check_status: byId[request.form.get('check_id') ?? ''] },
      })),
    );
    await expect(callIn.status('a')).resolves.toBe('waiting');
    await expect(callIn.status('b')).resolves.toBe('confirmed');
    await expect(callIn.status('c')).resolves.toBe('expired');
    expect(fake!.requests.map((r) => r.path)).toEqual([
      '/callcheck/status',
      '/callcheck/status',
      '/callcheck/status',
    ]);
    expect(Object.fromEntries(fake!.requests[0].form)).toEqual({ api_id: API_ID, check_id: 'a', json: '1' });
  });

  it('reports an unknown check_status and provider errors', async () => {
    let reply: FakeReply = { json: { status: 'OK', check_status: '999' } };
    const callIn = createSmsRuCallInProvider(await fakeReplying(() => reply));
    expect((await failure(callIn.status('a'))).message).toContain('unknown check_status');
    reply = { json: { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' } };
    expect((await failure(callIn.createCheck('79255070602'))).retryable).toBe(false);
  });

  it('treats HTTP 500, a timeout and a non-JSON body as retryable failures', async () => {
    let reply: FakeReply = { status: 503, raw: '' };
    const callIn = createSmsRuCallInProvider(await fakeReplying(() => reply));
    expect((await failure(callIn.createCheck('79255070602'))).retryable).toBe(true);
    reply = 'hang';
    expect((await failure(callIn.status('a'))).message).toContain('timed out');
    reply = { raw: 'not json' };
    expect((await failure(callIn.status('a'))).retryable).toBe(true);
  });
});
