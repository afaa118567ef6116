import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SET_SESSION_PATH } from '../../core/http/set-session';
import { DomainError } from '../http/errors';
import { randomToken } from './random';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False on routes whose answers are shared by caches (static files): no CSRF cookie there. */
    csrfCookie?: boolean;
    /**
     * Why a state-changing route is called by servers, not browsers (the MIS API, the payment
     * provider's notifications): set, the route skips the Origin / Sec-Fetch-Site check.
     */
    serverToServer?: string;
  }
}

export const CSRF_COOKIE = 'csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_ERROR = 'Ошибка проверки безопасности. Обновите страницу и попробуйте еще раз.';

/**
 * Double-submit CSRF protection, as the site's clients expect: every visitor gets a random
 * `csrftoken` cookie (readable by scripts, SameSite=Lax), and a state-changing call must echo
 * it in the `X-CSRFToken` header or a `csrfmiddlewaretoken` form field. Another site can make
 * the browser send the cookie but cannot read it to echo it. Routes configured with
 * `csrfCookie: false` never set it: a shared cache would hand one visitor's cookie to all.
 */
export function issueCsrfCookie(app: FastifyInstance, { secure }: { secure: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.csrfCookie === false) return;
    if (!validToken(request.cookies[CSRF_COOKIE])) {
      const token = newCsrfToken();
      // Visible to this request's own handlers, so a first page view can already embed it.
      request.cookies[CSRF_COOKIE] = token;
      reply.setCookie(CSRF_COOKIE, token, csrfCookieOptions(secure));
    }
  });
  // An answer shared caches may keep (`Cache-Control: public`: suggestions, the town list, media,
  // sitemaps…) carries no cookie, whatever its route: a CDN would store the Set-Cookie with it
  // and hand one visitor's token to everyone. Runs after @fastify/cookie's onSend has written
  // the header (registered after it, server/app.ts); the visitor gets a token on the next page.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (sharedCacheable(reply.getHeader('cache-control'))) dropCsrfCookie(reply);
    return payload;
  });
  // The set-session call (core/http/set-session.ts): the hook above has done the work; a browser
  // that already holds a token keeps it. Nothing is read, nothing is cached.
  app.options(SET_SESSION_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store').status(204).send();
  });
}

/** Whether a Cache-Control value lets shared caches keep the answer. */
const sharedCacheable = (value: unknown) => /(^|[\s,])(public|s-maxage=)/i.test(String(value ?? ''));

function dropCsrfCookie(reply: FastifyReply) {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return;
  const kept = (Array.isArray(header) ? header : [String(header)]).filter(
    (cookie) => !cookie.startsWith(`${CSRF_COOKIE}=`),
  );
  reply.removeHeader('set-cookie');
  if (kept.length > 0) reply.header('set-cookie', kept);
}

const CSRF_MAX_AGE_S = 365 * 24 * 3600;
const csrfCookieOptions = (secure: boolean) =>
  ({ path: '/', sameSite: 'lax', secure, maxAge: CSRF_MAX_AGE_S }) as const;

/**
 * The Set-Cookie header that gives a fresh token to a request holding no valid one (null when
 * it holds one), for a reply written without Fastify's hooks: a page cache hit (server/pages.ts).
 * Written as @fastify/cookie writes `csrfCookieOptions` (server/security/headers.test.ts
 * compares the two), without its serializer's cost on every hit.
 */
export function csrfCookieToIssue(
  cookies: Record<string, string | undefined>,
  { secure }: { secure: boolean },
): string | null {
  if (validToken(cookies[CSRF_COOKIE])) return null;
  return `${CSRF_COOKIE}=${newCsrfToken()}; Max-Age=${CSRF_MAX_AGE_S}; Path=/;${secure ? ' Secure;' : ''} SameSite=Lax`;
}

export function newCsrfToken(): string {
  return randomToken(24);
}

/**
 * Beside the CSRF token, a state-changing request (POST, PUT, PATCH, DELETE) must not say it
 * comes from another site: `Sec-Fetch-Site: cross-site`, or an `Origin` other than PUBLIC_URL's
 * (`null` included), is refused with 403 before anything is read. A request with neither header
 * comes from no browser (scripts, the provider, the MIS) and carries no visitor's cookies
 * unasked: the token alone judges it. Every route of the app, calls and pages; a route with
 * `config.serverToServer` (its reason) is exempt.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, { publicOrigin }: { publicOrigin: string }) {
  const own = ownOrigins(publicOrigin);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config.serverToServer) return;
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !own.has(origin)))
      throw new DomainError('csrf_failed', CSRF_ERROR, 403);
  });
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the site's own pages come from: PUBLIC_URL's; when that names this machine (the
 * default, http://localhost:$PORT), each loopback name of the same port too, so a newcomer who
 * opens http://127.0.0.1:3000 can still send forms. No other site can be on this machine's loopback.
 */
export function ownOrigins(publicOrigin: string): ReadonlySet<string> {
  const url = new URL(publicOrigin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([publicOrigin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set([publicOrigin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)]);
}

/** A hook (preValidation: before a body is judged) for a scope of state-changing routes. */
export async function requireCsrf(request: FastifyRequest) {
  if (!UNSAFE.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const body = request.body as Record<string, unknown> | undefined;
  const echoed =
    request.headers['x-csrftoken'] ??
    (typeof body === 'object' && body ? body.csrfmiddlewaretoken : undefined);
  if (!validToken(cookie) || typeof echoed !== 'string' || !sameToken(cookie, echoed)) {
    throw new DomainError('csrf_failed', CSRF_ERROR, 403);
  }
}

function validToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{32}$/.test(token);
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A websocket handshake from another site is refused before the upgrade (403): browsers apply no
 * same-origin rule to websockets and send the visitor's cookies with them. One without `Origin`
 * comes from no browser.
 */
export function refuseForeignSocket(publicUrl: string) {
  const own = ownOrigins(new URL(publicUrl).origin);
  return (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !own.has(origin))
      throw new DomainError('forbidden', 'Подключение с другого сайта запрещено', 403);
  };
}
