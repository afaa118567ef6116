/**
 * A JSON call as both sides know it: its method, its path and the types that cross the wire.
 * Descriptors carry no zod, so a page that makes a call does not ship the validation library
 * (ADR 005); the server binds each descriptor to the zod schemas of `core/<area>/contracts.ts`
 * (`server/http/route.ts`), and the type checker holds the two together.
 *
 *   export const createAppointment = defineCall<{ body: BookingBody; reply: BookingCreated }>()(
 *     'POST', '/ajax/appointment/create/');
 *   api.send(createAppointment, { body });            // app/lib/api.ts
 */
import type { ErrorBody } from './contracts';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What crosses the wire: path parameters, query, body (as sent), the 2xx reply (as received) and,
 * for a call whose 4xx says more than `{detail, code, errors}`, that refusal's extra fields (a
 * booking's nearest free times, the visits an hours change would drop).
 */
export interface CallShape {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  reply: unknown;
  refusal?: object;
}

export interface Call<S extends CallShape = CallShape> {
  method: CallMethod;
  /** Fastify's syntax: '/ajax/appointment/:id/cancel/'. */
  path: string;
  /** Never set: only carries the shape's type. */
  readonly shape?: S;
}

export function defineCall<S extends CallShape>() {
  return (method: CallMethod, path: string): Call<S> => ({ method, path });
}

export type ShapeOf<C> = C extends Call<infer S> ? S : never;
export type ReplyOf<C> = ShapeOf<C>['reply'];
/**
 * The body of a call's 4xx: the common error body, with the fields its descriptor declares as
 * `refusal` where it declares them. They are optional here: a 400 from the body's schema, a 403
 * or a 429 of the same call carries only the common ones.
 */
export type RefusalOf<C> = ShapeOf<C> extends { refusal: infer R } ? ErrorBody & Partial<R> : ErrorBody;

/** The path with its parameters filled in: ('/a/:id/b/', {id: 5}) → '/a/5/b/'. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from an object: arrays repeat the key, undefined and null are left out. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
