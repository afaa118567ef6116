import type { BookingFailureReason } from '../../../core/booking/form';
import { csrfToken } from '../../lib/csrf';

export interface OfferedSlot {
  day: string;
  time: string;
  duration: number;
  slot: string;
}

export type CreateResult =
  | { kind: 'booked'; url: string }
  | {
      kind: 'failed';
      title: string;
      reason: BookingFailureReason;
      detail: string;
      alternatives: OfferedSlot[];
    }
  | { kind: 'invalid'; detail: string; errors: Record<string, string> }
  | { kind: 'sign-in'; detail: string }
  | { kind: 'error'; detail: string };

export const CONNECTION_ERROR =
  'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.';
const SERVER_ERROR = 'Ошибка. Попробуйте перезагрузить страницу.';

async function post(url: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRFToken': csrfToken(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

async function json(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** POST /ajax/appointment/create/, each answer turned into what the form shows. */
export async function createAppointment(body: Record<string, unknown>): Promise<CreateResult> {
  const response = await post('/ajax/appointment/create/', body);
  if (!response) return { kind: 'error', detail: CONNECTION_ERROR };
  const data = await json(response);
  const detail = typeof data.detail === 'string' ? data.detail : SERVER_ERROR;
  if (response.ok) {
    const appointment = data.appointment as { url: string } | undefined;
    return appointment ? { kind: 'booked', url: appointment.url } : { kind: 'error', detail: SERVER_ERROR };
  }
  if (response.status === 409 && typeof data.reason === 'string')
    return {
      kind: 'failed',
      title: String(data.title),
      reason: data.reason as BookingFailureReason,
      detail,
      alternatives: (data.alternatives as OfferedSlot[]) ?? [],
    };
  if (response.status === 400)
    return { kind: 'invalid', detail, errors: (data.errors as Record<string, string>) ?? {} };
  if (response.status === 401) return { kind: 'sign-in', detail };
  return { kind: 'error', detail: response.status >= 500 ? SERVER_ERROR : detail };
}

/** POST /ajax/appointment/{id}/cancel/; null when it worked, else the reason to show. */
export async function cancelAppointment(id: number, token: string | null): Promise<string | null> {
  const response = await post(`/ajax/appointment/${id}/cancel/`, token ? { token } : {});
  if (!response) return CONNECTION_ERROR;
  if (response.ok) return null;
  const data = await json(response);
  return typeof data.detail === 'string' && response.status < 500 ? data.detail : SERVER_ERROR;
}

export type HoldResult =
  | { kind: 'held'; id: number; expiresAt: string }
  | Extract<CreateResult, { kind: 'failed' }>
  | { kind: 'error' };

/** POST /ajax/appointment/hold/: keeps the time while the patient fills the form. */
export async function holdSlot(body: {
  doctor_id?: number;
  service_id?: string;
  lpu_id: number;
  slot: string;
  type: string;
}): Promise<HoldResult> {
  const response = await post('/ajax/appointment/hold/', body);
  if (!response) return { kind: 'error' };
  const data = await json(response);
  if (response.status === 201 && typeof data.hold_id === 'number')
    return { kind: 'held', id: data.hold_id, expiresAt: String(data.expires_at) };
  if (response.status === 409 && typeof data.reason === 'string')
    return {
      kind: 'failed',
      title: String(data.title),
      reason: data.reason as BookingFailureReason,
      detail: String(data.detail),
      alternatives: (data.alternatives as OfferedSlot[]) ?? [],
    };
  // Anything else (signed out meanwhile, a server error): booking still works without a hold.
  return { kind: 'error' };
}

/** Lets the held time go; `keepalive` so it still goes out while the page unloads. */
export function releaseHold(id: number): void {
  void fetch(`/ajax/appointment/hold/${id}/release/`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'X-CSRFToken': csrfToken(), 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
}
