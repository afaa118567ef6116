import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type FakeReply, startFakeProvider } from '../testing/fake-provider-server';
import { createGreenSmsVkProvider } from './greensms-vk';

const TOKEN = 'greensms-secret-token-123';
let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function vkReplying(reply: FakeReply) {
  fake = await startFakeProvider(() => reply);
  return createGreenSmsVkProvider({ token: TOKEN, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
}
const failure = (p: Promise<unknown>) => expectProviderError(p, { provider: 'greensms-vk', secret: TOKEN });

describe('GREENSMS vk/send adapter', () => {
  it('posts to and txt with the Bearer token and returns the request id', async () => {
    const vk = await vkReplying({ json: { request_id: 'dc2bac6d-f375-4e19-9a02-ef0148991635' } });
    await expect(vk.sendCode('79001234567', 'Код 5678')).resolves.toEqual({
      id: 'dc2bac6d-f375-4e19-9a02-ef0148991635',
    });
    const request = fake!.requests[0];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/vk/send');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(request.form)).toEqual({ to: '79001234567', txt: 'Код 5678' });
  });

  it('reports an error body that came with HTTP 200', async () => {
    const vk = await vkReplying({ json: { error: 'Insufficient funds', code: 15 } });
    const error = await failure(vk.sendCode('79001234567', 'Код 5678'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Insufficient funds');
  });

  it('reports an authorization failure without echoing the token', async () => {
    const vk = await vkReplying({ status: 401, json: { error: `Bad token ${TOKEN}`, code: 2 } });
    const error = await failure(vk.sendCode('79001234567', 'Код 5678'));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('HTTP 401');
  });

  it('treats HTTP 500 as retryable', async () => {
    const vk = await vkReplying({ status: 500, raw: 'boom' });
    expect((await failure(vk.sendCode('79001234567', 'Код 5678'))).retryable).toBe(true);
  });

  it('gives up after the timeout', async () => {
    const vk = await vkReplying('hang');
    const error = await failure(vk.sendCode('79001234567', 'Код 5678'));
    expect(error.message).toContain('timed out');
    expect(error.retryable).toBe(true);
  });

  it('reports a body that is not JSON and a reply without request_id', async () => {
    const vk = await vkReplying({ raw: '<html>' });
    expect((await failure(vk.sendCode('79001234567', 'Код 5678'))).message).toContain('not JSON');
    await fake?.close();
    const empty = await vkReplying({ json: {} });
    expect((await failure(empty.sendCode('79001234567', 'Код 5678'))).message).toContain('request_id');
  });
});
