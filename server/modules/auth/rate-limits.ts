import {
  AUTH_LIMITS,
  DAY_MS,
  HOUR_MS,
  type parsePrefixCaps,
  prefixCap,
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
 * per address and per country prefix; checks per address; failed checks per phone, which lock
 * it for the day once spent; VK codes per phone. Counters are hit, not peeked, wherever a
 * request is admitted, so concurrent requests cannot slip past.
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
  async function lockedOut(phone: string): Promise<boolean> {
    const wrong = await limits.peek(`wrong:${phone}`);
    return wrong.count >= AUTH_LIMITS.wrongChecksPerPhonePerDay;
  }

  return {
    /** 429 too_many_requests while the phone is locked for failed checks. */
    async refuseLocked(phone: string) {
      if (await lockedOut(phone)) throw authFailure(429, 'too_many_requests');
    },

    /**
     * Counts a request for a code (or a call) against every limit, in order; the first one
     * exceeded refuses it. Answers how many requests the phone made this hour (the first ones
     * go by flash call).
     */
    async admitRequest(phone: string, ctx: RequestContext): Promise<{ hourCount: number }> {
      if (await lockedOut(phone)) throw authFailure(429, 'too_many_requests');
      const resend = await limits.hit(`resend:${phone}`, AUTH_LIMITS.resendWaitMs);
      if (resend.count > 1)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(resend.resetMs) });
      const ip = await limits.hit(`req-ip:${ctx.ip}`, HOUR_MS);
      if (ip.count > AUTH_LIMITS.requestsPerIpPerHour)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(ip.resetMs) });
      const day = await limits.hit(`req-day:${phone}`, DAY_MS);
      if (day.count > AUTH_LIMITS.requestsPerPhonePerDay) throw authFailure(429, 'error_limit_total');
      const hour = await limits.hit(`req-hour:${phone}`, HOUR_MS);
      if (hour.count > AUTH_LIMITS.requestsPerPhonePerHour)
        throw authFailure(429, 'error_limit', { waitingTime: waitingSeconds(hour.resetMs) });
      const prefix = phonePrefix(phone);
      const cap = await limits.hit(`prefix-day:${prefix}`, DAY_MS);
      if (cap.count > prefixCap(prefix, prefixCaps)) {
        await audit({ kind: 'prefix_cap', phone, ip: ctx.ip, detail: { prefix } });
        throw authFailure(429, 'error_limit_total');
      }
      return { hourCount: hour.count };
    },

    /** Counts a code check from an address: 429 too_many_requests past the hourly budget. */
    async admitCheck(ctx: RequestContext) {
      const checks = await limits.hit(`check-ip:${ctx.ip}`, HOUR_MS);
      if (checks.count > AUTH_LIMITS.checksPerIpPerHour) throw authFailure(429, 'too_many_requests');
    },

    /** Counts a failed check against the phone's daily budget; the last one locks the phone. */
    async countFailure(phone: string, ctx: RequestContext) {
      const count = await limits.hit(`wrong:${phone}`, DAY_MS);
      if (count.count === AUTH_LIMITS.wrongChecksPerPhonePerDay)
        await audit({ kind: 'phone_locked', phone, ip: ctx.ip, detail: { for: 'day' } });
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
