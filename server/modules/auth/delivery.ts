import { randomInt } from 'node:crypto';
import { type CodeTextPurpose, codeText } from '../../../core/auth/confirmation';
import type { ConfirmationMethod } from '../../../core/auth/errors';
import { AUTH_LIMITS } from '../../../core/auth/limits';
import type { Providers } from '../../providers';
import type { RequestContext } from './checks';

export type CodeDelivery = ReturnType<typeof createCodeDelivery>;

/**
 * Gets a code to the phone: a flash call (its code is the calling number's last 4 digits, which
 * the provider chooses), or a random code by SMS or a VK message.
 */
export function createCodeDelivery({
  providers,
  log,
}: {
  providers: Providers;
  log?: { warn(obj: object, msg: string): void };
}) {
  async function send(
    phone: string,
    method: ConfirmationMethod,
    ctx: RequestContext,
    purpose: CodeTextPurpose = 'sign_in',
  ): Promise<string> {
    if (method === 'call') {
      const { code } = await providers.flashCall.call(phone, { ip: ctx.ip });
      if (!/^\d{4}$/.test(code)) throw new Error(`flash call provider gave a bad code for ${phone}`);
      return code;
    }
    const code = String(randomInt(0, 10 ** AUTH_LIMITS.codeLength)).padStart(AUTH_LIMITS.codeLength, '0');
    const text = codeText(code, purpose);
    if (method === 'vk') {
      if (!providers.vk) throw new Error('VK confirmation is off');
      await providers.vk.sendCode(phone, text);
    } else {
      await providers.sms.send(phone, text);
    }
    return code;
  }

  return {
    /** Sends a code by the method asked, worded for its purpose; answers the code. */
    send,

    /** Sends a code, falling back from a failed flash call to an SMS; answers the method used. */
    async sendWithFallback(phone: string, method: ConfirmationMethod, ctx: RequestContext) {
      try {
        return { method, code: await send(phone, method, ctx) };
      } catch (err) {
        if (method !== 'call') throw err;
        log?.warn({ err, phone }, 'flash call failed; sending an SMS instead');
        return { method: 'sms' as const, code: await send(phone, 'sms', ctx) };
      }
    },

    /** Whether VK messages are on. */
    vkEnabled: providers.vk !== null,
  };
}
