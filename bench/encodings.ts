/**
 * What the load generator says it accepts, and how the yardstick picks an encoding. A browser
 * asks for a page with `accept-encoding: gzip, deflate, br`: measuring without it would time
 * uncompressed pages that no visitor gets. The identity case (no Accept-Encoding, as curl or a
 * crawler asks) is measured beside it where the run can afford it (bench/phases/pages.ts).
 */
import { negotiate } from '@fastify/accept-negotiator';

/** How a load run asks: as a browser does, or with no Accept-Encoding at all. */
export type HeaderSet = 'browser' | 'identity';

/** Chrome's and Firefox's Accept for a page navigation. */
export const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** What a browser accepts for a script (a `<script type="module">` or a modulepreload). */
export const SCRIPT_ACCEPT = '*/*';
/** A browser's Accept-Encoding over plain HTTP (`zstd` only over HTTPS, where browsers send it). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** The request headers of a header set; `accept` is the page's unless told otherwise. */
export function requestHeaders(set: HeaderSet, accept: string = PAGE_ACCEPT): Record<string, string> {
  return set === 'browser' ? { accept, 'accept-encoding': BROWSER_ACCEPT_ENCODING } : { accept };
}

/** The yardstick's encodings, best first, as the app's page cache keeps them (ADR 020). */
export const YARDSTICK_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type YardstickEncoding = (typeof YARDSTICK_ENCODINGS)[number];

/** The encoding to answer an Accept-Encoding header with (none, unknown or refused: identity). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): YardstickEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (!header) return 'identity';
  const picked = negotiate(header, YARDSTICK_ENCODINGS as unknown as string[]);
  return (picked as YardstickEncoding | null) ?? 'identity';
}

/** A response's Content-Encoding as counted in the results: 'identity' when it has none. */
export function encodingOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(', ') : header;
  return value?.trim().toLowerCase() || 'identity';
}

/** The share of responses that came in `encoding`, 0..1 (NaN when there were none). */
export function shareIn(counts: Record<string, number>, encoding: string): number {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return total ? (counts[encoding] ?? 0) / total : Number.NaN;
}
