import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
// Zod's own messages in Russian for every schema the calls validate with.
import '../../core/http/zod-russian';
import { isDatabaseUnavailable, PG_ERRORS, pgErrorCode } from '../db/errors';
import { DomainError, serviceUnavailable } from './errors';
import { causeOf, logThrottle, OUTAGE_LOG_WINDOW_MS, rootCauseOf } from './log-throttle';
import type { InvalidRequest, RequestPart } from './route';

const SERVER_ERROR = 'Произошла ошибка';
const MALFORMED_FORM = 'Некорректные данные формы';
/** A row the call refers to went away (or came to be referred to) while it ran: a race, not a fault. */
const STALE = 'Данные только что изменились: обновите страницу и попробуйте снова';

/** The code of a refusal that came without one (Fastify's own 4xx): named by its status. */
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * The one place an error becomes a reply (ADR 007):
 * - a DomainError: its status and `{...extra, detail, code}`;
 * - a request that fails its call's schema: 400 `{detail, code: 'bad_request', errors}` with the
 *   schema's own messages (or what the call declared for that part: a bad id is often a 404);
 * - Fastify's own 4xx (a body too large, broken JSON): their status with a short detail;
 * - a multipart body that breaks while it is read, before the handler runs: 400 (the multipart
 *   parser's errors carry no status);
 * - a foreign key the database refused (a row deleted by a concurrent call, e.g. a price line
 *   removed while a patient books it): 409, logged as a warning;
 * - the database out of reach (closed, connections refused or cut): 503 with the product's reload
 *   text, logged once per cause a minute (every call fails alike during an outage);
 * - anything else: logged, and a 500 that tells nothing of the inside.
 */
export function registerErrorHandler(app: FastifyInstance) {
  const outages = logThrottle({ windowMs: OUTAGE_LOG_WINDOW_MS });
  // The requests whose body was read and validated: their handler (or a later hook) runs.
  const bodyRead = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (request) => {
    bodyRead.add(request);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ ...error.extra, detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = partOf(error.validationContext);
      const declared = invalidOf(request)?.[part];
      if (declared && 'status' in declared && declared.status !== 400) {
        return reply.status(declared.status).send({ detail: declared.detail, code: 'not_found' });
      }
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = (issue.instancePath ?? '').split('/')[1] ?? '';
        if (key && !(key in errors)) errors[key] = issue.message ?? '';
      }
      const detail = Object.values(errors)[0] ?? declared?.detail ?? error.validation[0].message ?? '';
      return reply.status(400).send({ detail, code: 'bad_request', errors });
    }
    if (!error.statusCode && isMultipart(request) && !bodyRead.has(request)) {
      return reply.status(400).send({ detail: MALFORMED_FORM, code: 'bad_request' });
    }
    if (pgErrorCode(error) === PG_ERRORS.foreignKeyViolation) {
      request.log.warn({ err: error }, 'foreign key refused: a concurrent change');
      return reply.status(409).send({ detail: STALE, code: 'conflict' });
    }
    if (isDatabaseUnavailable(error)) {
      const { log, repeated } = outages(causeOf(rootCauseOf(error)));
      if (log) request.log.error({ err: error, ...(repeated ? { repeated } : {}) }, 'database unavailable');
      const refusal = serviceUnavailable();
      return reply.status(refusal.status).send({ detail: refusal.detail, code: refusal.code });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: SERVER_ERROR, code: 'server_error' });
    }
    return reply.status(status).send({ detail: error.message, code: CODES[status] ?? 'bad_request' });
  });
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

function partOf(context: string | undefined): RequestPart {
  return context === 'params' ? 'params' : context === 'querystring' ? 'query' : 'body';
}

function invalidOf(request: FastifyRequest): InvalidRequest | undefined {
  return (request.routeOptions.config as { invalid?: InvalidRequest } | undefined)?.invalid;
}
