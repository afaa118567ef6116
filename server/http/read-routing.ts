import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { readRouting } from '../db/replicas';

/** Set on a successful write; while it lasts, the client's reads go to the primary (ADR 011). */
export const PRIMARY_COOKIE = 'read_primary_until';

/** Methods that never write (ADR 006: pages never write, writes go through POST calls). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Calls posted only because their bodies are long: they read the directory and write nothing. */
export const READ_ONLY_POSTS = new Set([
  '/ajax/schedule/slots_bulk/',
  '/ajax/schedule/slots_bulk/telemed/',
  '/ajax/schedule/slots_bulk/online/',
  '/ajax/schedule/slots_bulk_by_specialities/',
  '/ajax/services/schedule/',
  '/ajax/lpus/specialities/',
]);

/** Writes the client never reads back (review view counters): no need to read the primary after. */
const UNREAD_WRITES = new Set(['/ajax/rate_metrics/']);

const readOnly = (method: string, route: string | undefined) =>
  SAFE_METHODS.has(method) || (method === 'POST' && route !== undefined && READ_ONLY_POSTS.has(route));

/**
 * Lets a request's directory reads (`read`, server/db/replicas.ts) go to a replica when it is a
 * GET, HEAD or read-only POST from a client that wrote nothing in the last `stickyMs`. After a successful write
 * the reply carries a cookie holding the time until which that client reads the primary, so a
 * visitor sees their own booking, review or heart at once even when the replica lags.
 * `stickyMs` must exceed the replication lag the deployment tolerates. Needs @fastify/cookie.
 */
export function registerReadRouting(
  app: FastifyInstance,
  { clock, stickyMs }: { clock: Clock; stickyMs: number },
) {
  app.addHook('onRequest', (request, _reply, done) => {
    const until = Number(request.cookies[PRIMARY_COOKIE]);
    const recentWrite = Number.isFinite(until) && until > clock.now().getTime();
    if (readOnly(request.method, request.routeOptions.url) && !recentWrite) readRouting.replicaAllowed(done);
    else readRouting.primaryOnly(done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (readOnly(request.method, route) || reply.statusCode >= 400) return payload;
    if (route !== undefined && UNREAD_WRITES.has(route)) return payload;
    const until = clock.now().getTime() + stickyMs;
    const maxAge = Math.ceil(stickyMs / 1000);
    reply.header(
      'set-cookie',
      `${PRIMARY_COOKIE}=${until}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`,
    );
    return payload;
  });
}
