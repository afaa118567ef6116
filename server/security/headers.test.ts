/**
 * The security headers of a page, a call and a static file, as the production app answers
 * them; the CSP nonce of rendered pages and the script hashes of cached ones; the call-in websocket's Origin check.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { createDoctor, createSpeciality, createTown } from '../db/seed/factories';
import { openTestDatabase } from '../testing/database';
import { openPageBuild } from '../testing/pages';
import { precompressFile } from '../tools/precompress';
import { helmetHeaders, PERMISSIONS_POLICY, policyTemplate, registerSecurityHeaders } from './headers';

const PUBLIC_URL = 'https://prodoctorov.example';
const BIG_ASSET = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово-${i}`))};\n`;
let database: Database;
let pageBuild: Awaited<ReturnType<typeof openPageBuild>>;
let clientDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'kazan', name: 'Казань', nameIn: 'в Казани' });
  const therapist = await createSpeciality(database.db, { name: 'Терапевт', translit: 'terapevt' });
  await createDoctor(database.db, { townId: town.id, specialityIds: [therapist.id] });

  // The app's real routes, compiled by Vite as `npm run dev` does, served in production mode.
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'portal-headers-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'assets', 'root-abc123.js'), 'export {};\n');
  // A file big enough to compress, with the variants the build writes beside it.
  await writeFile(path.join(clientDir, 'assets', 'big-abc123.js'), BIG_ASSET);
  await precompressFile(path.join(clientDir, 'assets', 'big-abc123.js'));
  pageBuild = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    pages: { build: pageBuild.build, mode: 'production', clientDir },
    publicUrl: PUBLIC_URL,
    pageCacheTtlMs: 60_000,
  });
});

afterAll(async () => {
  await app?.close();
  await pageBuild?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

/** The nonce the response's Content-Security-Policy allows scripts with. */
function policyNonce(res: LightMyRequestResponse): string {
  const policy = String(res.headers['content-security-policy']);
  const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src '));
  const nonces = [...(scriptSrc ?? '').matchAll(/'nonce-([A-Za-z0-9_-]+)'/g)].map((m) => m[1]);
  expect(nonces).toHaveLength(1);
  return nonces[0];
}

/** The script-src directive of the response's policy. */
function scriptSource(res: LightMyRequestResponse): string {
  const policy = String(res.headers['content-security-policy']);
  return policy.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
}

/** The text of every inline script the browser would run, as its CSP hash is taken. */
function inlineScriptTexts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]) && !/type="application\/ld\+json"/.test(m[1]))
    .map((m) => m[2]);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** Every inline script the browser would run (JSON-LD is data), with its nonce or null. */
function inlineScripts(html: string): { nonce: string | null }[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]) && !/type="application\/ld\+json"/.test(m[1]))
    .map((m) => ({ nonce: /\bnonce="([^"]*)"/.exec(m[1])?.[1] ?? null }));
}

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  // helmet's other defaults.
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['origin-agent-cluster']).toBe('?1');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-download-options']).toBe('noopen');
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['x-xss-protection']).toBe('0');
  const policy = String(res.headers['content-security-policy']);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("object-src 'none'");
}

describe('security headers in production', () => {
  it('a page: every inline script carries the nonce its policy names, fresh on each request', async () => {
    const first = await app.inject({ url: '/kazan/vrach/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expectCommonHeaders(first);
    const scripts = inlineScripts(first.body);
    // The router's context and data, the route modules' loader and the scroll restoration.
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    const nonce = policyNonce(first);
    expect(scripts.every((s) => s.nonce === nonce)).toBe(true);

    // The same page from the anonymous page cache: no nonce at all (a nonce must never be
    // served twice); the policy names each inline script by its hash instead.
    const cached = await app.inject({ url: '/kazan/vrach/' });
    expect(cached.headers['x-page-cache']).toBe('hit');
    expectCommonHeaders(cached);
    const scriptSrc = scriptSource(cached);
    expect(scriptSrc).not.toContain("'nonce-");
    expect(cached.body).not.toContain('nonce=');
    expect(inlineScripts(cached.body).every((s) => s.nonce === null)).toBe(true);
    const texts = inlineScriptTexts(cached.body);
    expect(texts.length).toBe(scripts.length);
    for (const text of texts) expect(scriptSrc).toContain(`'sha256-${sha256(text)}'`);
    expect(Number(cached.headers['content-length'])).toBe(Buffer.byteLength(cached.body));
    // Only the nonce attributes differ between the two copies.
    expect(cached.body).toBe(first.body.replaceAll(` nonce="${nonce}"`, ''));
  });

  it('a cached page: each stored encoding by Accept-Encoding, made once, the same bytes for everyone', async () => {
    const url = '/kazan/vrach/?page=1';
    const plain = await app.inject({ url });
    expect(plain.headers['x-page-cache']).toBe('miss');
    const identity = await app.inject({ url });
    expect(identity.headers['x-page-cache']).toBe('hit');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toContain('accept-encoding');

    const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
    const br = await app.inject({ url, headers: browser });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    const brAgain = await app.inject({ url, headers: browser });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    // Its policy is the identity copy's: the bytes, and so the hashes, are the same.
    expect(scriptSource(brAgain)).toBe(scriptSource(identity));

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    const refused = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(identity.body);
  });

  it('a rendered page (a cache miss, a page never kept) is compressed whole by Accept-Encoding, with its length', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
    const missBr = await app.inject({ url: '/kazan/vrach/?page=1&sort=reviews', headers: browser });
    expect(missBr.headers['x-page-cache']).toBe('miss');
    expect(missBr.headers['content-encoding']).toBe('br');
    expect(missBr.headers.vary).toContain('accept-encoding');
    expect(Number(missBr.headers['content-length'])).toBe(missBr.rawPayload.length);
    const html = zlib.brotliDecompressSync(missBr.rawPayload).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('Терапевт');

    const missGzip = await app.inject({
      url: '/kazan/vrach/?page=1&sort=experience',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missGzip.headers['content-encoding']).toBe('gzip');
    expect(Number(missGzip.headers['content-length'])).toBe(missGzip.rawPayload.length);
    expect(zlib.gunzipSync(missGzip.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/);

    const missPlain = await app.inject({ url: '/kazan/vrach/?page=1&sort=price' });
    expect(missPlain.headers['content-encoding']).toBeUndefined();
    expect(missPlain.headers.vary).toContain('accept-encoding');
    expect(missPlain.body).toMatch(/^<!DOCTYPE html>/);

    // Not kept (a 404): rendered and compressed the same way.
    const missing = await app.inject({ url: '/kazan/vrach/999999-nikto/', headers: browser });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-page-cache']).toBeUndefined();
    expect(missing.headers['content-encoding']).toBe('br');
    expect(Number(missing.headers['content-length'])).toBe(missing.rawPayload.length);
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/);
  });

  it('a cached page is sent with the headers of the render it keeps; a new visitor still gets the CSRF cookie', async () => {
    const url = '/kazan/vrach/?page=1&sort=rating';
    const miss = await app.inject({ url });
    expect(miss.headers['x-page-cache']).toBe('miss');
    const hit = await app.inject({ url });
    expect(hit.headers['x-page-cache']).toBe('hit');
    // Written before Fastify's other hooks run (servePageCacheHits), a hit still carries every
    // header the render was sent with; only the policy (hashes for the nonce) and the length
    // (no nonce attributes) differ, and each visitor's cookie.
    const perResponse = new Set([
      'content-security-policy',
      'content-length',
      'x-page-cache',
      'set-cookie',
      'date',
    ]);
    const shared = (res: LightMyRequestResponse) =>
      Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perResponse.has(name)));
    expect(shared(hit)).toEqual(shared(miss));
    expect(Object.keys(shared(hit)).length).toBeGreaterThanOrEqual(14);
    // The cookie is the csrf hook's, with a token of its own.
    const tokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'csrftoken')?.value;
    const withoutToken = (res: LightMyRequestResponse) =>
      String(res.headers['set-cookie']).replace(/=[^;]*/, '=…');
    expect(withoutToken(hit)).toBe(withoutToken(miss));
    expect(tokenOf(hit)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokenOf(hit)).not.toBe(tokenOf(miss));
    const returning = await app.inject({ url, cookies: { csrftoken: tokenOf(miss) ?? '' } });
    expect(returning.headers['x-page-cache']).toBe('hit');
    expect(returning.headers['set-cookie']).toBeUndefined();
    // A forged token is replaced, as on any other response.
    const forged = await app.inject({ url, cookies: { csrftoken: '<script>' } });
    expect(tokenOf(forged)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('a call carries the same headers, and so do refusals and missing pages', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    const refused = await app.inject({ method: 'POST', url: '/ajax/appointment/create/', payload: {} });
    expect(refused.statusCode).toBe(403);
    expectCommonHeaders(refused);
    const missing = await app.inject({ url: '/no-such-page/' });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing);
  });

  it('a static asset carries them and no cookie a shared cache could keep', async () => {
    const res = await app.inject({ url: '/assets/root-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommonHeaders(res);
    expect(res.headers['set-cookie']).toBeUndefined();
    // A page still hands a new visitor the CSRF cookie.
    const page = await app.inject({ url: '/kazan/vrach/' });
    expect(page.cookies.map((c) => c.name)).toContain('csrftoken');
  });
});

describe('static files compressed at build time', () => {
  it('are sent as built, by Accept-Encoding (brotli first, then gzip, else plain), never compressed again', async () => {
    const br = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes on disk: one brotli stream, decoding to the file.
    const onDisk = await readFile(path.join(clientDir, 'assets', 'big-abc123.js.br'));
    expect(br.rawPayload.equals(onDisk)).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);

    const gz = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);

    const plain = await app.inject({ url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });
});

describe('security headers elsewhere', () => {
  async function headersOf(options: { publicUrl: string; development: boolean }) {
    const bare = Fastify();
    registerSecurityHeaders(bare, options);
    bare.get('/', async () => 'ok');
    const res = await bare.inject({ url: '/' });
    await bare.close();
    return res.headers;
  }

  it('over plain HTTP: no HSTS and no upgrading of insecure requests', async () => {
    const headers = await headersOf({ publicUrl: 'http://localhost:3000', development: false });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['content-security-policy']).toContain("connect-src 'self' ws://localhost:3000;");
  });

  it('on the dev server: the policy is only reported, and lets the HMR socket of Vite connect', async () => {
    const headers = await headersOf({ publicUrl: 'http://localhost:3000', development: true });
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['content-security-policy-report-only']).toContain(
      "connect-src 'self' ws://localhost:3000 ws:;",
    );
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

describe('the call-in websocket', () => {
  let address: string;
  beforeAll(async () => {
    address = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });

  /** Opens the socket with the given Origin: 'open', or the refused handshake's status. */
  function connect(origin: string): Promise<number | 'open'> {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const socket = new WebSocket(`${address}/ws/phone_confirmation/call/${uuid}?subscribe-broadcast`, {
      origin,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        resolve('open');
      });
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  it('refuses a handshake from another site and accepts one from the public origin', async () => {
    expect(await connect('https://evil.example')).toBe(403);
    expect(await connect('http://prodoctorov.example')).toBe(403);
    expect(await connect(PUBLIC_URL)).toBe('open');
  });
});

describe('helmetHeaders', () => {
  it('writes what helmet’s middleware writes for the same options', () => {
    const options = { contentSecurityPolicy: false, frameguard: { action: 'deny' as const } };
    const written: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: string) => {
        written[name.toLowerCase()] = value;
      },
      removeHeader: () => {},
    };
    helmet(options)({} as never, response as never, () => {});
    expect(helmetHeaders(options)).toEqual(written);
    expect(helmetHeaders(options)['x-frame-options']).toBe('DENY');
    expect(helmetHeaders(options)['content-security-policy']).toBeUndefined();
  });

  it('lets helmet’s own refusals of bad options stand', () => {
    expect(() => helmetHeaders({ referrerPolicy: { policy: 'anywhere' as never } })).toThrow();
  });
});

describe('policyTemplate', () => {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'nonce-scripts'"],
    connectSrc: ["'self'", 'wss://portal.example.ru'],
    upgradeInsecureRequests: [],
  };

  it('writes what helmet writes for the same directives, with the response’s scripts in place', () => {
    const written = new Map<string, string>();
    const response = { setHeader: (name: string, value: string) => written.set(name, value) };
    helmet.contentSecurityPolicy({
      useDefaults: false,
      directives: { ...directives, scriptSrc: ["'self'", "'nonce-abc'"] },
    })({} as never, response as never, () => {});
    const policy = policyTemplate({ reportOnly: false, directives });
    expect(policy.name).toBe('content-security-policy');
    expect(policy.allowingScripts("'nonce-abc'")).toBe(written.get('Content-Security-Policy'));
    expect(policyTemplate({ reportOnly: true, directives }).name).toBe('content-security-policy-report-only');
  });

  it('refuses a policy that does not name the scripts’ place, and helmet’s own refusals stand', () => {
    expect(() => policyTemplate({ reportOnly: false, directives: { defaultSrc: ["'self'"] } })).toThrow(
      "'nonce-scripts'",
    );
    expect(() =>
      policyTemplate({
        reportOnly: false,
        directives: { ...directives, defaultSrc: ["'self'; script-src *"] },
      }),
    ).toThrow();
  });
});
