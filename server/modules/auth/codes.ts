import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ConfirmationMethod } from '../../../core/auth/errors';
import { AUTH_LIMITS } from '../../../core/auth/limits';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { DomainError } from '../../http/errors';
import type { RequestContext } from './checks';
import { authFailure } from './failures';
import type { AuthRateLimits } from './rate-limits';
import { type AuthEvent, type AuthRepo, type CodePurpose, createAuthRepo, inAuthTransaction } from './repo';

export type CodeStore = ReturnType<typeof createCodeStore>;

/**
 * The codes themselves: random, kept only as HMACs (a leaked table is useless without the
 * secret), five minutes long, five tries each; and the one-time authorization codes a
 * confirmed phone gets to exchange for a session.
 */
export function createCodeStore({
  db,
  clock,
  secret,
  limits,
}: {
  db: Db;
  clock: Clock;
  /** Keys the codes' HMAC. */
  secret: string;
  limits: AuthRateLimits;
}) {
  const repo = createAuthRepo(db);
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const sameHash = (a: string, b: string) => {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  };

  return {
    /** Stores a sent code and audits it, in one transaction; answers its id (the service_id). */
    async store(
      input: {
        phone: string;
        purpose: CodePurpose;
        method: ConfirmationMethod;
        code: string;
        userId?: number | null;
      },
      ctx: RequestContext,
    ): Promise<string> {
      const { phone, purpose, method } = input;
      const id = randomUUID();
      const now = clock.now();
      await inAuthTransaction(db, async (r) => {
        await r.insertCode({
          id,
          phone,
          purpose,
          method,
          codeHash: hmac(`${id}:${input.code}`),
          createdAt: now,
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.codeTtlMs),
          ip: ctx.ip,
        });
        await r.audit(
          {
            kind: 'code_sent',
            phone,
            userId: input.userId ?? null,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            detail: { method, purpose },
          },
          now,
        );
      });
      return id;
    },

    /**
     * Checks a code: one try is reserved atomically before comparing, so parallel guesses never
     * exceed the code's tries. A right code is spent and `onSuccess` runs in the same
     * transaction (one commit per check). Every failure counts against its requester; only a
     * wrong guess at a live code counts against the phone, and a phone with too many of them
     * today is guarded, never locked: a sign-in check must then name its code (the service_id
     * only the requester of the code knows) and each code takes one try. Failures are worded
     * by the method of the code they concern.
     */
    async check<T>(
      input: {
        phone: string;
        code: string | null | undefined;
        serviceId: string | null;
        purpose: CodePurpose;
        ctx: RequestContext;
      },
      onSuccess: (r: AuthRepo, tx: DbTx, method: ConfirmationMethod) => Promise<T>,
    ): Promise<T> {
      const { phone, purpose, ctx } = input;
      const code = input.code;
      if (typeof code !== 'string' || !/^\d{4}$/.test(code)) throw authFailure(400, 'error_fields');
      await limits.admitCheck(phone, ctx);
      const guard = await limits.guardOf(phone);

      const rejected = (failure: DomainError, method: ConfirmationMethod | null): AuthEvent => ({
        kind: 'code_rejected',
        phone,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { reason: failure.code, method, guarded: guard.guarded },
      });
      /** After the failure is stored: the requester's budgets and, for a wrong guess, the phone's. */
      const counted = async (failure: DomainError, guessedLiveCode: boolean) => {
        await limits.countFailure(phone, ctx, { guessedLiveCode });
        return failure;
      };

      const now = clock.now();
      const unnamed = guard.guarded && purpose === 'sign_in' && input.serviceId === null;
      const live = unnamed ? null : await repo.liveCode(phone, purpose, now, input.serviceId);
      if (unnamed || !live || live.wrongAttempts >= guard.triesPerCode) {
        const method = live ? live.method : await repo.latestMethod(phone, purpose);
        const failure =
          unnamed || live ? authFailure(429, 'attempts_out') : authFailure(404, 'obsolete', { method });
        await repo.audit(rejected(failure, method), clock.now());
        throw await counted(failure, false);
      }
      const { method } = live;
      const outcome = await inAuthTransaction(
        db,
        async (r, tx): Promise<{ ok: T } | { failure: DomainError; guessed: boolean }> => {
          const reserved = await r.reserveTry(live.id, now, guard.triesPerCode);
          let failure: DomainError | null = null;
          const guessed = reserved !== null && !sameHash(reserved.codeHash, hmac(`${live.id}:${code}`));
          if (!reserved) failure = authFailure(429, 'attempts_out');
          else if (guessed)
            failure =
              reserved.wrongAttempts >= guard.triesPerCode
                ? authFailure(429, 'attempts_out')
                : authFailure(400, 'error_code', { method });
          else if (!(await r.spendCode(live.id, now))) failure = authFailure(404, 'obsolete', { method });
          if (failure) {
            await r.audit(rejected(failure, method), now);
            return { failure, guessed };
          }
          await r.audit(
            {
              kind: 'code_confirmed',
              phone,
              ip: ctx.ip,
              userAgent: ctx.userAgent,
              detail: { method, purpose },
            },
            now,
          );
          return { ok: await onSuccess(r, tx, method) };
        },
      );
      if ('failure' in outcome) throw await counted(outcome.failure, outcome.guessed);
      return outcome.ok;
    },

    /** A one-time authorization code for a confirmed phone, stored as its HMAC. */
    async issueAuthorizationCode(r: AuthRepo, phone: string, clientId: string): Promise<string> {
      const code = randomBytes(24).toString('base64url');
      const now = clock.now();
      await r.insertAuthorizationCode({
        codeHash: hmac(`auth:${code}`),
        phone,
        clientId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.authorizationCodeTtlMs),
      });
      return code;
    },

    /** The stored form of an authorization code, to spend it. */
    authorizationCodeHash: (code: string) => hmac(`auth:${code}`),
  };
}
