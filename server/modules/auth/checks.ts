import { parsePhoneDigits } from '../../../core/auth/phone';
import { authFailure } from './failures';
import type { AuthRepo } from './repo';

/** Where a request came from, for the limits and the audit. */
export interface RequestContext {
  /** The client's address, as the audit log records it. */
  ip: string;
  /** What the per-address limits count it by (server/security/client-address.ts). */
  addressKey: string;
  userAgent?: string;
}

/** The form of a code's id (service_id) and a call request's uuid. */
export const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

/** The phone, full digits with the country code, or 400 invalid. */
export function phoneOrFail(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || !parsePhoneDigits(raw)) throw authFailure(400, 'invalid');
  return raw;
}

/** A client allowed to exchange codes, or 400 error_fields. */
export function clientOrFail(clientId: string | null | undefined, clientIds: readonly string[]): string {
  if (typeof clientId !== 'string' || !clientIds.includes(clientId)) throw authFailure(400, 'error_fields');
  return clientId;
}

/** A phone whose old profile is being deleted cannot sign in until it is gone (403). */
export async function refuseDeleting(repo: AuthRepo, phone: string) {
  const user = await repo.userByPhone(phone);
  if (user?.deletingSince) throw authFailure(403, 'deleting_in_progress');
  return user;
}

/** Whether the phone is a staff account's: staff sign in by SMS only, never a call or VK. */
export const isStaffPhone = (user: { role: string } | null) => user?.role === 'staff';
