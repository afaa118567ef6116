import type { FastifyInstance } from 'fastify';
import { clubCouponRequest } from '../../core/club/calls';
import { sendMistakeReport } from '../../core/feedback/calls';
import { WRITE_LIMITS, type WriteLimitKind } from '../../core/http/write-limits';
import { createReview } from '../../core/reviews/calls';
import type { RateLimitStore } from '../cache/rate-limit';
import { tooManyRequests } from '../http/errors';

/** The calls held by WRITE_LIMITS, by method and route. */
const LIMITED = new Map<string, WriteLimitKind>([
  [`${sendMistakeReport.method} ${sendMistakeReport.path}`, 'mistakeReport'],
  [`${createReview.method} ${createReview.path}`, 'review'],
  [`${clubCouponRequest.method} ${clubCouponRequest.path}`, 'couponRequest'],
]);

/**
 * Counts each attempt at a limited call (core/http/write-limits.ts) in the rate-limit store
 * (memory, or Redis with REDIS_URL): against the client's address key, then, signed in, its
 * account; past either cap the call is a 429 with the limit's Russian text. A preHandler: after
 * the CSRF and Origin checks and the call's schema, before the handler. Registered before any
 * route, so every scope has it.
 */
export function registerWriteLimits(app: FastifyInstance, { limits }: { limits: RateLimitStore }) {
  app.addHook('preHandler', async (request) => {
    const kind = LIMITED.get(`${request.method} ${request.routeOptions.url}`);
    if (!kind) return;
    const limit = WRITE_LIMITS[kind];
    const fromAddress = await limits.hit(`write:${kind}:addr:${request.addressKey}`, limit.windowMs);
    if (fromAddress.count > limit.perAddress) throw tooManyRequests(limit.text);
    const { userId } = await request.viewer();
    if (userId === null) return;
    const fromAccount = await limits.hit(`write:${kind}:user:${userId}`, limit.windowMs);
    if (fromAccount.count > limit.perAccount) throw tooManyRequests(limit.text);
  });
}
