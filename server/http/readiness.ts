import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from '../cache/rate-limit';
import type { Db } from '../db/client';
import { pingDatabase } from '../db/ping';

/** How long a dependency may take to answer the readiness check. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /readyz`, the readiness check for a load balancer (`/healthz` only says the process
 * lives): 200 `{ok: true}` when the database and, when configured, Redis (the rate limits'
 * store) answer; 503 `{ok: false, failed: [...]}` naming the ones that do not. Once
 * `startDraining()` is called (a shutdown began) it answers 503 `{ok: false, draining: true}`:
 * the balancer takes the process out of rotation while it still serves what it was sent.
 */
export function readinessRoute(app: FastifyInstance, { db, limits }: { db: Db; limits?: RateLimitStore }) {
  let draining = false;
  const checks: Record<string, () => Promise<void>> = { database: () => pingDatabase(db) };
  if (limits) checks.redis = () => limits.ping();
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ ok: false, draining: true });
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await within(check(), CHECK_TIMEOUT_MS);
          return null;
        } catch (error) {
          request.log.warn({ err: error }, `readiness: ${name} does not answer`);
          return name;
        }
      }),
    );
    const failed = results.filter((name): name is string => name !== null);
    if (failed.length > 0) return reply.status(503).send({ ok: false, failed });
    return { ok: true };
  });
  return {
    startDraining: () => {
      draining = true;
    },
  };
}
