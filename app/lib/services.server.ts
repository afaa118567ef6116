/**
 * The page ↔ server seam (ADR 006, ADR 012): what a route's loader reaches through its
 * `context`. React Router 8 hands loaders a `RouterContextProvider`; the server puts one
 * `PageContext` in it under the `pageContext` key, and a loader takes it out with
 * `pageContextOf(context)`, then reads `services` (the same service objects the JSON calls use,
 * built once in server/services.ts); it never imports server modules itself. Only `*.server.ts`
 * files under app/ may import from server/, and only types (the lint rule in biome.json).
 */
import { createContext, type RouterContext, RouterContextProvider } from 'react-router';
import type { LegalOperator } from '../../core/legal/document';
import type { AppEnvironment, AuthSettings } from '../../server/app';
import type { Clock } from '../../server/clock';
import type { Services, SessionViewer } from '../../server/services';

// The pages' errors as the calls' (a database outage is a 503), for app/entry.server.tsx.
export { createPageErrors, OUTAGE_RETRY_AFTER_S } from '../../server/http/page-errors';
export type { Services, SessionViewer };

export interface PageContext {
  services: Services;
  clock: Clock;
  /** The request's cookies, parsed once by Fastify. */
  cookies: Record<string, string | undefined>;
  /** Deployment environment; 'stage' shows the Stage badge. */
  environment: AppEnvironment;
  /** Who is signed in on this browser (anonymous without a session cookie). */
  viewer: SessionViewer;
  /**
   * The request's address key (its address as the proxy settings trust it, an IPv6 client's /64:
   * server/security/client-address.ts) and browser: page statistics only.
   */
  visitor: { ip: string; userAgent: string };
  authSettings: AuthSettings;
  /** The operator's details for the legal pages (OPERATOR_* settings). */
  operator: LegalOperator;
  /**
   * The site's public origin (PUBLIC_URL, no trailing slash): canonical URLs, og:url and JSON-LD
   * are built on it, never on the request's Host or X-Forwarded-* headers.
   */
  origin: string;
  /**
   * This response's Content-Security-Policy nonce, for app/entry.server.tsx only: loaders never
   * return it (a cached page gets a fresh nonce written over its `nonce` attributes alone).
   */
  cspNonce: string;
  /**
   * A client navigation's data request (`….data`), not a document: the browser renders the page
   * itself, so the loader sends even what a document keeps back (app/lib/kept.ts).
   */
  dataRequest: boolean;
}

/**
 * The key the PageContext is kept under. A provider finds a value by the key object itself, and
 * this file is loaded more than once in a process: by the server (Node's own import) and by the
 * pages (the production build's bundled copy, or Vite's module runner in development and tests).
 * The global symbol registry gives every copy the same key.
 */
const KEY = Symbol.for('prodoktorov.page-context');
const registry = globalThis as { [KEY]?: RouterContext<PageContext> };
registry[KEY] ??= createContext<PageContext>();
export const pageContext: RouterContext<PageContext> = registry[KEY];

/** The provider a page request is handled with (server/app.ts builds one per request). */
export function providePageContext(value: PageContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[pageContext, value]]));
}

/** What a loader (or app/entry.server.tsx) reads: this request's PageContext. */
export function pageContextOf(context: Readonly<RouterContextProvider>): PageContext {
  return context.get(pageContext);
}
