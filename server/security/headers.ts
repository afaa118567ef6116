import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { VIDEO_EMBED_ORIGINS } from '../../core/clinic/video';
import { randomToken } from './random';

/**
 * Browser features the site may use: geolocation for the nearby list (and the map) on our own
 * origin only; everything a page of a directory never needs is off for every origin. Only
 * features Chromium knows: it logs an error on every page for one it does not ('bluetooth').
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

const nonces = new WeakMap<ServerResponse, string>();

/** 16 random bytes, base64url: what every nonce of a response is (22 characters). */
function newNonce(): string {
  return randomToken(16);
}

/**
 * The Content-Security-Policy nonce of this response: fresh random bytes per response, made on
 * first use (the policy header asks for it in `onRequest`, the page render reads it after).
 */
export function cspNonce(reply: FastifyReply | ServerResponse): string {
  const raw = 'raw' in reply ? reply.raw : reply;
  let nonce = nonces.get(raw);
  if (!nonce) {
    nonce = newNonce();
    nonces.set(raw, nonce);
  }
  return nonce;
}

/** Every ` nonce="…"` attribute with this value, taken out of a rendered document. */
function withoutNonce(body: Buffer, nonce: string): Buffer {
  const needle = Buffer.from(` nonce="${nonce}"`);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  if (start === 0) return body;
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}

/**
 * A document rendered for this response, as the page cache keeps it: without the response's
 * nonce, which must never be served twice. A hit names its inline scripts by hash instead
 * (`cachedPageHeaders`), so the stored bytes are the same for every visitor and can be kept
 * compressed (ADR 020).
 */
export function nonceFreeDocument(body: Buffer, reply: FastifyReply): Buffer {
  return withoutNonce(body, cspNonce(reply));
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP source expressions ('sha256-…') of a document's inline scripts: the text between the
 * tags, as the browser hashes it. Scripts with `src` are ours ('self'); JSON-LD is data.
 */
export function inlineScriptHashes(body: Buffer): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of body.toString('utf8').matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const POLICY_HEADERS = new Set(['content-security-policy', 'content-security-policy-report-only']);

/**
 * The headers a cached copy of this rendered document is served with: those this reply carries
 * so far (the security headers the hooks set, the page's own), with the policy's nonce replaced
 * by the document's script hashes. A cookie belongs to one visitor and never goes in; nor do the
 * length and encoding, which are the copy's. As name, value, name, value… (server/pages.ts).
 */
export function cachedPageHeaders(reply: FastifyReply, document: Buffer): string[] {
  const nonce = `'nonce-${cspNonce(reply)}'`;
  const hashes = inlineScriptHashes(document).join(' ');
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_COPY_HEADERS.has(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    headers.push(name, POLICY_HEADERS.has(name) ? text.replace(nonce, hashes) : text);
  }
  return headers;
}

const PER_COPY_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding']);

/** Where the policy names the inline scripts it allows: this response's nonce, or a cached page's hashes. */
const SCRIPTS_MARK = "'nonce-scripts'";

/**
 * The Content-Security-Policy header, serialized (and its directives checked) by helmet once at
 * start, with a mark where each response's scripts go. Helmet with a nonce directive rebuilt and
 * re-checked the whole header on every response: 8% of a cached page's CPU under load.
 */
export function policyTemplate(options: { reportOnly: boolean; directives: Record<string, string[]> }) {
  const set = new Map<string, string>();
  const response = { setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value) };
  helmet.contentSecurityPolicy({ useDefaults: false, ...options })({} as never, response as never, () => {});
  const [entry] = set;
  if (!entry) throw new Error('helmet wrote no Content-Security-Policy header');
  const [name, value] = entry;
  const [before, after, ...rest] = value.split(SCRIPTS_MARK);
  if (after === undefined || rest.length > 0) throw new Error(`the policy must name ${SCRIPTS_MARK} once`);
  return { name, allowingScripts: (sources: string) => before + sources + after };
}

export interface SecurityHeadersOptions {
  /** The site's public origin: HTTPS there turns on HSTS and upgrades stray http: loads. */
  publicUrl: string;
  /** The Vite dev server: the policy is only reported, and the HMR websocket may connect. */
  development: boolean;
}

/**
 * The headers helmet writes for these options, serialized once: they are the same for every
 * response. @fastify/helmet built helmet's middleware anew from the options on every request
 * (and ran it through two hooks): about 4% of a cached page's CPU under load, for constant output.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const set: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      set[name.toLowerCase()] = value;
    },
    // helmet takes away X-Powered-By, which Fastify never sends.
    removeHeader: () => {},
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return set;
}

/**
 * The security headers of every response (helmet's, serialized once by `helmetHeaders`, plus
 * Permissions-Policy, which helmet leaves out). Scripts run only from our origin or inline with
 * the response's nonce; styles may be inline (React writes `style` attributes); images may come from any HTTPS host
 * (photos); the site frames only VK Video's and RuTube's players; nothing may frame the site.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { publicUrl, development }: SecurityHeadersOptions,
) {
  const { protocol, host } = new URL(publicUrl);
  const https = protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${host}`;
  const policy = policyTemplate({
    reportOnly: development,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", SCRIPTS_MARK],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The clinic map's renderer runs its workers from blob: URLs.
      workerSrc: ["'self'", 'blob:'],
      childSrc: ["'self'", 'blob:'],
      // Frames: only the clinic gallery's videos, from the two hosts it accepts (core/clinic/video.ts).
      frameSrc: [...VIDEO_EMBED_ORIGINS],
      fontSrc: ["'self'"],
      // 'self' covers same-origin websockets in current browsers; older ones need the scheme.
      connectSrc: ["'self'", socketOrigin, ...(development ? ['ws:'] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  });
  const headers = {
    ...helmetHeaders({
      // Written below from the policy helmet serialized once (`policyTemplate`).
      contentSecurityPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Only a site served over HTTPS may promise browsers to stay on it; its subdomains are
      // not ours to promise for.
      strictTransportSecurity:
        https && !development ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    reply.header(policy.name, policy.allowingScripts(`'nonce-${cspNonce(reply)}'`));
    done();
  });
}
