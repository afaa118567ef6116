import type { CallRequestCreated } from '../../../core/auth/contracts';
import { AUTH_LIMITS } from '../../../core/auth/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Providers } from '../../providers';
import { clientOrFail, isUuid, phoneOrFail, type RequestContext, refuseDeleting } from './checks';
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
}: {
  db: Db;
  repo: AuthRepo;
  clock: Clock;
  providers: Providers;
  limits: AuthRateLimits;
  codes: CodeStore;
  audit: (event: AuthEvent) => Promise<void>;
  clientIds: readonly string[];
}) {
  /** Where a call request stands, asking the provider while it waits; null for an unknown one. */
  async function callState(uuid: string): Promise<CallState | null> {
    if (!isUuid(uuid)) return null;
    const row = await repo.callRequest(uuid);
    if (!row) return null;
    if (row.status !== 'waiting') return row.status;
    if (row.expiresAt <= clock.now()) {
      await repo.markCallExpired(uuid);
      return 'expired';
    }
    const status = await providers.callIn.status(row.checkId);
    if (status === 'confirmed') {
      if (await repo.markCallConfirmed(uuid, clock.now()))
        await audit({ kind: 'call_confirmed', phone: row.phone });
      return 'confirmed';
    }
    if (status === 'expired') {
      await repo.markCallExpired(uuid);
      return 'expired';
    }
    return 'waiting';
  }

  return {
    callState,

    /** A call request counts against the same limits as a code. */
    async createCallRequest(input: {
      phone: string | null;
      ctx: RequestContext;
    }): Promise<CallRequestCreated> {
      const phone = phoneOrFail(input.phone);
      await refuseDeleting(repo, phone);
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
