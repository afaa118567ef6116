import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { documentBodyOf } from '../core/http/document-body';
import { CACHE_TAGS_HEADER, type PageCache, parseCacheTags, type StoredPage } from './cache/page-cache';
import { encodePage, type PageEncoding, pageEncodingFor } from './cache/page-encodings';
import { badRequest } from './http/errors';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { CSRF_COOKIE, csrfCookieToIssue } from './security/csrf';
import { cachedPageHeaders, nonceFreeDocument } from './security/headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The pages' route: its GETs may be answered from the page cache (`servePageCacheHits`). */
    page?: boolean;
  }
}

/** Pages only read (writes go through the JSON calls): any other method is a 405. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Page requests one process works on at once (documents and their data requests, loaders and
 * render); the rest wait their turn, first come first served. Measured on the large set, the
 * uncached list under 50 connections: unlimited 67–76 req/s, p99 0.9–2.3 s, RSS +40–90 MB; 2–6 at
 * once 96–137 req/s, p99 0.5–1.2 s, RSS +15–35 MB. Fifty loaders at once only crowd the database
 * pool and the heap. Limiting the render alone (entry.server) gained nothing.
 */
export const PAGES_AT_ONCE = 4;

/** A request's cookies, by name. */
export type Cookies = Record<string, string | undefined>;

const NO_COOKIES: Cookies = Object.freeze({});

export interface PageCaching {
  /** The anonymous page cache (ADR 003). */
  cache: PageCache;
  /**
   * What besides the URL shapes this request's page: a suffix of the cache key, or null when
   * the page must not be cached at all. Only a few known cookie values may count, so the number
   * of copies of a URL stays small (server/app.ts).
   */
  variantOf: (cookies: Cookies, request: FastifyRequest) => string | null;
  /** Whether the CSRF cookie a hit gives a first-time visitor is `Secure` (an HTTPS site). */
  secureCookies: boolean;
}

export interface PagesOptions {
  /** The page cache, whose hits `servePageCacheHits` answers; none: every page is rendered. */
  caching?: PageCaching;
  /** PAGES_AT_ONCE unless set (PAGE_CONCURRENCY). */
  atOnce?: number;
}

/**
 * The page cache key of a request for this page URL: its path and query, then the variant after
 * a space (which a parsed path or query never holds, so no query can spell another variant's
 * key); null when the page is never shared: not a GET, a signed-in visitor, a variant not kept.
 */
function pageCacheKey(
  request: FastifyRequest,
  cookies: Cookies,
  pathAndQuery: string,
  variantOf: PageCaching['variantOf'],
) {
  if (request.method !== 'GET' || cookies[SESSION_COOKIE]) return null;
  const variant = variantOf(cookies, request);
  return variant === null ? null : `${pathAndQuery} ${variant}`;
}

/**
 * How many request targets `servePageCacheHits` remembers the parsed path and query of, and the
 * longest it remembers: at most a few MB, however many odd URLs a client sends.
 */
const TARGETS_KEPT = 10_000;
const TARGET_KEPT_LENGTH = 256;

/**
 * Answers a page from the anonymous page cache before the rest of Fastify's pipeline (ADR 027):
 * the stored copy is written as it is, with the headers kept beside it (the security headers
 * its render was sent with, its scripts allowed by hash) and, for a visitor without one, the
 * CSRF cookie the csrf hook would have set. Anything else (a miss, another route, a copy still
 * being compressed that fails) goes on to the hooks and the pages' route, which renders.
 *
 * Registered before every other `onRequest` hook, which a hit has no use for, the cookie
 * parser's included: a request without cookies (a first visit, a crawler) parses none. Nothing
 * here makes a closure per hit. ADR 027 says what each part cost.
 */
export function servePageCacheHits(
  app: FastifyInstance,
  publicOrigin: string,
  { cache, variantOf, secureCookies }: PageCaching,
) {
  // A target's path and query as the page sees them (`publicUrlOf`), remembered: parsing the
  // URL anew was a twentieth of a hit. Forgotten all at once when full.
  const targets = new Map<string, string>();
  const pathAndQueryOf = (target: string) => {
    let known = targets.get(target);
    if (known === undefined) {
      const url = publicUrlOf(publicOrigin, target);
      known = url.pathname + url.search;
      if (target.length <= TARGET_KEPT_LENGTH) {
        if (targets.size >= TARGETS_KEPT) targets.clear();
        targets.set(target, known);
      }
    }
    return known;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.routeOptions.config.page !== true) return done();
    const cookieHeader = request.headers.cookie;
    const cookies = cookieHeader ? app.parseCookie(cookieHeader) : NO_COOKIES;
    const key = pageCacheKey(request, cookies, pathAndQueryOf(request.url), variantOf);
    const hit = key === null ? null : cache.get(key);
    if (!hit) return done();
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    const bytes = hit.bytes(encoding);
    if (Buffer.isBuffer(bytes)) {
      sendHit(reply, hit, encoding, bytes, csrfCookieToIssue(cookies, { secure: secureCookies }));
      return done();
    }
    // The first request for this encoding waits for its copy (made once per entry); should
    // compressing fail, the page is rendered.
    bytes.then(
      (made) => {
        sendHit(reply, hit, encoding, made, csrfCookieToIssue(cookies, { secure: secureCookies }));
        done();
      },
      () => done(),
    );
  });
}

/**
 * Writes a stored page, with a new visitor's CSRF cookie if there is one; Fastify's own
 * lifecycle ends here (its logging of the response still runs).
 */
function sendHit(
  reply: FastifyReply,
  hit: StoredPage,
  encoding: PageEncoding,
  bytes: Buffer,
  csrf: string | null,
) {
  const headers = [...hit.headers, 'content-length', String(bytes.length)];
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  if (csrf) headers.push('set-cookie', csrf);
  reply.hijack();
  reply.raw.writeHead(hit.status, headers);
  reply.raw.end(bytes);
}

/**
 * Serves React Router pages from Fastify: a Fastify request becomes a Fetch Request and the
 * Response streams back. Registered in its own scope with every body parser removed: pages take
 * no bodies, while JSON API routes elsewhere keep their parsers.
 *
 * Pages see the site only at `publicOrigin` (PUBLIC_URL): the Host and X-Forwarded-* headers
 * never reach a page's URL, so no visitor can make a page (or its cached copy) point elsewhere.
 */
export async function registerPages(
  app: FastifyInstance,
  build: BuildSource,
  mode: string,
  publicOrigin: string,
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => Promise<RouterContextProvider>,
  { caching, atOnce = PAGES_AT_ONCE }: PagesOptions = {},
) {
  const handle = createRequestHandler(build, mode);
  const inTurn = pLimit(atOnce);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', { config: { page: true } }, async (request, reply) => {
      if (!PAGE_METHODS.has(request.method)) {
        return reply
          .status(405)
          .header('allow', [...PAGE_METHODS].join(', '))
          .send({ detail: 'Метод не поддерживается', code: 'method_not_allowed' });
      }
      const url = publicUrlOf(publicOrigin, request.url);
      const canonical = withTrailingSlash(request.method, url.pathname + url.search);
      if (canonical) return reply.redirect(canonical, 301);
      // An anonymous page view is kept in the page cache (ADR 003), keyed by the path and query
      // it is rendered from and its variant: the few cookies that shape it. Hits never get here.
      const key = caching
        ? pageCacheKey(request, request.cookies, url.pathname + url.search, caching.variantOf)
        : null;
      const response = await inTurn(async () =>
        handle(toFetchRequest(url, request, reply), await getLoadContext(request, reply)),
      );
      const tags = parseCacheTags(response.headers.get(CACHE_TAGS_HEADER));
      response.headers.delete(CACHE_TAGS_HEADER);
      if (caching && key && tags && cacheable(response)) {
        const body = documentBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
        reply.status(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        reply.header('vary', 'accept-encoding');
        // Never share a page that carries a visitor's own token (none should: pages read it from the cookie).
        const token = request.cookies[CSRF_COOKIE];
        if (!token || !body.includes(token)) {
          // The stored bytes are the same for every visitor: their inline scripts are allowed by
          // hash, and each encoding is compressed once per entry (ADR 020).
          const stored = nonceFreeDocument(body, reply);
          const headers = [...cachedPageHeaders(reply, stored), 'x-page-cache', 'hit'];
          caching.cache.set(key, { status: response.status, headers, body: stored }, tags);
        }
        reply.header('x-page-cache', 'miss');
        return sendDocument(request, reply, body);
      }
      return sendFetchResponse(request, reply, response);
    });
  });
}

/**
 * The page URL of a request target on the public origin. The target only adds a path and
 * query: appended to the origin, even '//evil.example/x' stays a path; an absolute-form target
 * ('http://evil.example/x') gives up its own origin.
 */
export function publicUrlOf(publicOrigin: string, target: string): URL {
  if (target.startsWith('/')) return new URL(`${publicOrigin}${target}`);
  if (!URL.canParse(target)) throw badRequest('Неверный адрес страницы');
  const { pathname, search } = new URL(target);
  return new URL(`${publicOrigin}${pathname}${search}`);
}

function toFetchRequest(url: URL, request: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
    // Required by Node's fetch for streamed request bodies.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** A whole, successful, cookie-free document is the same for every anonymous visitor. */
function cacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.has('content-length') &&
    response.headers.getSetCookie().length === 0
  );
}

/** Below this a document is sent as it is (the compress plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A rendered document in one piece, compressed by the request's Accept-Encoding in libuv's
 * thread pool. Through the compress plugin a Buffer over its small synchronous threshold goes
 * through a stream (a Readable, a Brotli transform, a pipeline): measured on a 84 KB list page,
 * about 0.6–0.9 ms of the event loop per response against 0.2–0.25 ms for the one-shot call, and
 * each response then goes out in one write with its Content-Length. The plugin sees the
 * Content-Encoding and leaves the body alone.
 */
async function sendDocument(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  reply.header('vary', 'accept-encoding');
  const encoding = pageEncodingFor(request.headers['accept-encoding']);
  if (encoding === 'identity' || body.length < COMPRESS_FROM_BYTES) return reply.send(body);
  const bytes = await encodePage(body, encoding, 'sent');
  return reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
}

function sendFetchResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A document rendered whole (see app/entry.server.tsx) goes out as one buffer, as rendered
  // when the entry attached it; anything of unknown length (React Router data requests) keeps
  // streaming.
  const rendered = documentBodyOf(response);
  if (rendered) return sendDocument(request, reply, rendered);
  if (response.headers.has('content-length'))
    return response.arrayBuffer().then((b) => reply.send(Buffer.from(b)));
  return reply.send(Readable.fromWeb(response.body as never));
}

/**
 * Directory URLs end with '/' (docs/product/directory.md); '/moskva/vrach' redirects there so each
 * page has one URL. Files and React Router data requests (a dot in the last segment) pass.
 */
export function withTrailingSlash(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const q = url.indexOf('?');
  // '//host/path' would send the browser to another site: one leading slash only.
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(/^\/+/, '/');
  if (pathname.endsWith('/') || pathname.slice(pathname.lastIndexOf('/')).includes('.')) return null;
  // React Router's own endpoints (lazy route discovery: /__manifest).
  if (pathname.startsWith('/__')) return null;
  return `${pathname}/${q === -1 ? '' : url.slice(q)}`;
}
