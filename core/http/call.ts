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
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What crosses the wire: path parameters, query, body (as sent) and the 2xx reply (as received). */
export interface CallShape {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  reply: unknown;
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
