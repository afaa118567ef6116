import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConfirmationMethod } from '../../../core/auth/errors';
import {
  AUTH_LIMITS,
  DAY_MS,
  HOUR_MS,
  type parsePrefixCaps,
  prefixCap,
  waitingSeconds,
} from '../../../core/auth/limits';
import { parsePhoneDigits, phonePrefix } from '../../../core/auth/phone';
import type { RateLimitStore } from '../../cache/rate-limit';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { Providers } from '../../providers';
import { type AuthEvent, type AuthRepo, type CodePurpose, createAuthRepo, inAuthTransaction } from './repo';
import type { SessionService } from './sessions';
import type { SessionViewer } from './viewer';

/**
 * A refusal of phone confirmation: `code` is the spec's error key (section 8); the routes word it
 * for their flow. `waitingTime` (seconds) comes with error_limit when the wait is known.
 */
export class AuthFailure extends Error {
  /** The method of the code that failed a check: flow B words 'error_code' by it. */
  method?: ConfirmationMethod;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly waitingTime?: number,
  ) {
    super(code);
  }
}

const fail = (status: number, code: string, waitingTime?: number) =>
  new AuthFailure(status, code, waitingTime);

export interface RequestContext {
  ip: string;
  userAgent?: string;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  providers: Providers;
  limits: RateLimitStore;
  sessions: SessionService;
  /** Keys the codes' HMAC; a leaked table of hashes is useless without it. */
  secret: string;
  prefixCaps: ReturnType<typeof parsePrefixCaps>;
  /** Clients allowed to exchange codes (`client_id`). */
  clientIds: readonly string[];
  log?: { warn(obj: object, msg: string): void };
}

export type CodeRequestResult = {
  code: ConfirmationMethod;
  service_id: string | null;
  attempts_exceeded: boolean;
};

/**
 * Phone confirmation and sign-in (spec section 4 'Phone authentication', issue 5 'Security'):
 * random codes kept as HMACs, five minutes long, five tries each; per-phone, per-IP and
 * per-country limits; one-time authorization codes exchanged for a server-side session.
 * No reply depends on whether an account exists for the phone.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { clock, providers, limits, sessions, secret } = deps;
  const repo = createAuthRepo(deps.db);
  const write = <T>(fn: (r: AuthRepo, tx: DbTx) => Promise<T>) => inAuthTransaction(deps.db, fn);

  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const sameHash = (a: string, b: string) => {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const audit = (event: AuthEvent) => repo.audit(event, clock.now());

  function phoneOrFail(raw: unknown): string {
    if (typeof raw !== 'string' || !parsePhoneDigits(raw)) throw fail(400, 'invalid');
    return raw;
  }

  async function lockedOut(phone: string): Promise<boolean> {
    const wrong = await limits.peek(`wrong:${phone}`);
    return wrong.count >= AUTH_LIMITS.wrongChecksPerPhonePerDay;
  }

  /**
   * Counts a request for a code (or a call) against every limit, in order; the first one
   * exceeded refuses it. Counters are hit, not peeked, so concurrent requests cannot slip past.
   */
  async function admitRequest(phone: string, ctx: RequestContext): Promise<{ hourCount: number }> {
    if (await lockedOut(phone)) throw fail(429, 'too_many_requests');
    const resend = await limits.hit(`resend:${phone}`, AUTH_LIMITS.resendWaitMs);
    if (resend.count > 1) throw fail(429, 'error_limit', waitingSeconds(resend.resetMs));
    const ip = await limits.hit(`req-ip:${ctx.ip}`, HOUR_MS);
    if (ip.count > AUTH_LIMITS.requestsPerIpPerHour)
      throw fail(429, 'error_limit', waitingSeconds(ip.resetMs));
    const day = await limits.hit(`req-day:${phone}`, DAY_MS);
    if (day.count > AUTH_LIMITS.requestsPerPhonePerDay) throw fail(429, 'error_limit_total');
    const hour = await limits.hit(`req-hour:${phone}`, HOUR_MS);
    if (hour.count > AUTH_LIMITS.requestsPerPhonePerHour)
      throw fail(429, 'error_limit', waitingSeconds(hour.resetMs));
    const prefix = phonePrefix(phone);
    const cap = await limits.hit(`prefix-day:${prefix}`, DAY_MS);
    if (cap.count > prefixCap(prefix, deps.prefixCaps)) {
      await audit({ kind: 'prefix_cap', phone, ip: ctx.ip, detail: { prefix } });
      throw fail(429, 'error_limit_total');
    }
    return { hourCount: hour.count };
  }

  async function refuseDeleting(phone: string) {
    const user = await repo.userByPhone(phone);
    if (user?.deletingSince) throw fail(403, 'deleting_in_progress');
  }

  async function send(phone: string, method: ConfirmationMethod, ctx: RequestContext): Promise<string> {
    if (method === 'call') {
      const { code } = await providers.flashCall.call(phone, { ip: ctx.ip });
      if (!/^\d{4}$/.test(code)) throw new Error(`flash call provider gave a bad code for ${phone}`);
      return code;
    }
    const code = String(randomInt(0, 10 ** AUTH_LIMITS.codeLength)).padStart(AUTH_LIMITS.codeLength, '0');
    const text = `Код для входа на ПроДокторов: ${code}. Никому его не сообщайте.`;
    if (method === 'vk') {
      if (!providers.vk) throw new Error('VK confirmation is off');
      await providers.vk.sendCode(phone, text);
    } else {
      await providers.sms.send(phone, text);
    }
    return code;
  }

  /** Sends a code, falling back from a failed flash call to an SMS. */
  async function sendWithFallback(phone: string, method: ConfirmationMethod, ctx: RequestContext) {
    try {
      return { method, code: await send(phone, method, ctx) };
    } catch (err) {
      if (method !== 'call') throw err;
      deps.log?.warn({ err, phone }, 'flash call failed; sending an SMS instead');
      return { method: 'sms' as const, code: await send(phone, 'sms', ctx) };
    }
  }

  /** Stores a sent code and audits it, in one transaction. */
  async function storeCode(
    phone: string,
    purpose: CodePurpose,
    method: ConfirmationMethod,
    code: string,
    ctx: RequestContext,
    userId: number | null = null,
  ) {
    const id = randomUUID();
    const now = clock.now();
    await write(async (r) => {
      await r.insertCode({
        id,
        phone,
        purpose,
        method,
        codeHash: hmac(`${id}:${code}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.codeTtlMs),
        ip: ctx.ip,
      });
      await r.audit(
        {
          kind: 'code_sent',
          phone,
          userId,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          detail: { method, purpose },
        },
        now,
      );
    });
    return id;
  }

  async function issueAuthorizationCode(r: AuthRepo, phone: string, clientId: string): Promise<string> {
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
  }

  function clientOrFail(clientId: unknown): string {
    if (typeof clientId !== 'string' || !deps.clientIds.includes(clientId)) throw fail(400, 'error_fields');
    return clientId;
  }

  /**
   * Checks a code: one try is reserved atomically before comparing, so parallel guesses never
   * exceed five per code. A right code is spent and `onSuccess` runs in the same transaction
   * (one commit per check); every failure counts against the phone's daily budget.
   */
  async function checkCode<T>(
    input: {
      phone: string;
      code: unknown;
      serviceId: string | null;
      purpose: CodePurpose;
      ctx: RequestContext;
    },
    onSuccess: (r: AuthRepo, tx: DbTx, method: ConfirmationMethod) => Promise<T>,
  ): Promise<T> {
    const { phone, purpose, ctx } = input;
    if (typeof input.code !== 'string' || !/^\d{4}$/.test(input.code)) throw fail(400, 'error_fields');
    if (await lockedOut(phone)) throw fail(429, 'too_many_requests');
    const ipChecks = await limits.hit(`check-ip:${ctx.ip}`, HOUR_MS);
    if (ipChecks.count > AUTH_LIMITS.checksPerIpPerHour) throw fail(429, 'too_many_requests');

    const rejected = (failure: AuthFailure, method: ConfirmationMethod | null): AuthEvent => {
      if (method) failure.method = method;
      return {
        kind: 'code_rejected',
        phone,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { reason: failure.code, method },
      };
    };
    /** After the failure is stored: the phone's daily budget, and its lock when spent. */
    const counted = async (failure: AuthFailure) => {
      const count = await limits.hit(`wrong:${phone}`, DAY_MS);
      if (count.count === AUTH_LIMITS.wrongChecksPerPhonePerDay)
        await audit({ kind: 'phone_locked', phone, ip: ctx.ip, detail: { for: 'day' } });
      return failure;
    };

    const now = clock.now();
    const live = await repo.liveCode(phone, purpose, now, input.serviceId);
    if (!live || live.wrongAttempts >= AUTH_LIMITS.wrongTriesPerCode) {
      const failure = live ? fail(429, 'attempts_out') : fail(404, 'obsolete');
      await audit(rejected(failure, live ? live.method : await repo.latestMethod(phone, purpose)));
      throw await counted(failure);
    }
    const outcome = await write(async (r, tx): Promise<{ ok: T } | { failure: AuthFailure }> => {
      const reserved = await r.reserveTry(live.id, now);
      let failure: AuthFailure | null = null;
      if (!reserved) failure = fail(429, 'attempts_out');
      else if (!sameHash(reserved.codeHash, hmac(`${live.id}:${input.code}`)))
        failure =
          reserved.wrongAttempts >= AUTH_LIMITS.wrongTriesPerCode
            ? fail(429, 'attempts_out')
            : fail(400, 'error_code');
      else if (!(await r.spendCode(live.id, now))) failure = fail(404, 'obsolete');
      if (failure) {
        await r.audit(rejected(failure, live.method), now);
        return { failure };
      }
      await r.audit(
        {
          kind: 'code_confirmed',
          phone,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          detail: { method: live.method, purpose },
        },
        now,
      );
      return { ok: await onSuccess(r, tx, live.method) };
    });
    if ('failure' in outcome) throw await counted(outcome.failure);
    return outcome.ok;
  }

  return {
    /** POST /services/sso/confirmation/request/ (and phone_login: `smsOnly`). */
    async requestCode(input: {
      phone: unknown;
      confirmationFlow?: unknown;
      smsOnly?: boolean;
      viewer: SessionViewer;
      ctx: RequestContext;
    }): Promise<CodeRequestResult> {
      const phone = phoneOrFail(input.phone);
      if (
        input.confirmationFlow !== undefined &&
        input.confirmationFlow !== null &&
        input.confirmationFlow !== 'vk'
      )
        throw fail(400, 'error_fields');
      await refuseDeleting(phone);
      const wantsVk = input.confirmationFlow === 'vk' && !input.smsOnly && providers.vk !== null;
      if (wantsVk) {
        const vk = await limits.peek(`vk-day:${phone}`);
        if (vk.count >= AUTH_LIMITS.vkRequestsPerPhonePerDay)
          return { code: 'vk', service_id: null, attempts_exceeded: true };
      }
      const { hourCount } = await admitRequest(phone, input.ctx);
      let method: ConfirmationMethod = 'sms';
      if (wantsVk) {
        method = 'vk';
        await limits.hit(`vk-day:${phone}`, DAY_MS);
      } else if (!input.smsOnly && hourCount <= AUTH_LIMITS.callRequestsPerPhonePerHour) {
        method = 'call';
      }
      const sent = await sendWithFallback(phone, method, input.ctx);
      const serviceId = await storeCode(phone, 'sign_in', sent.method, sent.code, input.ctx);
      return { code: sent.method, service_id: serviceId, attempts_exceeded: false };
    },

    /** POST /services/sso/confirmation/confirm/: a right code gives a one-time authorization code. */
    async confirmCode(input: {
      phone: unknown;
      code: unknown;
      serviceId: unknown;
      clientId: unknown;
      viewer: SessionViewer;
      ctx: RequestContext;
    }): Promise<{ authorization_code: string; method: ConfirmationMethod }> {
      const phone = phoneOrFail(input.phone);
      const clientId = clientOrFail(input.clientId);
      if (!input.viewer.isAnonymous && input.viewer.userPhone === phone) throw fail(409, 'user_has_phone');
      const serviceId =
        typeof input.serviceId === 'string' && /^[0-9a-f-]{36}$/i.test(input.serviceId)
          ? input.serviceId
          : null;
      if (input.serviceId != null && serviceId === null) throw fail(400, 'error_fields');
      await refuseDeleting(phone);
      return checkCode(
        { phone, code: input.code, serviceId, purpose: 'sign_in', ctx: input.ctx },
        async (r, _tx, method) => ({
          authorization_code: await issueAuthorizationCode(r, phone, clientId),
          method,
        }),
      );
    },

    /** Login with an authorization code: the phone's account (created on first sign-in) gets a session. */
    async login(input: {
      authorizationCode: unknown;
      clientId: unknown;
      request: FastifyRequest;
      reply: FastifyReply;
    }) {
      const clientId = clientOrFail(input.clientId ?? deps.clientIds[0]);
      if (typeof input.authorizationCode !== 'string' || input.authorizationCode.length > 100)
        throw fail(400, 'obsolete');
      const codeHash = hmac(`auth:${input.authorizationCode}`);
      const { request, reply } = input;
      // One transaction: the code is spent only if the session exists, and it commits once.
      return write(async (r, tx) => {
        const now = clock.now();
        const phone = await r.spendAuthorizationCode(codeHash, clientId, now);
        if (!phone) throw fail(400, 'obsolete');
        if ((await r.userByPhone(phone))?.deletingSince) throw fail(403, 'deleting_in_progress');
        const userId = await r.signInUser(phone);
        const viewer = await sessions.start(request, reply, userId, tx);
        await r.audit(
          { kind: 'signed_in', phone, userId, ip: request.ip, userAgent: request.headers['user-agent'] },
          now,
        );
        return viewer;
      });
    },

    async logout(request: FastifyRequest, reply: FastifyReply) {
      const viewer = await request.viewer();
      await sessions.end(request, reply);
      if (!viewer.isAnonymous)
        await audit({ kind: 'signed_out', phone: viewer.userPhone, userId: viewer.userId, ip: request.ip });
    },

    /** POST /services/sso/calls/create_request/: the patient is to call the number the provider gave. */
    async createCallRequest(input: { phone: unknown; ctx: RequestContext }) {
      const phone = phoneOrFail(input.phone);
      await refuseDeleting(phone);
      await admitRequest(phone, input.ctx);
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

    /** Where a call request stands, asking the provider while it waits. */
    async callState(uuid: string): Promise<'waiting' | 'confirmed' | 'finished' | 'expired' | null> {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
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
    },

    /** POST /services/sso/calls/finish_request/: the authorization code once the call came. */
    async finishCallRequest(input: {
      phone: unknown;
      uuid: unknown;
      clientId: unknown;
      ctx: RequestContext;
    }) {
      const phone = phoneOrFail(input.phone);
      const clientId = clientOrFail(input.clientId);
      if (typeof input.uuid !== 'string') throw fail(400, 'error_fields');
      const row = /^[0-9a-f-]{36}$/i.test(input.uuid) ? await repo.callRequest(input.uuid) : null;
      if (!row || row.phone !== phone) throw fail(404, 'obsolete');
      const state = await this.callState(row.id);
      if (state === 'waiting') return { status: 'waiting' as const };
      const code =
        state === 'confirmed'
          ? await write(async (r) => {
              if (!(await r.finishCall(row.id))) return null;
              await r.audit(
                { kind: 'code_confirmed', phone, ip: input.ctx.ip, detail: { method: 'call_in' } },
                clock.now(),
              );
              return issueAuthorizationCode(r, phone, clientId);
            })
          : null;
      if (!code) throw fail(404, 'obsolete');
      return { authorization_code: code };
    },

    /**
     * Flow A: a code to a phone outside sign-in — staff confirming a patient's phone at the
     * desk, or a signed-in patient confirming a new phone for the profile. SMS only.
     */
    async requestFormCode(input: { phone: string; viewer: SessionViewer; ctx: RequestContext }) {
      const phone = phoneOrFail(input.phone);
      await admitRequest(phone, input.ctx);
      const purpose: CodePurpose = input.viewer.isStaff ? 'staff' : 'profile';
      const code = await send(phone, 'sms', input.ctx);
      await storeCode(phone, purpose, 'sms', code, input.ctx, input.viewer.userId);
    },

    /** Flow A, staff: the phone is confirmed for the desk's booking. */
    async confirmStaffCode(input: {
      phone: string;
      code: unknown;
      viewer: SessionViewer;
      ctx: RequestContext;
    }) {
      const phone = phoneOrFail(input.phone);
      await checkCode(
        { phone, code: input.code, serviceId: null, purpose: 'staff', ctx: input.ctx },
        async (r) => {
          const now = clock.now();
          await r.insertConfirmedPhone({
            phone,
            purpose: 'staff',
            confirmedBy: input.viewer.userId,
            confirmedAt: now,
          });
          await r.audit(
            { kind: 'staff_confirmed_phone', phone, userId: input.viewer.userId, ip: input.ctx.ip },
            now,
          );
        },
      );
    },

    /** Flow A, profile: a signed-in patient's newly confirmed phone becomes theirs. */
    async confirmProfileCode(input: {
      phone: string;
      code: unknown;
      viewer: SessionViewer;
      ctx: RequestContext;
    }) {
      const phone = phoneOrFail(input.phone);
      const userId = input.viewer.userId;
      if (userId === null) throw fail(403, 'forbidden');
      if (input.viewer.userPhone === phone) throw fail(409, 'user_has_phone');
      const changed = await checkCode(
        { phone, code: input.code, serviceId: null, purpose: 'profile', ctx: input.ctx },
        async (r) => {
          if (!(await r.setUserPhone(userId, phone))) return false;
          const now = clock.now();
          await r.insertConfirmedPhone({ phone, purpose: 'profile', confirmedBy: userId, confirmedAt: now });
          await r.audit({ kind: 'profile_phone_changed', phone, userId, ip: input.ctx.ip }, now);
          return true;
        },
      );
      if (!changed) throw fail(409, 'user_has_phone');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
