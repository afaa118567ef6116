import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a cached page is kept in, best first (ADR 020). */
export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * Brotli and gzip levels of a cached page's stored copies. Each copy is made once per cache
 * entry, off the event loop, so the levels favour size: see ADR 020 for the measurements.
 */
export const STORED_BROTLI_QUALITY = 6;
export const STORED_GZIP_LEVEL = 9;
/**
 * Brotli quality of whatever is compressed as it is sent (a render, a call's JSON): cheap,
 * since each response pays it. Gzip keeps zlib's default level.
 */
export const SENT_BROTLI_QUALITY = 4;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The stored copy to send for this Accept-Encoding header (none or unknown: identity). */
export function pageEncodingFor(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (!header) return 'identity';
  return (negotiate(header, PAGE_ENCODINGS as unknown as string[]) as PageEncoding | null) ?? 'identity';
}

/**
 * The page's bytes in one encoding, compressed in libuv's thread pool: at the stored levels for
 * the page cache's copies, at the sent ones for a render sent once.
 */
export function encodePage(
  body: Buffer,
  encoding: Exclude<PageEncoding, 'identity'>,
  levels: 'stored' | 'sent' = 'stored',
): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: levels === 'stored' ? STORED_BROTLI_QUALITY : SENT_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, {
    level: levels === 'stored' ? STORED_GZIP_LEVEL : constants.Z_DEFAULT_COMPRESSION,
  });
}
