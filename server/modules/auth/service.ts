import type { parsePrefixCaps } from '../../../core/auth/limits';
import type { RateLimitStore } from '../../cache/rate-limit';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Providers } from '../../providers';
import type { EventBus } from '../../realtime/bus';
import { createCallIn } from './call-in';
import { createCodeStore } from './codes';
import { createCodeDelivery } from './delivery';
import { createLogin } from './login';
import { createPhoneForms } from './phone-forms';
import { createAuthRateLimits } from './rate-limits';
import { type AuthEvent, createAuthRepo } from './repo';
import type { SessionService } from './sessions';
import { createSignInCodes } from './sign-in-codes';

export type { RequestContext } from './checks';

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
  /** Announces a call-in's outcome to the websocket waiting for it, on whichever process holds it. */
  bus: EventBus;
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Phone confirmation and sign-in (docs/product/sign-in.md), one use case per file: sign-in
 * codes, call-in, login and logout, and the site's own phone forms, over the shared code
 * store, delivery and limits. Every refusal is a DomainError (failures.ts).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, providers, clientIds } = deps;
  const repo = createAuthRepo(db);
  const audit = (event: AuthEvent) => repo.audit(event, clock.now());
  const limits = createAuthRateLimits({ limits: deps.limits, prefixCaps: deps.prefixCaps, audit });
  const codes = createCodeStore({ db, clock, secret: deps.secret, limits });
  const delivery = createCodeDelivery({ providers, log: deps.log });
  return {
    ...createSignInCodes({ repo, limits, codes, delivery, clientIds }),
    ...createCallIn({ db, repo, clock, providers, limits, codes, audit, clientIds, bus: deps.bus }),
    ...createLogin({ db, clock, sessions: deps.sessions, codes, audit, clientIds }),
    ...createPhoneForms({ clock, limits, codes, delivery }),
  };
}
