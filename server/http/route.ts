import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Call, CallShape } from '../../core/http/call';
import { ErrorBodySchema } from '../../core/http/contracts';

export type RequestPart = 'params' | 'query' | 'body';

/**
 * What a request failing its schema answers, per part: `{detail}` only replaces the fallback
 * text of a 400 (the schema's field messages still come first); `{status: 404, detail}` turns a
 * malformed id into the 'not found' it would meet anyway.
 */
export type InvalidRequest = Partial<
  Record<RequestPart, { detail: string } | { status: number; detail: string }>
>;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The zod schemas of one call (from core/<area>/contracts.ts); their types must fit the call's. */
export interface CallSchemas<S extends CallShape> {
  params?: z.ZodType<unknown, S['params']>;
  query?: z.ZodType<unknown, S['query']>;
  body?: z.ZodType<unknown, S['body']>;
  /** The 2xx reply: the DTO boundary, nothing else leaves (a row's other fields are dropped). */
  reply?: z.ZodType<S['reply']>;
  invalid?: InvalidRequest;
  /** Fastify route options besides the schema (bodyLimit, a scope's config…). */
  bodyLimit?: number;
}

export type CallRequest<X> = FastifyRequest<{
  Params: Out<X extends { params: infer P } ? P : undefined>;
  Querystring: Out<X extends { query: infer Q } ? Q : undefined>;
  Body: Out<X extends { body: infer B } ? B : undefined>;
}>;

/**
 * Serves one call: validates params, query and body with the call's schemas (a failure is a
 * 400 from the one error handler), and the reply with its reply schema. The handler returns
 * the reply, or sends something else itself (a 201, a file) through `reply`.
 *
 *   serve(app, createAppointment, { body: BookingBodySchema, reply: BookingCreatedSchema },
 *     async (request) => booking.create(await request.viewer(), request.body));
 */
export function serve<S extends CallShape, X extends CallSchemas<S>>(
  app: FastifyInstance,
  call: Call<S>,
  schemas: X,
  handler: (request: CallRequest<X>, reply: FastifyReply) => Promise<S['reply'] | FastifyReply>,
) {
  const { params, query, body, reply, invalid, bodyLimit } = schemas;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    bodyLimit,
    config: { invalid },
    schema: definedOnly({
      params,
      querystring: query,
      // A call with no body at all is checked as an empty object (the fields say what is missing).
      body: body ? z.preprocess((value) => value ?? {}, body) : undefined,
      response: reply ? { '2xx': reply, '4xx': ErrorBodySchema } : undefined,
    }),
    handler: handler as never,
  });
}

/** Fastify takes a key that is present but undefined for a schema that is missing (and warns). */
function definedOnly<T extends Record<string, unknown>>(schema: T): Partial<T> {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as Partial<T>;
}
