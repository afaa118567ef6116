/**
 * The pages' yardstick, a process of its own (`node --import tsx bench/yardstick-server.ts`,
 * started by bench/yardstick.ts) so that it shares no event loop with the benchmark: each
 * page's bytes held in memory with their brotli (quality 11) and gzip (level 9) copies, made
 * once at start, and sent by the request's Accept-Encoding with `content-encoding` and
 * `vary: accept-encoding`. That is the best a server can do with the same bytes (a CDN, or a
 * precompressed file kept in memory): no render, no compression, no disk, no stat per request.
 *
 * The static asset's file is held the same way, as its yardstick. The parent sends
 * `{ port, pages: [{ path, type, body }] }` over IPC; this answers
 * `{ ready: true, sizes: { [path]: { br, gzip, identity } } }` once listening, and stops on
 * SIGTERM or when the parent goes away.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { pickEncoding, YARDSTICK_ENCODINGS, type YardstickEncoding } from './encodings';

/** A body the yardstick serves: its path, its Content-Type and its uncompressed bytes. */
export interface YardstickBody {
  path: string;
  type: string;
  body: Uint8Array;
}

export interface YardstickStart {
  port: number;
  pages: YardstickBody[];
}

export type YardstickSizes = Record<string, Record<YardstickEncoding, number>>;

type Variants = Record<YardstickEncoding, Buffer>;

function variantsOf(body: Buffer): Variants {
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return { br, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }), identity: body };
}

async function serve({ port, pages }: YardstickStart) {
  const app = Fastify({ logger: false });
  const sizes: YardstickSizes = {};
  for (const page of pages) {
    const variants = variantsOf(Buffer.from(page.body));
    sizes[page.path] = Object.fromEntries(YARDSTICK_ENCODINGS.map((e) => [e, variants[e].length])) as Record<
      YardstickEncoding,
      number
    >;
    app.get(page.path, (request, reply) => {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('content-type', page.type).header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(variants[encoding]);
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  const stop = () => void app.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  process.send?.({ ready: true, sizes });
}

process.once('message', (message: YardstickStart) => {
  serve(message).catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  });
});
