import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { unstorableText } from '../../core/http/contracts';

/**
 * The one text rule: a request whose query or body holds a NUL or a lone UTF-16 surrogate anywhere
 * (a value or a key, however deep) is a 400 `{detail, code, errors}` before any handler sees it,
 * since PostgreSQL stores neither in text or jsonb; in a path parameter it is a 404 (such a path
 * names nothing). Added by an `onRoute` hook on the root, so every route registered after it has
 * the rule, whatever its scope, as the last of its preValidation hooks: after the scope's own
 * (the CSRF check, the multipart parser that attaches a form's fields to the body) and before
 * its schema.
 *
 * Pages (`config.page`) aside: they only read, and answer with a page, not with JSON.
 */
export function registerTextRule(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if ((route.config as { page?: boolean } | undefined)?.page) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, refuseUnstorableText];
  });
}

const refuseUnstorableText: preValidationHookHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => {
  // A path that holds such text names nothing: the 404 any unknown id meets.
  if (unstorableText(request.params)) {
    reply.status(404).send({ detail: 'Не найдено', code: 'not_found' });
    return;
  }
  for (const part of [request.query, request.body]) {
    const refused = unstorableText(part);
    if (!refused) continue;
    const { field, detail } = refused;
    reply.status(400).send({ detail, code: 'bad_request', errors: field ? { [field]: detail } : {} });
    return;
  }
  done();
};
