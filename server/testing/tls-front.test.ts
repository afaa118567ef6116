import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHaproxy, Haproxy } from './cluster';
import { onFreePorts } from './free-port';

/**
 * The TLS front the bench's Lighthouse phase puts before the server (ADR 028): HAProxy on a
 * certificate made for the run, offering HTTP/2, passing requests to the server behind it.
 */
const haproxy = findHaproxy();

describe.skipIf(!haproxy)('HAProxy with tls', () => {
  let app: Server;
  let front: Haproxy;

  beforeAll(async () => {
    app = createServer((req, res) => {
      if (req.url === '/readyz') return res.end('ok');
      res.setHeader('content-type', 'text/plain');
      res.end(`behind the front: ${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const port = (app.address() as AddressInfo).port;
    front = await onFreePorts(2, async ([frontPort, statsPort]) => {
      const proxy = new Haproxy(haproxy as string, {
        port: frontPort,
        statsPort,
        servers: [{ name: 'app', port }],
        interMs: 500,
        tls: true,
      });
      await proxy.start().catch(async (err) => {
        await proxy.stop();
        throw err;
      });
      return proxy;
    });
    await front.waitUntilUp(['app'], 10_000);
  }, 20_000);

  afterAll(async () => {
    await front?.stop();
    await new Promise((resolve) => app?.close(resolve));
  });

  it('answers HTTPS with HTTP/2 and passes the request to the server', async () => {
    expect(front.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const session = connect(front.origin, { rejectUnauthorized: false });
    try {
      const { status, protocol, body } = await new Promise<{
        status: number;
        protocol: string;
        body: string;
      }>((resolve, reject) => {
        session.on('error', reject);
        const req = session.request({ ':path': '/moskva/vrach/?page=2' });
        let body = '';
        let status = 0;
        req.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => {
          body += chunk;
        });
        req.on('end', () => resolve({ status, protocol: session.alpnProtocol ?? '', body }));
        req.on('error', reject);
      });
      expect(protocol).toBe('h2');
      expect(status).toBe(200);
      expect(body).toBe('behind the front: GET /moskva/vrach/?page=2');
    } finally {
      session.close();
    }
  });
});
