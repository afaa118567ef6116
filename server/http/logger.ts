import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { prettyStdout } from './pretty-log';

/**
 * The server's log options (pino through Fastify), used by server/main.ts and by tests with a
 * stream of their own. Logs never carry personal data:
 * - a failed query is logged with its SQL text, never its parameters (names, phones, birth
 *   dates, cancel tokens); the database's own message drops the value it quotes;
 * - a request is its method, path and query keys (values dropped: `?token=` links; tokens in
 *   paths too: `/club/card/…/`, `/waitlist/…/`), address and port; never its body, cookies or
 *   authorization headers (redacted should anything log them).
 */
export function loggerOptions({
  level,
  dev = false,
  stream,
}: {
  level: string;
  /** Development prints human-readable lines to stdout (production: JSON lines). */
  dev?: boolean;
  /** Where lines go instead of stdout (tests read them). */
  stream?: { write(line: string): void };
}): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
    // Fastify's 404 message names the raw URL ('Route GET:/waitlist/<token>/ not found').
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args;
        if (typeof first === 'string') return method.apply(this, [withoutSecretsIn(first), ...rest] as never);
        if (typeof rest[0] === 'string')
          return method.apply(this, [first, withoutSecretsIn(rest[0]), ...rest.slice(1)] as never);
        return method.apply(this, args);
      },
    },
    ...(stream ? { stream } : dev ? { stream: prettyStdout } : {}),
  };
}

/** What is never written even when a log call passes it by hand. */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body',
  'params',
  'err.params',
  '*.params',
];

/** How deep a chain of causes is followed. */
const MAX_CAUSES = 5;

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Paths whose next segment is a secret link's token: a club card's page (the card a patient
 * shows a clinic), a waitlist offer from an SMS (and its `.data` request). Whoever reads the
 * logs must not be able to open them.
 */
const SECRET_SEGMENT = /^(\/club\/card\/|\/waitlist\/)[^/?]+/i;

/** The request as logged: its query keys stay, their values do not; path tokens neither. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A log message that names a request's URL (Fastify's 'Route GET:/x not found'), the URL made safe. */
const withoutSecretsIn = (message: string) =>
  message.replace(
    /^(Route [A-Z]+:)(\S+)( not found)$/,
    (_, before, url, after) => `${before}${withoutSecrets(url)}${after}`,
  );

function withoutSecrets(url: string): string {
  return withoutQueryValues(url.replace(SECRET_SEGMENT, '$1…'));
}

function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${keys.join('&')}`;
}

/** An error of PostgreSQL (pg's DatabaseError, PGlite's) by its SQLSTATE and severity. */
function isDatabaseError(err: Error): err is Error & Record<string, unknown> & { code: string } {
  const e = err as Error & { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/**
 * The message an error may be logged with. A failed query's is its SQL text alone (Drizzle's
 * own message lists the parameters); a data exception's (SQLSTATE class 22, 'invalid input
 * syntax for type date: "…"') loses the quoted value.
 */
export function safeErrorMessage(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === 'string' ? err : 'non-error thrown';
  if (err instanceof DrizzleQueryError) return `Failed query: ${err.query}`;
  if (isDatabaseError(err) && err.code.startsWith('22')) return err.message.replace(/"[^"]*"/g, '"…"');
  return err.message;
}

/** The call sites of a stack, without its first line (which repeats the message). */
const frames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * An error as logged: type, safe message, code, status, stack and cause, nothing else (a
 * driver error also keeps where it happened: constraint, table, column). Drizzle's `params`
 * and the database's `detail` ('Key (phone)=(7999…) already exists') are left out.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: safeErrorMessage(err), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const message = safeErrorMessage(err);
  const type = err.constructor?.name || err.name;
  const out: LoggedError = { type, message, stack: `${type}: ${message}\n${frames(err.stack)}` };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (err instanceof DrizzleQueryError) out.query = err.query;
  if (isDatabaseError(err))
    for (const key of ['severity', 'constraint', 'table', 'column', 'routine'])
      if (typeof err[key] === 'string') out[key] = err[key];
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
