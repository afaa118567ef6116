import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { documentBodyOf } from '../core/http/document-body';
import { CACHE_TAGS_HEADER, type PageCache, parseCacheTags } from './cache/page-cache';
import { pageEncodingFor } from './cache/page-encodings';
import { badRequest } from './http/errors';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { CSRF_COOKIE } from './security/csrf';
import { applyCachedPagePolicy, inlineScriptHashes, nonceFreeDocument } from './security/headers';

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

export interface PagesOptions {
  /** The anonymous page cache (ADR 003); none: every page is rendered. */
  cache?: PageCache;
  /**
   * What besides the URL shapes this request's page: a suffix of the cache key, or null when
   * the page must not be cached at all. Only a few known cookie values may count, so the number
   * of copies of a URL stays small (server/app.ts).
   */
  variantOf?: (request: FastifyRequest) => string | null;
  /** PAGES_AT_ONCE unless set (PAGE_CONCURRENCY). */
  atOnce?: number;
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
  { cache, variantOf = () => '', atOnce = PAGES_AT_ONCE }: PagesOptions = {},
) {
  const handle = createRequestHandler(build, mode);
  const inTurn = pLimit(atOnce);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', async (request, reply) => {
      if (!PAGE_METHODS.has(request.method)) {
        return reply
          .status(405)
          .header('allow', [...PAGE_METHODS].join(', '))
          .send({ detail: 'Метод не поддерживается', code: 'method_not_allowed' });
      }
      const url = publicUrlOf(publicOrigin, request.url);
      const canonical = withTrailingSlash(request.method, url.pathname + url.search);
      if (canonical) return reply.redirect(canonical, 301);
      // Anonymous page views may come from the short-lived page cache (ADR 003), keyed by the
      // path and query a page is rendered from, and the variant: the few cookies that shape it.
      const variant =
        cache && request.method === 'GET' && !request.cookies[SESSION_COOKIE] ? variantOf(request) : null;
      const key = variant === null ? null : url.pathname + url.search + variant;
      const hit = key ? cache?.get(key) : null;
      if (hit) {
        reply.status(hit.status).header('x-page-cache', 'hit');
        for (const [name, value] of hit.headers) reply.header(name, value);
        // The stored bytes are the same for every visitor: their inline scripts are allowed by
        // hash, and each encoding is compressed once per entry (ADR 020).
        applyCachedPagePolicy(reply, hit.scriptHashes);
        reply.header('vary', 'accept-encoding');
        const encoding = pageEncodingFor(request.headers['accept-encoding']);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(await hit.bytes(encoding));
      }
      const response = await inTurn(async () =>
        handle(toFetchRequest(url, request, reply), await getLoadContext(request, reply)),
      );
      const tags = parseCacheTags(response.headers.get(CACHE_TAGS_HEADER));
      response.headers.delete(CACHE_TAGS_HEADER);
      if (key && tags && cacheable(response)) {
        const body = documentBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
        // Never share a page that carries a visitor's own token (none should: pages read it from the cookie).
        const token = request.cookies[CSRF_COOKIE];
        if (!token || !body.includes(token)) {
          const stored = nonceFreeDocument(body, reply);
          const page = {
            status: response.status,
            headers: [...response.headers].filter(([name]) => name !== 'content-length'),
            body: stored,
            scriptHashes: inlineScriptHashes(stored),
          };
          cache?.set(key, page, tags);
        }
        reply.status(response.status).header('x-page-cache', 'miss');
        for (const [name, value] of response.headers) reply.header(name, value);
        return reply.send(body);
      }
      return sendFetchResponse(reply, response);
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

function sendFetchResponse(reply: FastifyReply, response: Response) {
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
  if (rendered) return reply.send(rendered);
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
