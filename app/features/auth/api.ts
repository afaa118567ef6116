/**
 * The browser's side of the auth API (spec section 7 'Authentication'). Every POST carries the
 * CSRF header from the csrftoken cookie; failures come back as a `CallFailure` — no answer at
 * all is `network` (the offline dialog), a 4xx/5xx keeps its status and the reply's code.
 */
import type { CallFailure, RequestReply } from '../../../core/auth/confirmation';
import type { Viewer } from '../../../core/auth/viewer';
import { csrfToken } from '../../lib/csrf';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; failure: CallFailure };

interface ErrorReply {
  code?: unknown;
  detail?: unknown;
  waiting_time?: unknown;
  phone?: { code?: unknown };
  secret_code?: { code?: unknown };
}

/** Flow B puts the key at the top; flow A nests it under the field. */
function failureOf(status: number, body: ErrorReply | null): CallFailure {
  const code = body?.code ?? body?.phone?.code ?? body?.secret_code?.code;
  return {
    kind: 'http',
    status,
    code: typeof code === 'string' ? code : undefined,
    detail: typeof body?.detail === 'string' ? body.detail : undefined,
    waitingTime: typeof body?.waiting_time === 'number' ? body.waiting_time : undefined,
  };
}

async function post<T>(url: string, body: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  const json = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) return { ok: false, failure: failureOf(res.status, json as ErrorReply | null) };
  return { ok: true, status: res.status, data: json as T };
}

export function requestCode(body: { phone: string; confirmation_flow?: 'vk' }) {
  return post<RequestReply>('/services/sso/confirmation/request/', body);
}

export function confirmCode(input: {
  phone: string;
  code: string;
  serviceId: string | null;
  clientId: string;
}) {
  return post<{ authorization_code: string }>(
    `/services/sso/confirmation/confirm/?client_id=${encodeURIComponent(input.clientId)}`,
    { phone: input.phone, code: input.code, service_id: input.serviceId, mobile_app: false },
  );
}

export function login(authorizationCode: string, clientId: string) {
  return post<{ user: Viewer }>('/api/auth/login/', {
    authorization_code: authorizationCode,
    client_id: clientId,
  });
}

/** pullAuth: who the session is now (compare with `needsReconfirmation`). */
export async function pullAuth(): Promise<ApiResult<{ user: Viewer }>> {
  try {
    const res = await fetch('/api/auth/pull/', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) return { ok: false, failure: failureOf(res.status, json as ErrorReply | null) };
    return { ok: true, status: res.status, data: json as { user: Viewer } };
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
}

export function logout() {
  return post<{ user: Viewer }>('/api/auth/logout/', {});
}

export function createCallRequest(phone: string) {
  return post<{ uuid: string; call_phone: string }>('/services/sso/calls/create_request/', { phone });
}

/** 200 with the authorization code once the call came; 202 `{status:'waiting'}` before. */
export function finishCallRequest(input: {
  phone: string;
  uuid: string;
  clientId: string;
  source: 'timer' | 'ws';
  elapsedMs: number;
}) {
  const query = new URLSearchParams({
    client_id: input.clientId,
    source: input.source,
    time: String(Math.round(input.elapsedMs)),
  });
  return post<{ authorization_code?: string; status?: string }>(
    `/services/sso/calls/finish_request/?${query}`,
    { phone: input.phone, uuid: input.uuid },
  );
}

/** The websocket that announces the call-in call; null where WebSocket is unavailable. */
export function callSocketUrl(uuid: string): string | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/phone_confirmation/call/${encodeURIComponent(uuid)}?subscribe-broadcast`;
}
