import {
  AUTH_LIMITS,
  codeGuard,
  DAY_MS,
  HOUR_MS,
  type parsePrefixCaps,
  prefixCap,
  requesterPrefixCap,
  waitingSeconds,
} from '../../../core/auth/limits';
import { phonePrefix } from '../../../core/auth/phone';
import type { RateLimitStore } from '../../cache/rate-limit';
import type { RequestContext } from './checks';
import { authFailure } from './failures';
import type { AuthEvent } from './repo';

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;

/**
 * The counters of phone confirmation (core/auth/limits.ts holds the numbers): codes per phone,
 * per address, per address and country prefix, per country prefix; checks per address; failed
 * checks per address and per phone and address, which refuse that requester once spent; wrong
 * guesses at a phone's live codes, which guard the phone's codes (never lock the phone); VK
 * codes per phone. An address is counted by its key (`ctx.addressKey`, an IPv6 client by its
 * /64: server/security/client-address.ts). Counters are hit, not peeked, wherever a request is
 * admitted, so concurrent requests cannot slip past.
 */
export function createAuthRateLimits({
  limits,
  prefixCaps,
  audit,
}: {
  limits: RateLimitStore;
  prefixCaps: ReturnType<typeof parsePrefixCaps>;
  audit: (event: AuthEvent) => Promise<void>;
}) {
  const failedFromIp = (ctx: RequestContext) => `fail-ip:${ctx.addressKey}`;
  const failedFromPair = (phone: string, ctx: RequestContext) => `fail-pair:${phone}:${ctx.addressKey}`;
  const wrongAtPhone = (phone: string) => `wrong:${phone}`;

  return {
    /**
     * Counts a request for a code (or a call) against every limit, in order; the first one
     * exceeded refuses it. Answers how many requests the phone made this hour (the first ones
     * go by flash call).
     */
    async admitRequest(phone: string, ctx: RequestContext): Promise<{ hourCount: number }> {
      const resend = await limits.hit(`resend:${phone}`, AUTH_LIMITS.resendWaitMs);
      if (resend.count > 1)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(resend.resetMs) });
      const ip = await limits.hit(`req-ip:${ctx.addressKey}`, HOUR_MS);
      if (ip.count > AUTH_LIMITS.requestsPerIpPerHour)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(ip.resetMs) });
      const day = await limits.hit(`req-day:${phone}`, DAY_MS);
      if (day.count > AUTH_LIMITS.requestsPerPhonePerDay) throw authFailure(429, 'error_limit_total');
      const hour = await limits.hit(`req-hour:${phone}`, HOUR_MS);
      if (hour.count > AUTH_LIMITS.requestsPerPhonePerHour)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(hour.resetMs) });
      // The country's daily cap is a last resort against SMS pumping: one address gets only a
      // share of it, and what it is refused never counts against the country.
      const prefix = phonePrefix(phone);
      const countryCap = prefixCap(prefix, prefixCaps);
      const mine = await limits.hit(`prefix-ip-day:${prefix}:${ctx.addressKey}`, DAY_MS);
      if (mine.count > requesterPrefixCap(countryCap)) {
        if (mine.count === requesterPrefixCap(countryCap) + 1)
          await audit({ kind: 'prefix_cap', phone, ip: ctx.ip, detail: { prefix, scope: 'ip' } });
        throw authFailure(429, 'error_limit_total');
      }
      const country = await limits.hit(`prefix-day:${prefix}`, DAY_MS);
      if (country.count > countryCap) {
        await audit({ kind: 'prefix_cap', phone, ip: ctx.ip, detail: { prefix, scope: 'country' } });
        throw authFailure(429, 'error_limit_total');
      }
      return { hourCount: hour.count };
    },

    /**
     * Counts a code check from an address: 429 too_many_requests past the hourly budget, or
     * once the address has spent its failures for the day, for this phone or for all phones.
     * The refusal is the requester's alone: the phone's owner checks from elsewhere.
     */
    async admitCheck(phone: string, ctx: RequestContext) {
      const [fromIp, fromPair] = await Promise.all([
        limits.peek(failedFromIp(ctx)),
        limits.peek(failedFromPair(phone, ctx)),
      ]);
      if (
        fromIp.count >= AUTH_LIMITS.failedChecksPerIpPerDay ||
        fromPair.count >= AUTH_LIMITS.failedChecksPerPhoneAndIpPerDay
      )
        throw authFailure(429, 'too_many_requests');
      const checks = await limits.hit(`check-ip:${ctx.addressKey}`, HOUR_MS);
      if (checks.count > AUTH_LIMITS.checksPerIpPerHour) throw authFailure(429, 'too_many_requests');
    },

    /** How the phone's codes are checked today (core/auth/limits.ts `codeGuard`). */
    async guardOf(phone: string) {
      return codeGuard((await limits.peek(wrongAtPhone(phone))).count);
    },

    /**
     * Counts a failed check against its requester (the address, and the address for this
     * phone) and, when it was a wrong guess at a live code of the phone, against the phone:
     * the guess that reaches the phone's daily budget guards its codes.
     */
    async countFailure(
      phone: string,
      ctx: RequestContext,
      { guessedLiveCode }: { guessedLiveCode: boolean },
    ) {
      const [fromIp, fromPair] = await Promise.all([
        limits.hit(failedFromIp(ctx), DAY_MS),
        limits.hit(failedFromPair(phone, ctx), DAY_MS),
      ]);
      if (fromIp.count === AUTH_LIMITS.failedChecksPerIpPerDay)
        await audit({ kind: 'requester_refused', phone, ip: ctx.ip, detail: { scope: 'ip' } });
      else if (fromPair.count === AUTH_LIMITS.failedChecksPerPhoneAndIpPerDay)
        await audit({ kind: 'requester_refused', phone, ip: ctx.ip, detail: { scope: 'phone_ip' } });
      if (!guessedLiveCode) return;
      const wrong = await limits.hit(wrongAtPhone(phone), DAY_MS);
      if (wrong.count === AUTH_LIMITS.wrongChecksPerPhonePerDay)
        await audit({ kind: 'phone_guarded', phone, ip: ctx.ip, detail: { for: 'day' } });
    },

    /** Whether the phone has used up today's VK codes. */
    async vkSpent(phone: string): Promise<boolean> {
      const vk = await limits.peek(`vk-day:${phone}`);
      return vk.count >= AUTH_LIMITS.vkRequestsPerPhonePerDay;
    },

    async countVk(phone: string) {
      await limits.hit(`vk-day:${phone}`, DAY_MS);
    },
  };
}
