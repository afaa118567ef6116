import type { CallRequestCreated } from '../../../core/auth/contracts';
import { AUTH_LIMITS } from '../../../core/auth/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Providers } from '../../providers';
import { type EventBus, TOPICS } from '../../realtime/bus';
import {
  clientOrFail,
  isStaffPhone,
  isUuid,
  phoneOrFail,
  type RequestContext,
  refuseDeleting,
} from './checks';
import type { CodeStore } from './codes';
import { authFailure } from './failures';
import type { AuthRateLimits } from './rate-limits';
import { type AuthEvent, type AuthRepo, inAuthTransaction } from './repo';

export type CallIn = ReturnType<typeof createCallIn>;

export type CallState = 'waiting' | 'confirmed' | 'finished' | 'expired';

/**
 * Call-in sign-in: the patient calls a toll-free number from the phone being confirmed; the
 * provider recognises the caller, and the waiting page (polling, or told by the websocket)
 * then gets an authorization code. A request lives 15 minutes.
 */
export function createCallIn({
  db,
  repo,
  clock,
  providers,
  limits,
  codes,
  audit,
  clientIds,
  bus,
}: {
  db: Db;
  repo: AuthRepo;
  clock: Clock;
  providers: Providers;
  limits: AuthRateLimits;
  codes: CodeStore;
  audit: (event: AuthEvent) => Promise<void>;
  clientIds: readonly string[];
  bus: EventBus;
}) {
  /** Tells the socket waiting for this request (call-socket.ts), on any process. */
  const announce = (uuid: string, status: 'confirmed' | 'expired') =>
    bus.publish(TOPICS.callIn(uuid), { status });

  /** Where a call request stands, asking the provider while it waits; null for an unknown one. */
  async function callState(uuid: string): Promise<CallState | null> {
    if (!isUuid(uuid)) return null;
    const row = await repo.callRequest(uuid);
    if (!row) return null;
    if (row.status !== 'waiting') return row.status;
    if (row.expiresAt <= clock.now()) {
      if (await repo.markCallExpired(uuid)) await announce(uuid, 'expired');
      return 'expired';
    }
    const status = await providers.callIn.status(row.checkId);
    if (status === 'confirmed') {
      if (await repo.markCallConfirmed(uuid, clock.now())) {
        await audit({ kind: 'call_confirmed', phone: row.phone });
        await announce(uuid, 'confirmed');
      }
      return 'confirmed';
    }
    if (status === 'expired') {
      if (await repo.markCallExpired(uuid)) await announce(uuid, 'expired');
      return 'expired';
    }
    return 'waiting';
  }

  return {
    callState,

    /**
     * The provider says the call of this check came (its callback, or the dev outbox's ring):
     * the request is confirmed and its socket told, whichever process the socket is on.
     */
    async confirmCallCheck(checkId: string): Promise<void> {
      const row = await repo.callRequestByCheck(checkId);
      if (row) await callState(row.id);
    },

    /** A call request counts against the same limits as a code. */
    async createCallRequest(input: {
      phone: string | null;
      ctx: RequestContext;
    }): Promise<CallRequestCreated> {
      const phone = phoneOrFail(input.phone);
      // Staff sign in by SMS only: their phone is refused a call-in check.
      if (isStaffPhone(await refuseDeleting(repo, phone))) throw authFailure(403, 'sms_only');
      await limits.admitRequest(phone, input.ctx);
      const check = await providers.callIn.createCheck(phone);
      const now = clock.now();
      const uuid = await repo.insertCallRequest({
        phone,
        provider: providers.callIn.name,
        checkId: check.checkId,
        callPhone: check.callPhone,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.callRequestTtlMs),
      });
      await audit({ kind: 'call_requested', phone, ip: input.ctx.ip, userAgent: input.ctx.userAgent });
      return { uuid, call_phone: check.callPhone };
    },

    /** The authorization code once the call came (once only), or `waiting`; 404 obsolete otherwise. */
    async finishCallRequest(input: {
      phone: string | null;
      uuid: string | null;
      clientId: string | null;
      ctx: RequestContext;
    }): Promise<{ authorization_code: string } | { status: 'waiting' }> {
      const phone = phoneOrFail(input.phone);
      const clientId = clientOrFail(input.clientId, clientIds);
      if (typeof input.uuid !== 'string') throw authFailure(400, 'error_fields');
      const row = isUuid(input.uuid) ? await repo.callRequest(input.uuid) : null;
      if (!row || row.phone !== phone) throw authFailure(404, 'obsolete');
      const state = await callState(row.id);
      if (state === 'waiting') return { status: 'waiting' };
      const code =
        state === 'confirmed'
          ? await inAuthTransaction(db, async (r) => {
              if (!(await r.finishCall(row.id))) return null;
              await r.audit(
                { kind: 'code_confirmed', phone, ip: input.ctx.ip, detail: { method: 'call_in' } },
                clock.now(),
              );
              return codes.issueAuthorizationCode(r, phone, clientId);
            })
          : null;
      if (!code) throw authFailure(404, 'obsolete');
      return { authorization_code: code };
    },
  };
}
