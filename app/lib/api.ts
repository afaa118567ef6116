/**
 * The one client for JSON calls (ADR 005). Every browser call goes through `api.send`: it fills
 * the path, adds the CSRF header to state-changing calls, sends JSON (or a form with files),
 * gives up after a timeout, and turns every failure into an ApiError with the text to show.
 *
 *   const { appointment } = await api.send(createAppointment, { body });
 *   try { … } catch (error) { if (isRefusal(createAppointment, error, 409)) offer(error.body.alternatives) }
 *
 * A form does not catch at all: `useCall(call)` (app/lib/use-call.ts) runs the call and keeps its
 * busy flag, its refusal (typed by the descriptor's `refusal`) and the message to show.
 *
 * Replies are typed by the call's contract and trusted as such: the server checks each reply
 * against its schema before it leaves, and the client does not ship zod to parse them again.
 */
import {
  type Call,
  callPath,
  queryString,
  type RefusalOf,
  type ReplyOf,
  type ShapeOf,
} from '../../core/http/call';
import type { ErrorBody } from '../../core/http/contracts';
import { SET_SESSION_PATH } from '../../core/http/set-session';
import { csrfToken } from './csrf';

export const CONNECTION_ERROR =
  'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.';
export const SERVER_ERROR = 'Ошибка. Попробуйте перезагрузить страницу.';
const DEFAULT_TIMEOUT_MS = 15_000;

/** Why a call failed: the server refused (`http`), no answer (`network`, `timeout`), or the caller gave up. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError<B extends ErrorBody = ErrorBody> extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The error body (`detail` is always there: the server's text, or ours for 5xx and no answer). */
    readonly body: B,
    /** The call that failed (its descriptor), so a refusal is read as that call's. */
    readonly call?: Call,
  ) {
    super(body.detail);
    this.name = 'ApiError';
  }

  get detail(): string {
    return this.body.detail;
  }

  get code(): string | undefined {
    return this.body.code;
  }
}

/** An ApiError, optionally of one of the given statuses. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}

/**
 * The server's refusal of this call (a 4xx or 5xx answer, of one of the given statuses if any),
 * with its body typed by the descriptor's `refusal`: no cast at the caller.
 */
export function isRefusal<C extends Call>(
  call: C,
  error: unknown,
  ...statuses: number[]
): error is ApiError<RefusalOf<C>> {
  return isApiError(error, ...statuses) && error.kind === 'http' && error.call === call;
}

/** A caller's abort is not a failure to show. */
export const isAborted = (error: unknown) => error instanceof ApiError && error.kind === 'aborted';

type Input<S> = (S extends { params: infer P } ? { params: P } : { params?: undefined }) &
  (S extends { query: infer Q } ? { query?: Q } : { query?: undefined }) &
  (S extends { body: infer B } ? { body: B | FormData } : { body?: undefined });

export interface SendOptions {
  signal?: AbortSignal;
  /** Milliseconds before giving up (15 s by default). */
  timeoutMs?: number;
  /** Still send while the page unloads (letting a held time go). */
  keepalive?: boolean;
}

export type CallInput<C> = Input<ShapeOf<C>> & SendOptions;

async function send<C extends Call>(call: C, input: CallInput<C>): Promise<ReplyOf<C>> {
  const {
    params,
    query,
    body,
    signal,
    keepalive,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & SendOptions;
  const url = callPath(call.path, params) + queryString(query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.method !== 'GET') headers['X-CSRFToken'] = csrfToken();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      credentials: 'same-origin',
      headers,
      body: payload,
      keepalive,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    if (signal?.aborted) throw new ApiError('aborted', 0, { detail: 'aborted' }, call);
    throw new ApiError(timeout.aborted ? 'timeout' : 'network', 0, { detail: CONNECTION_ERROR }, call);
  }
  const data = await readBody(response);
  if (response.ok) return data as ReplyOf<C>;
  const refusal = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const detail = response.status < 500 && typeof refusal.detail === 'string' ? refusal.detail : SERVER_ERROR;
  throw new ApiError('http', response.status, { ...refusal, detail }, call);
}

/** JSON when the server says so, else the text (a few calls answer an HTML fragment). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  try {
    const json = response.headers.get('content-type')?.includes('json');
    return json ? await response.json() : await response.text();
  } catch {
    return null;
  }
}

/**
 * A report that must outlive the page (sent as the tab hides): handed to the browser's beacon,
 * fire and forget, with the CSRF token in the form since a beacon carries no headers.
 */
function beacon<C extends Call>(call: C, fields: Record<string, string>): void {
  const form = new URLSearchParams({ ...fields, csrfmiddlewaretoken: csrfToken() });
  navigator.sendBeacon?.(callPath(call.path), form);
}

/**
 * The set-session call (core/http/set-session.ts): a page that came without the CSRF cookie (from
 * a shared cache, or after the visitor cleared his cookies) asks the server for it once, so that
 * the page's first state-changing call is not refused.
 */
function setSession(): void {
  if (csrfToken()) return;
  fetch(SET_SESSION_PATH, { method: 'OPTIONS', credentials: 'same-origin' }).catch(() => {});
}

export const api = { send, beacon, setSession };
