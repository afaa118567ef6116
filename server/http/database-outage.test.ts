/**
 * The database goes away under a running app (PGlite closed; on PostgreSQL, the connections
 * cut and new ones refused by the proxy the app reaches it through): calls answer 503 with the
 * product's reload text, and the log says so once per cause, not once per failed request or
 * job-queue poll.
 */
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { type Database, openDatabase } from '../db/client';
import { createClinic, createTown } from '../db/seed/factories';
import { openTestDatabase } from '../testing/database';
import { loggerOptions } from './logger';

let database: Database;
let served: Database | null = null;
let proxy: { server: Server; sockets: Set<Socket> } | null = null;
let app: FastifyInstance;
let clinicId: number;
const lines: { level: number; msg: string; err?: { message?: string } }[] = [];

/** A TCP proxy to PostgreSQL on port 0: closing it is the database going away. */
async function proxyTo(host: string, port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = new NetSocket();
    sockets.add(client).add(upstream);
    upstream.connect(port, host);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, sockets };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db);
  clinicId = (await createClinic(database.db, { townId: town.id })).id;
  let db = database.db;
  if (database.kind === 'postgres') {
    const url = new URL(
      (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '',
    );
    proxy = await proxyTo(url.hostname, Number(url.port || 5432));
    const address = proxy.server.address();
    url.host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    served = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    db = served.db;
  }
  app = await buildApp({
    db,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    logger: loggerOptions({ level: 'info', stream: { write: (line) => lines.push(JSON.parse(line)) } }),
    jobs: { autoStart: true, pollSeconds: 0.5, stopTimeoutMs: 1000 },
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  await served?.close().catch(() => {});
  await database?.close().catch(() => {});
});

describe('a database outage', () => {
  it('answers 503 with the reload text and logs each cause once', { timeout: 60_000 }, async () => {
    const call = `/ajax/lpu/${clinicId}/doctors/`;
    expect((await app.inject({ url: call })).statusCode).toBe(200);
    lines.length = 0;
    if (proxy) {
      proxy.server.close();
      for (const socket of proxy.sockets) socket.destroy();
    } else {
      await database.close();
    }
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await app.inject({ url: call }));
    // The job queue keeps polling meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const logged = lines.filter((line) => line.level >= 40);
    console.info(logged.map((line) => `${line.level} ${line.msg}: ${line.err?.message}`).join('\n'));
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'service_unavailable',
        detail: 'Произошла ошибка. Обновите страницу и попробуйте еще раз.',
      });
    }
    // One line per cause and source a minute: PGlite has one cause ('PGlite is closed'),
    // PostgreSQL two (the connection terminated, then refused); the sources are the requests, the
    // job queue's polls and the webhook outbox's drain — not one line per failed request or tick.
    expect(logged.length).toBeLessThanOrEqual(6);
    expect(logged.every((line) => line.err?.message && line.err.message !== 'non-error thrown')).toBe(true);
  });
});
