/**
 * The page ↔ server seam (ADR 006): what a route's loader or action receives in `context`.
 * Loaders read through `context.services` (the same service objects the JSON calls use, built
 * once in server/services.ts); they never import server modules themselves. Only `*.server.ts`
 * files under app/ may import from server/, and only types (the lint rule in biome.json).
 */
import type { AppEnvironment, AuthSettings } from '../../server/app';
import type { Clock } from '../../server/clock';
import type { Services, SessionViewer } from '../../server/services';

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
  authSettings: AuthSettings;
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
}

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
