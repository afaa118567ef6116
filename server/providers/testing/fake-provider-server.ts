import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider received, so tests can assert the adapter spoke the API correctly. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body parsed as a urlencoded form (empty when there was none). */
  form: URLSearchParams;
}

export type FakeReply = { status?: number; json?: unknown; raw?: string } | 'hang';

/**
 * A local HTTP server on a free port standing in for a provider. `reply` decides each answer;
 * 'hang' never answers (for timeout tests). close() drops open connections too.
 */
export async function startFakeProvider(reply: (request: ReceivedRequest) => FakeReply) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(received);
      const answer = reply(received);
      if (answer === 'hang') return;
      const body = answer.raw ?? JSON.stringify(answer.json ?? {});
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
